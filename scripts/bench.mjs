#!/usr/bin/env node
// `npm run bench -- [service…]`: runs each service's scenarios (bench/scenarios/<name>.mjs)
// with autocannon against `wrangler dev` on loopback, next to an empty Hono route on the same
// runtime, and reports requests/s, p50 and p99 each as a ratio to that baseline measured in
// the same run, and the CPU time the worker's runtime spent per request beside the empty
// route's (scripts/bench/cpu-per-request.mjs). Results: bench/results/<service>.json and a
// Markdown table on stdout. `BENCH_PORTS=8871-8879` keeps every port it opens in that range.
// `npm run bench -- worst-case [service…]`: CPU of each service's pathological inputs.
// `npm run bench -- bundles [service…]`: each bundle before and after the size measures.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import autocannon from 'autocannon'
import { BENCH_VARS, SERVICES, service } from './lib/services.mjs'
import { applyMigrations, startBaselineDev, startDev, waitHealthy, wrangler } from './lib/wrangler.mjs'
import { runWorstCases, worstCaseTable } from './bench/worst-case.mjs'
import { cpuOverReference, cpuPerRequest } from './bench/cpu-per-request.mjs'
import { runtimeCpuMs } from './lib/cpu.mjs'
import { freePort } from './lib/ports.mjs'
import { bundleTable, measureBundle } from './bench/bundles.mjs'
import { alternate, median, p50Ratio, runTimed, sliceOf } from './lib/pair.mjs'

const require = createRequire(import.meta.url)
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** Alternating rounds of a scenario against the one it is compared with (`versus`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** Sequential requests per round of the CPU measurement (five rounds: BENCH_ROUNDS). */
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 20)
// A worker starting on a loaded machine (two cores, several benchmarks) can take over a minute.
const STARTUP_TIMEOUT_MS = Number(process.env.BENCH_STARTUP_TIMEOUT_S ?? 240) * 1000

const asked = process.argv.slice(2)
// `worst-case` is not a service: it runs every service's `worstCase` list (issue 13).
const worstCaseMode = asked.includes('worst-case')
// `bundles` is not a service either: every worker's bundle before and after the size measures (issue 24).
const bundlesMode = asked.includes('bundles')
// `table` measures nothing: it rewrites bench/results/latest.md from the result files there.
const tableMode = asked.includes('table')
const named = asked.filter((n) => n !== 'worst-case' && n !== 'bundles' && n !== 'table')
const names = named.length ? named : SERVICES.map((s) => s.name).filter((n) => bundlesMode || existsSync(`bench/scenarios/${n}.mjs`))
for (const n of names) service(n)

const state = mkdtempSync(join(tmpdir(), 'bench-state-'))
process.env.WORKERS_STATE_DIR = state
const children = []
const stopAll = () => {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
  rmSync(state, { recursive: true, force: true })
}
process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...(opts.amount ? {} : { duration: DURATION }), ...opts }, (err, res) =>
      err ? reject(err) : resolve(res)
    )
  })
}

function summary(res) {
  return {
    requests: res.requests.total,
    rps: Math.round(res.requests.average),
    p50_ms: res.latency.p50,
    p99_ms: res.latency.p99,
    non_2xx: res.non2xx,
    errors: res.errors + res.timeouts,
  }
}

function createKey(svc, plan) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), 'scripts/admin.ts', 'keys', 'create', '--service', svc, '--plan', plan, '--email', 'bench@example.com'],
      {
        env: { ...process.env, WORKERS_STATE_DIR: state },
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => (code === 0 ? resolve(out.trim().split('\n').pop()) : reject(new Error(err))))
  })
}

async function startBaseline(port) {
  const child = startBaselineDev({ port, inspectorPort: await freePort(), persistTo: state })
  children.push(child)
  if (!(await waitHealthy(port, STARTUP_TIMEOUT_MS))) throw new Error('baseline worker did not start')
  return { child, startup_cpu_ms: Math.round(runtimeCpuMs(child.pid)) }
}

/** The worker's deployable bundle, as `wrangler deploy --dry-run` builds it: bytes raw and gzipped. */
async function bundleSize(name) {
  const outdir = join(state, `bundle-${name}`)
  await wrangler(['deploy', '--dry-run', '--env', name, '--outdir', outdir])
  return measureBundle(outdir)
}

/**
 * The rows of each service in the committed bench/results/latest.md, main table first, then
 * the bundle table: a service this machine has no result file for, or only an older one than
 * the table shows, keeps the rows it had (result files are not committed, so a fresh clone
 * has none, and another machine's newer run is in the table only).
 */
function committedRows() {
  const kept = new Map()
  const file = 'bench/results/latest.md'
  if (!existsSync(file)) return kept
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const name = /^\| ([a-z-]+) \|/.exec(line)?.[1]
    if (!name || !SERVICES.some((s) => s.name === name)) continue
    const entry = kept.get(name) ?? { main: [], bundle: [] }
    // The main table's rows have ten or twelve cells (before and since the CPU columns), the bundle table's five.
    ;(line.split('|').length > 8 ? entry.main : entry.bundle).push(withCpuCells(line))
    kept.set(name, entry)
  }
  return kept
}

/** bench/results/latest.md: the newest result of every service, one table. */
function writeLatestTable() {
  const kept = committedRows()
  const rows = [
    '| service | measured | scenario | req/s | p50 ms | CPU ms/req, median (range) | CPU over empty route | p99 ms | req/s vs baseline | p50 vs baseline | p99 vs baseline | non-2xx |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  const results = new Map()
  for (const { name } of SERVICES) {
    const file = `bench/results/${name}.json`
    const r = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
    // The table's "measured" cell is the run's UTC minute, so string order is time order.
    const shown = kept.get(name)?.main[0]?.split('|')[2]?.trim().replace(/Z$/, '') ?? ''
    if (r && r.date.slice(0, 16) >= shown) results.set(name, r)
  }
  for (const { name } of SERVICES) {
    const r = results.get(name)
    if (!r) {
      rows.push(...(kept.get(name)?.main ?? []))
      continue
    }
    rows.push(
      `| ${name} | ${r.date.slice(0, 16)}Z | *baseline: empty Hono route* | ${r.baseline.rps} | ${r.baseline.p50_ms} | ${fmtCpu(r.baseline.cpu)} | 0 | ${r.baseline.p99_ms} | 1.00× | 1.00× | 1.00× | ${r.baseline.non_2xx} |`
    )
    for (const s of r.scenarios) {
      let ref = s.reference ? ` (p50 ${s.p50_overhead_ms >= 0 ? '+' : ''}${s.p50_overhead_ms} ms over the ${s.reference})` : ''
      if (s.versus) ref += ` (${versusNote(s)})`
      if (s.cpu_over_cpu_baseline) ref += ` (${cpuOverNote(s)})`
      rows.push(
        `| ${name} | | ${s.scenario}${ref} | ${s.rps} | ${s.p50_ms} | ${fmtCpu(s.cpu)} | ${fmtMs(s.cpu_over_baseline_ms)} | ${s.p99_ms} | ${fmtRatio(s.rps_vs_baseline)} | ${fmtRatio(s.p50_vs_baseline)} | ${fmtRatio(s.p99_vs_baseline)} | ${s.non_2xx} |`
      )
    }
  }
  const workers = [
    "| service | bundle (KiB) | gzip (KiB) | local start (ms) | start CPU (ms), empty route's | first request (ms) |",
    '|---|---:|---:|---:|---:|---:|',
  ]
  for (const { name } of SERVICES) {
    const r = results.get(name)
    if (!r) {
      workers.push(...(kept.get(name)?.bundle ?? []))
      continue
    }
    workers.push(
      `| ${name} | ${r.bundle?.raw_kib ?? 'n/a'} | ${r.bundle?.gzip_kib ?? 'n/a'} | ${r.startup_ms} | ${r.startup_cpu_ms ?? 'n/a'}, ${r.baseline_startup_cpu_ms ?? 'n/a'} | ${r.first_request_ms ?? 'n/a'} |`
    )
  }
  const intro =
    "Latest `npm run bench` result of each service (loopback, `wrangler dev`, autocannon; 2-core machine). Ratios compare each scenario with an empty Hono route on the same runtime, measured in the same run just before it. A scenario an issue judges against another says in brackets how it compares with it: the median p50 ratio of five alternating rounds, at the response times' own resolution. CPU: the user + system CPU time of the worker's own runtime process (workerd, read from /proc) per request, over five rounds of 20 sequential requests each, as the median and the range of the rounds; the empty route's, measured on its own workerd in the same run, is subtracted in the next column. A scenario with a CPU baseline (an authenticated request of the same service, e.g. the sds usage read, whose D1 and rate-limiter work locally runs in the same workerd) says in brackets its CPU less that request's: the median and range of five alternating rounds' differences."
  const startNote =
    "Local start: from launching `wrangler dev` until /healthz answers (bundling, runtime start, module load), the local stand-in for a cold start. Start CPU: the runtime's CPU (workerd, /proc) from its start to that first /healthz, beside the empty route's read the same way in the same run; the difference is the worker's compile and global scope (Cloudflare's startup limit is 1 s). First request: the first GET /openapi.json after that."
  writeFileSync('bench/results/latest.md', `${intro}\n\n${rows.join('\n')}\n\n${startNote}\n\n${workers.join('\n')}\n`)
}

/** "CPU 6.10 ms (5.20–7.00) over the usage scenario's 22.10, 5 alternating rounds" */
function cpuOverNote(s) {
  const c = s.cpu_over_cpu_baseline
  const failed = c.non_2xx ? `; ${c.non_2xx} answers in these rounds were not 2xx` : ''
  return `CPU ${fmtMs(c.median)} ms (${fmtMs(c.min)}–${fmtMs(c.max)}) over the "${s.cpu_baseline}" scenario's ${fmtMs(c.reference_median)}, median of ${c.rounds.length} alternating rounds${failed}`
}

/** "p50 1.43× the …, median of 5 alternating rounds (1.38–1.52×); target 1.5×: met" */
function versusNote(s) {
  const all = s.rounds.map((r) => r.p50).sort((m, n) => m - n)
  const what = s.versus === 'baseline' ? 'empty Hono route' : s.versus
  const range = `${fmtRatio(all[0])}–${fmtRatio(all.at(-1))}`
  const target = s.target ? `; target ${s.target}×: ${s.p50_vs_versus <= s.target ? 'met' : 'not met'}` : ''
  const failed = s.pair_non_2xx ? `; ${s.pair_non_2xx} answers in these rounds were not 2xx` : ''
  return `p50 ${fmtRatio(s.p50_vs_versus)} the ${what}, median of ${all.length} alternating rounds (${range})${target}${failed}`
}

const round2 = (x) => Math.round(x * 100) / 100
const fmtRatio = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : 'n/a')
const fmtMs = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a')
/** "68.21 (66.90–70.02)": the median of the CPU rounds and their range, in ms per request. */
const fmtCpu = (cpu) =>
  cpu ? `${fmtMs(cpu.median)} (${fmtMs(cpu.min)}–${fmtMs(cpu.max)})${cpu.non_2xx ? ` [${cpu.non_2xx} not 2xx]` : ''}` : 'n/a'

/** Cells of the CPU columns, inserted after p50 ms (index 5 of a row split on '|'). */
const CPU_AT = 6
/** A row of the tables from before the CPU columns existed, with them said to be missing. */
function withCpuCells(line) {
  const cells = line.split('|')
  // A main-table row of ten cells, or a bundle-table row of five (no start CPU yet).
  if (cells.length === 12) cells.splice(CPU_AT, 0, ' not measured ', ' n/a ')
  else if (cells.length === 7) cells.splice(5, 0, ' n/a ')
  return cells.join('|')
}

/** Starts one service under `wrangler dev` with its scenario file's vars; waits until healthy. */
async function startService(name) {
  const svc = service(name)
  const port = await freePort()
  await applyMigrations(name, { persistTo: state })
  const started = Date.now()
  // A scenario file may export `vars` for the worker it measures (e.g. a higher per-key limit).
  const scenarioModule = await import(`../bench/scenarios/${name}.mjs`)
  const extraVars = { ...BENCH_VARS[name], ...scenarioModule.vars }
  const child = startDev(svc, {
    port,
    inspectorPort: await freePort(),
    extraVars,
    main: scenarioModule.main,
    logFile: openSync(join(state, `${name}.log`), 'w'),
    persistTo: state,
  })
  children.push(child)
  if (!(await waitHealthy(port, STARTUP_TIMEOUT_MS))) throw new Error(`${name} did not start; see ${join(state, `${name}.log`)}`)
  // The runtime's CPU from its start to the first /healthz: its own boot, the worker's compile
  // and global scope (Cloudflare allows 1 s of startup), one small request; less the empty
  // route's, read the same way, it is the worker's startup cost.
  return { port, child, scenarioModule, startup_ms: Date.now() - started, startup_cpu_ms: Math.round(runtimeCpuMs(child.pid)) }
}

async function worstCases() {
  const date = new Date().toISOString()
  const rows = []
  for (const name of names) {
    const probe = await import(`../bench/scenarios/${name}.mjs`)
    if (!probe.worstCase) continue
    const { port, child, scenarioModule } = await startService(name)
    const baseUrl = `http://127.0.0.1:${port}`
    const list =
      typeof scenarioModule.worstCase === 'function' ? await scenarioModule.worstCase({ baseUrl, createKey }) : scenarioModule.worstCase
    rows.push(...(await runWorstCases({ name, baseUrl, rootPid: child.pid, cases: list })))
    process.kill(-child.pid, 'SIGTERM')
  }
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/worst-case.json', JSON.stringify({ date, node: process.version, rows }, null, 2) + '\n')
  // Rows of services not measured in this run stay, with the table saying when each was measured.
  const earlier = existsSync('bench/results/worst-case.md') ? readFileSync('bench/results/worst-case.md', 'utf8') : ''
  const measured = new Set(rows.map((r) => r.service))
  const kept = earlier
    .split('\n')
    .filter((line) => /^\| [a-z-]+ \|/.test(line) && !line.startsWith('| service') && !measured.has(line.split('|')[1].trim()))
  const table = worstCaseTable(rows, date, kept)
  writeFileSync('bench/results/worst-case.md', table)
  console.log(table)
}

/** What autocannon sends for a scenario; `requests` (its own format, e.g. with setupRequest) varies each request. */
function targetOf(s, baseUrl) {
  return { url: s.url ?? baseUrl + s.path, method: s.method ?? 'GET', headers: s.headers, body: s.body, requests: s.requests }
}

/**
 * A scenario and the one it is compared with, in ROUNDS alternating slices of its duration or
 * request count at its connections (scripts/lib/pair.mjs). The ratio reported is the median
 * of the rounds' p50 ratios, as in scripts/market-data/bench.mjs.
 */
async function measurePair(a, b, s) {
  const connections = s.connections ?? CONNECTIONS
  const timed = (opts) => runTimed(autocannon, opts)
  const pairs = await alternate(
    timed,
    { ...a, connections },
    { ...b, connections },
    { rounds: ROUNDS, slice: sliceOf(s, ROUNDS, DURATION) }
  )
  const rounds = pairs.map(([x, y]) => ({ p50: p50Ratio(x, y), p50_ms: [round2(x.exactP50), round2(y.exactP50)] }))
  // A refused or failed answer is timed like any other; the table says when the pair had any.
  const failed = pairs.reduce((n, [x, y]) => n + x.non2xx + y.non2xx + x.errors + y.errors, 0)
  return { p50_vs_versus: median(rounds.map((r) => r.p50)), rounds, pair_non_2xx: failed }
}

async function benchmarks() {
  const basePort = await freePort()
  const { child: baseChild, startup_cpu_ms: baseStartupCpu } = await startBaseline(basePort)
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    duration_s: DURATION,
    connections: CONNECTIONS,
    cpu: { rounds: ROUNDS, requests_per_round: CPU_REQUESTS },
    services: {},
  }
  const lines = [
    '| service | scenario | req/s | p50 ms | CPU ms/req | CPU over empty route | p99 ms | req/s vs baseline | p50 vs baseline | p99 vs baseline | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]

  for (const name of names) {
    const { port, child, scenarioModule, startup_ms, startup_cpu_ms } = await startService(name)
    // The first real request after start (the OpenAPI document is built on first use).
    const firstStarted = Date.now()
    await fetch(`http://127.0.0.1:${port}/openapi.json`).then((r) => r.arrayBuffer())
    const first_request_ms = Date.now() - firstStarted
    const bundle = await bundleSize(name)
    const baseUrl = `http://127.0.0.1:${port}`
    const list = await scenarioModule.default({ baseUrl, createKey })

    // The baseline is measured right before this service, under the same load settings.
    await run({ url: `http://127.0.0.1:${basePort}/`, duration: 2 })
    const baseline = summary(await run({ url: `http://127.0.0.1:${basePort}/` }))
    const cpuOf = (target, rootPid, s = {}) =>
      cpuPerRequest({ run, target, rootPid, rounds: ROUNDS, requests: s.cpuRequests ?? CPU_REQUESTS })
    baseline.cpu = await cpuOf({ url: `http://127.0.0.1:${basePort}/` }, baseChild.pid)
    const rows = []
    for (const s of list) {
      const target = targetOf(s, baseUrl)
      await run({ ...target, amount: Math.min(50, s.amount ?? 50) })
      // CPU first, while a scenario's key is as fresh as the throughput run's was before.
      const cpu = await cpuOf(target, child.pid, s)
      const r = summary(await run({ ...target, amount: s.amount, connections: s.connections ?? CONNECTIONS }))
      const row = {
        scenario: s.name,
        ...r,
        cpu,
        cpu_over_baseline_ms: Math.round((cpu.median - baseline.cpu.median) * 1000) / 1000,
        rps_vs_baseline: r.rps / baseline.rps,
        p50_vs_baseline: r.p50_ms / Math.max(baseline.p50_ms, 0.001),
        p99_vs_baseline: r.p99_ms / Math.max(baseline.p99_ms, 0.001),
      }
      rows.push(row)
      lines.push(
        `| ${name} | ${s.name} | ${r.rps} | ${r.p50_ms} | ${fmtCpu(cpu)} | ${fmtMs(row.cpu_over_baseline_ms)} | ${r.p99_ms} | ${fmtRatio(row.rps_vs_baseline)} | ${fmtRatio(row.p50_vs_baseline)} | ${fmtRatio(row.p99_vs_baseline)} | ${r.non_2xx} |`
      )
    }
    // A scenario may name another (or `baseline`, the empty route) it is to be compared with
    // (`versus`, an issue's target ratio): measured again in alternating rounds, below.
    for (const [i, s] of list.entries()) {
      if (!s.versus) continue
      const other = s.versus === 'baseline' ? { url: `http://127.0.0.1:${basePort}/` } : list.find((o) => o.name === s.versus)
      if (!other) throw new Error(`${name}: scenario "${s.name}" is compared with "${s.versus}", which is not in the list`)
      Object.assign(rows[i], await measurePair(targetOf(s, baseUrl), targetOf(other, baseUrl), s), { versus: s.versus, target: s.target })
    }
    // A scenario may name a cheaper one of the same service as its CPU baseline (`cpuBaseline`,
    // e.g. an authenticated GET): their CPU per request in alternating rounds, and the difference.
    for (const [i, s] of list.entries()) {
      if (!s.cpuBaseline) continue
      const other = list.find((o) => o.name === s.cpuBaseline)
      if (!other) throw new Error(`${name}: scenario "${s.name}" has the CPU baseline "${s.cpuBaseline}", which is not in the list`)
      const cpu = await cpuOverReference({
        run,
        target: targetOf(s, baseUrl),
        reference: targetOf(other, baseUrl),
        rootPid: child.pid,
        rounds: ROUNDS,
        requests: s.cpuRequests ?? CPU_REQUESTS,
      })
      Object.assign(rows[i], { cpu_baseline: s.cpuBaseline, cpu_over_cpu_baseline: cpu })
      lines.push(`| ${name} | ${s.name}: CPU over ${s.cpuBaseline} | | | ${cpuOverNote(rows[i])} | | | | | | |`)
    }
    // A scenario may name another as its reference (e.g. the raw upstream fetch it wraps).
    for (const [i, s] of list.entries()) {
      const ref = s.reference && rows.find((r) => r.scenario === s.reference)
      // Loopback fixtures answer in well under a millisecond, so the overhead in ms says more than a ratio.
      if (ref)
        Object.assign(rows[i], {
          reference: s.reference,
          p50_overhead_ms: rows[i].p50_ms - ref.p50_ms,
          p99_overhead_ms: rows[i].p99_ms - ref.p99_ms,
          p50_vs_reference: ref.p50_ms > 0 ? rows[i].p50_ms / ref.p50_ms : null,
        })
    }
    const result = {
      baseline,
      startup_ms,
      startup_cpu_ms,
      baseline_startup_cpu_ms: baseStartupCpu,
      first_request_ms,
      bundle,
      scenarios: rows,
    }
    results.services[name] = result
    mkdirSync('bench/results', { recursive: true })
    writeFileSync(`bench/results/${name}.json`, JSON.stringify({ date: results.date, node: results.node, ...result }, null, 2) + '\n')
    // The table after every service: a run stopped halfway keeps what it measured.
    writeLatestTable()
    // Each service is stopped once measured: the next one has the machine (and the ports) to itself.
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-child.pid, 'SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))])
    console.error(
      `${name}: baseline ${baseline.rps} req/s, p50 ${baseline.p50_ms} ms, CPU ${fmtCpu(baseline.cpu)} ms/req; local start ${startup_ms} ms, first request ${first_request_ms} ms; bundle ${bundle.raw_kib} KiB (${bundle.gzip_kib} KiB gzip)`
    )
  }
  writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n')
  console.log(
    [
      `Benchmarks ${results.date} (Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s per timed scenario).`,
      '',
      ...lines,
    ].join('\n')
  )
  writeLatestTable()
}

try {
  if (tableMode) writeLatestTable()
  else if (bundlesMode) console.log(await bundleTable(names))
  else await (worstCaseMode ? worstCases() : benchmarks())
} finally {
  stopAll()
}
