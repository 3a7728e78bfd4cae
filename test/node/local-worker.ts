import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { service } from '../../scripts/lib/services.mjs'
import { applyMigrations, startDev, waitHealthy } from '../../scripts/lib/wrangler.mjs'

/**
 * Starts one worker with `wrangler dev` on its own port and its own fresh state, for tests
 * that must talk to a running server (the CLI). Stop it with the returned function.
 * `extraVars` are added to the worker's dev vars (`--var`) for this run only, e.g. operator
 * settings a test needs; the defaults in wrangler.toml and services.mjs stay as they are.
 * `inspectorPort` defaults to port + 1000 (a caller confined to a port range passes its own).
 */
export async function startLocalWorker(
  name: string,
  port: number,
  extraVars: Record<string, string> = {},
  inspectorPort = port + 1000
): Promise<{ url: string; stop: () => void; persistTo: string }> {
  const persistTo = mkdtempSync(join(tmpdir(), `${name}-state-`))
  await applyMigrations(name, { persistTo })
  const log = join(persistTo, 'wrangler.log')
  const child: ChildProcess = startDev(service(name), {
    port,
    inspectorPort,
    logFile: openSync(log, 'w'),
    persistTo,
    extraVars,
  })
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // already stopped
    }
    rmSync(persistTo, { recursive: true, force: true })
  }
  if (!(await waitHealthy(port, 90_000))) {
    const tail = readFileSync(log, 'utf8').slice(-2000)
    stop()
    throw new Error(`${name} did not start on port ${port}:\n${tail}`)
  }
  return { url: `http://127.0.0.1:${port}`, stop, persistTo }
}

/**
 * fetch for a worker under `wrangler dev` while other tests run wrangler commands beside it:
 * the dev server can then hold one request unanswered while it reloads (seen in CI: a
 * /healthz that answered in startup waited 60 s a moment later). Each attempt gets
 * `timeoutMs`; a request that got no answer is sent once more. An answer, whatever its status,
 * is returned as it is.
 */
export async function fetchLocal(url: string, timeoutMs = 20_000): Promise<Response> {
  try {
    return await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  } catch {
    return fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  }
}
