import { spawn } from 'node:child_process'
import { openSync } from 'node:fs'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { PERSIST_DIR, DEV_VARS } from './services.mjs'

const require = createRequire(import.meta.url)
export const WRANGLER = require.resolve('wrangler/bin/wrangler.js')

/** Runs a wrangler command to completion; resolves with its output, rejects on failure. */
export function wrangler(args, { quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER, ...args], {
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => {
      out += d
      if (!quiet) process.stdout.write(d)
    })
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrangler ${args.join(' ')} failed (${code}):\n${err || out}`))
    )
  })
}

export function applyMigrations(name, { remote = false, persistTo = PERSIST_DIR } = {}) {
  return wrangler(['d1', 'migrations', 'apply', 'DB', '--env', name, ...(remote ? ['--remote'] : ['--local', '--persist-to', persistTo])])
}

/**
 * Starts `wrangler dev` for one worker; returns the child process (its own process group).
 * @param {{ name: string, port: number }} svc
 * @param {{ port?: number, inspectorPort?: number, logFile?: number, extraVars?: Record<string, string>, persistTo?: string, main?: string, extraArgs?: string[] }} [options]
 */
export function startDev(
  svc,
  { port = svc.port, inspectorPort, logFile, extraVars = {}, persistTo = PERSIST_DIR, main, extraArgs = [] } = {}
) {
  const vars = { ...DEV_VARS[svc.name], ...extraVars }
  const args = [
    WRANGLER,
    'dev',
    ...(main ? [main] : []),
    '--env',
    svc.name,
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(inspectorPort ?? port + 1000),
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
    ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ...extraArgs,
  ]
  return spawn(process.execPath, args, {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', logFile ?? 'inherit', logFile ?? 'inherit'],
    detached: true,
  })
}

/**
 * The empty Hono route every benchmark compares with (bench/baseline), under `wrangler dev` on
 * `port`; its output goes to baseline.log and baseline.err in `persistTo`.
 */
export function startBaselineDev({ port, inspectorPort, persistTo }) {
  const args = [
    WRANGLER,
    'dev',
    '-c',
    'bench/baseline/wrangler.toml',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(inspectorPort),
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
    '--log-level',
    'error',
  ]
  const log = (name) => openSync(join(persistTo, name), 'w')
  return spawn(process.execPath, args, { stdio: ['ignore', log('baseline.log'), log('baseline.err')], detached: true })
}

/** Polls `GET /healthz` until it answers 200 or the deadline passes. */
export async function waitHealthy(port, deadlineMs) {
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`)
      if (res.ok) return true
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return false
}
