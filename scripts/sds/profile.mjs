#!/usr/bin/env node
// Where an SDS sheet's CPU goes (issue 39 §2): starts the sds worker under `wrangler dev`
// (unminified, so the profile keeps function names), sends warm-up requests, then records
// V8's sampling profiler over the inspector while N sheets are generated one at a time, and
// prints the self time per request by module of the bundle (esbuild marks each module with a
// `// path` comment) and the heaviest functions. Also reads the worker's startup: the time
// the runtime spent in the script's global scope, from the profile of a fresh isolate.
//
//   node scripts/sds/profile.mjs [us|eu] [identifier] [requests]
//   BENCH_PORTS=8871-8879 keeps the two ports it opens in that range; PROFILE_OUT=<file>
//   writes the .cpuprofile (open it in Chrome DevTools).
import { spawn } from 'node:child_process'
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { cpuMeter, spread, workerdPids } from '../lib/cpu.mjs'
import { freePort } from '../lib/ports.mjs'
import { service } from '../lib/services.mjs'
import { applyMigrations, startDev, waitHealthy } from '../lib/wrangler.mjs'

const require = createRequire(import.meta.url)
const [jurisdiction = 'us', identifier = jurisdiction === 'us' ? '67-64-1' : '50-00-0', count = '40'] = process.argv.slice(2)
const N = Number(count)

function createKey(state) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        require.resolve('tsx/cli'),
        'scripts/admin.ts',
        'keys',
        'create',
        '--service',
        'sds',
        '--plan',
        'enterprise',
        '--email',
        'p@example.com',
      ],
      { env: { ...process.env, WORKERS_STATE_DIR: state }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('close', (code) => (code === 0 ? resolve(out.trim().split('\n').pop()) : reject(new Error(`admin exited ${code}`))))
  })
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json()
  const target = targets.find((t) => /sds/.test(t.title ?? '') || /sds/.test(t.url ?? '')) ?? targets[0]
  const ws = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  let id = 0
  const pending = new Map()
  const scripts = []
  ws.on('message', (data) => {
    const msg = JSON.parse(data)
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id)
      pending.delete(msg.id)
      msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result)
    } else if (msg.method === 'Debugger.scriptParsed') scripts.push(msg.params)
  })
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      pending.set(++id, { resolve, reject })
      ws.send(JSON.stringify({ id, method, params }))
    })
  return { send, scripts, close: () => ws.close(), title: target.title }
}

/** Module boundaries of the bundle: the line of each `// path` comment esbuild writes. */
function moduleMap(source) {
  const marks = []
  source.split('\n').forEach((line, i) => {
    const m = /^\/\/ ((?:\.\.\/)*(?:node_modules|workers|shared|\.wrangler)[^\s]*)$/.exec(line)
    if (m) marks.push({ line: i, module: m[1].replace(/^(\.\.\/)+/, '') })
  })
  return (line) => {
    let lo = 0
    let hi = marks.length - 1
    let found = '(bundle prelude)'
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (marks[mid].line <= line) {
        found = marks[mid].module
        lo = mid + 1
      } else hi = mid - 1
    }
    return found
  }
}

/** Self time (ms) per node of a V8 profile. */
function selfTimes(profile) {
  const self = new Map()
  const dt = profile.timeDeltas
  for (let i = 0; i < profile.samples.length; i++)
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i + 1] ?? 0) / 1000)
  return self
}

function summarise(profile, moduleOf, scriptIds, per, lines) {
  const self = selfTimes(profile)
  const byModule = new Map()
  const byFunction = new Map()
  let total = 0
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0
    if (!ms) continue
    const f = node.callFrame
    const idle = f.functionName === '(idle)' || f.functionName === '(program)'
    if (f.functionName === '(idle)') continue
    total += ms
    const mod = scriptIds.has(f.scriptId)
      ? moduleOf(f.lineNumber)
      : idle
        ? '(program: runtime outside JS)'
        : f.url || `(${f.functionName || 'native'})`
    byModule.set(mod, (byModule.get(mod) ?? 0) + ms)
    const code = scriptIds.has(f.scriptId) ? lines[f.lineNumber]?.trim().slice(0, 70) : ''
    const fn = `${f.functionName || '(anonymous)'} ${mod} «${code}»`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${(v / per).toFixed(2).padStart(7)} ms  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
  return { total, text: [`per request, by module:`, ...top(byModule, 25), `per request, by function:`, ...top(byFunction, 30)].join('\n') }
}

const state = mkdtempSync(join(tmpdir(), 'sds-profile-'))
process.env.WORKERS_STATE_DIR = state
let child
async function main() {
  await applyMigrations('sds', { persistTo: state })
  const port = await freePort()
  const inspectorPort = await freePort()
  child = startDev(service('sds'), {
    port,
    inspectorPort,
    persistTo: state,
    extraVars: { RATE_LIMIT_PER_MINUTE: '1000000' },
    // Names and module comments kept: what the profile is read by.
    extraArgs: ['--minify=false'],
    logFile: openSync(join(state, 'sds.log'), 'w'),
  })
  if (!(await waitHealthy(port, 240_000))) throw new Error(`sds did not start; see ${join(state, 'sds.log')}`)
  const key = await createKey(state)
  const body = JSON.stringify({ chemical_identifier: identifier, response_format: 'base64', company_name: 'Profile Chemicals Ltd' })
  const sheet = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/sds/${jurisdiction}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body,
    })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`sheet: HTTP ${res.status}`)
  }
  for (let i = 0; i < 10; i++) await sheet()
  // The same key's usage read: authentication, the rate limiter and D1, without a sheet. Locally
  // D1 and the limiter's Durable Object run in the same workerd process, so their CPU is in
  // every figure; in production it is not the worker's.
  const usage = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`usage: HTTP ${res.status}`)
  }
  // CPU per request as the bench reads it (scripts/bench/cpu-per-request.mjs), without the
  // profiler, in alternating rounds so that the load of the moment falls on both alike.
  const start = cpuMeter(child.pid, workerdPids(child.pid))
  const rounds = { sheet: [], usage: [] }
  for (let r = 0; r < 5; r++) {
    for (const [name, send] of [
      ['sheet', sheet],
      ['usage', usage],
    ]) {
      const stop = start()
      for (let i = 0; i < 20; i++) await send()
      rounds[name].push(stop() / 20)
    }
  }
  const cpu = spread(rounds.sheet)
  const ref = spread(rounds.usage)
  const own = spread(rounds.sheet.map((x, i) => x - rounds.usage[i]))
  console.log(
    `${jurisdiction.toUpperCase()} sheet for ${identifier}: workerd CPU ${cpu.median.toFixed(2)} ms/request (${cpu.min.toFixed(2)}–${cpu.max.toFixed(2)}); usage read ${ref.median.toFixed(2)} (${ref.min.toFixed(2)}–${ref.max.toFixed(2)}); sheet less usage ${own.median.toFixed(2)} (${own.min.toFixed(2)}–${own.max.toFixed(2)}), 5 alternating rounds of 20`
  )
  if (process.env.PROFILE_CPU_ONLY) return

  const cdp = await inspector(inspectorPort)
  await cdp.send('Debugger.enable')
  await new Promise((r) => setTimeout(r, 500))
  // The worker's own script is the largest one the isolate parsed.
  const sizes = await Promise.all(
    cdp.scripts.map(async (s) => ({ s, source: (await cdp.send('Debugger.getScriptSource', { scriptId: s.scriptId })).scriptSource }))
  )
  const worker = sizes.sort((a, b) => b.source.length - a.source.length)[0]
  const moduleOf = moduleMap(worker.source)
  await cdp.send('Debugger.disable')
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  const started = performance.now()
  for (let i = 0; i < N; i++) await sheet()
  const wall = performance.now() - started
  const { profile } = await cdp.send('Profiler.stop')
  cdp.close()
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile))
  const { total, text } = summarise(profile, moduleOf, new Set([worker.s.scriptId]), N, worker.source.split('\n'))
  console.log(
    `${jurisdiction.toUpperCase()} sheet for ${identifier}: ${N} profiled requests, wall ${(wall / N).toFixed(1)} ms/request, profiled isolate CPU ${(total / N).toFixed(2)} ms/request (samples every 100 µs)\n${text}`
  )
}
try {
  await main()
} finally {
  if (child) process.kill(-child.pid, 'SIGTERM')
  rmSync(state, { recursive: true, force: true })
}
