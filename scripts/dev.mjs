#!/usr/bin/env node
// `npm start`: applies D1 migrations to the local state, then runs all six workers with
// `wrangler dev` on ports 8787–8792, state persisted under .wrangler/state. Ctrl-C stops all.
import { mkdirSync, openSync, readFileSync } from 'node:fs'
import { SERVICES } from './lib/services.mjs'
import { applyMigrations, startDev, waitHealthy } from './lib/wrangler.mjs'

const only = process.argv.slice(2)
const services = only.length ? SERVICES.filter((s) => only.includes(s.name)) : SERVICES
mkdirSync('.wrangler/logs', { recursive: true })

const started = Date.now()
console.log('Applying D1 migrations to local state…')
// One at a time: the local databases share Miniflare's state files, and parallel appliers
// can hit SQLITE_BUSY.
for (const s of services) await applyMigrations(s.name)

const children = []
function launch(svc) {
  const log = `.wrangler/logs/${svc.name}.log`
  const child = startDev(svc, { logFile: openSync(log, 'w') })
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`\n${svc.name} stopped (${signal ?? code}). Last lines of ${log}:\n` + tail(log))
  })
  children.push(child)
}

let stopping = false
function stop() {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(0), 1500).unref()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

// The first worker creates the state files every worker shares (on a fresh clone, six
// runtimes creating them at once can collide); the others then start together.
launch(services[0])
const firstReady = await waitHealthy(services[0].port, 90_000)
services.slice(1).forEach(launch)
const ready = [firstReady, ...(await Promise.all(services.slice(1).map((s) => waitHealthy(s.port, 90_000))))]
console.log(`\n  service                  url                       docs`)
services.forEach((s, i) => {
  const url = `http://localhost:${s.port}`
  console.log(`  ${s.title.padEnd(24)} ${url.padEnd(25)} ${ready[i] ? `${url}/docs` : 'NOT READY: see .wrangler/logs/' + s.name + '.log'}`)
})
console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s. Logs in .wrangler/logs/. Ctrl-C stops all.`)

function tail(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n')
  } catch {
    return '(no log)'
  }
}
