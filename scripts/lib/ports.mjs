// Ports for the benchmarks' `wrangler dev` processes. On a machine several people share, each
// may be given a range (`BENCH_PORTS=8871-8879`): a port is taken from it, never from outside.
import { createServer } from 'node:net'

const taken = new Set()

function listenable(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(null))
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address()
      server.close(() => resolve(bound))
    })
  })
}

/**
 * A port nothing listens on now: the first free one of BENCH_PORTS not handed out by this
 * process before (a port handed out may not be listened on yet), or any the system gives.
 */
export async function freePort() {
  const range = process.env.BENCH_PORTS
  if (!range) return listenable(0)
  const [from, to] = range.split('-').map(Number)
  if (!(from > 0 && to >= from)) throw new Error(`BENCH_PORTS must be like 8871-8879, not "${range}"`)
  // Ports of stopped services come back: a second pass reuses them once free, and a stopped
  // runtime may take some seconds to let go of its ports.
  const until = Date.now() + 60_000
  do {
    for (const fresh of [true, false]) {
      for (let port = from; port <= to; port++) {
        if (fresh && taken.has(port)) continue
        if ((await listenable(port)) !== null) {
          taken.add(port)
          return port
        }
      }
    }
    await new Promise((r) => setTimeout(r, 500))
  } while (Date.now() < until)
  throw new Error(`no free port in BENCH_PORTS ${range}`)
}
