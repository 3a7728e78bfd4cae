#!/usr/bin/env node
// Market-data latency against "reading the same rows straight from D1": starts the worker
// under wrangler dev on its own port and throwaway state with BENCH_D1_BASELINE=true, loads a
// SAMPLE year, and runs each API request next to GET /_bench/d1 for the same rows (one query,
// D1's arrays as JSON), and the cached historical day next to the empty Hono route of
// `npm run bench` (bench/baseline). Each pair is measured in alternating rounds (API, then
// reference, ROUNDS times) so the load of a shared machine falls on both alike; the ratio
// reported is the median of the rounds' p50 ratios. `--write` also saves
// bench/notes/market-data-bench.md.
//
//   node scripts/market-data/bench.mjs [--write]     (BENCH_ROUNDS, BENCH_DURATION;
//   BENCH_ONLY=<text> measures only the pairs whose name contains it, e.g. BENCH_ONLY=cached)
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { alternate, median, p50Ratio, runTimed, sliceOf } from '../lib/pair.mjs'

const state = mkdtempSync(join(tmpdir(), 'md-bench-state-'))
process.env.WORKERS_STATE_DIR = state
const { service } = await import('../lib/services.mjs')
const { applyMigrations, startBaselineDev, startDev, waitHealthy } = await import('../lib/wrangler.mjs')
const { default: scenarios, paths, vars } = await import('../../bench/scenarios/market-data.mjs')

const PORT = 28789
const BASELINE_PORT = 28790
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const run = (opts) => runTimed(autocannon, { connections: 10, ...(opts.amount ? {} : { duration: DURATION }), ...opts })

/** The empty Hono route `npm run bench` compares every service with (bench/baseline). */
function startBaseline() {
  return startBaselineDev({ port: BASELINE_PORT, inspectorPort: BASELINE_PORT + 1000, persistTo: state })
}

let child
let baseline
try {
  await applyMigrations('market-data', { persistTo: state })
  child = startDev(service('market-data'), {
    port: PORT,
    inspectorPort: PORT + 1000,
    logFile: openSync(join(state, 'worker.log'), 'w'),
    persistTo: state,
    extraVars: { BENCH_D1_BASELINE: 'true', ...vars },
  })
  baseline = startBaseline()
  if (!(await waitHealthy(PORT, 90_000))) throw new Error(`worker did not start; see ${join(state, 'worker.log')}`)
  if (!(await waitHealthy(BASELINE_PORT, 90_000))) throw new Error('baseline worker did not start')
  const baseUrl = `http://127.0.0.1:${PORT}`
  const baselineUrl = `http://127.0.0.1:${BASELINE_PORT}`
  await scenarios({ baseUrl })

  const once = async (opts) => {
    const r = await run(opts)
    if (r.non2xx || r.errors) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`)
    return r
  }
  // Alternating rounds (scripts/lib/pair.mjs) after one warm-up of each.
  const measurePair = async (api, ref, opts) => {
    await run({ ...opts, url: api, amount: 30 })
    await run({ ...opts, url: ref, amount: 30 })
    const rounds = await alternate(
      once,
      { ...opts, url: api },
      { ...opts, url: ref },
      { rounds: ROUNDS, slice: sliceOf(opts, ROUNDS, DURATION) }
    )
    const pick = (side, k) => median(rounds.map((p) => p[side].latency[k]))
    const exact = (side) => Math.round(median(rounds.map((p) => p[side].exactP50)) * 10) / 10
    return {
      api: { p50: exact(0), p99: pick(0, 'p99'), rps: Math.round(median(rounds.map((p) => p[0].requests.average))) },
      ref: { p50: exact(1), p99: pick(1, 'p99') },
      p50Ratio: median(rounds.map(([a, d]) => p50Ratio(a, d))),
      p99Ratio: median(rounds.map(([a, d]) => a.latency.p99 / Math.max(d.latency.p99, 0.5))),
    }
  }
  const pairs = [
    ['cached historical day (JSON) vs the empty Hono route', baseUrl + paths.day, baselineUrl + '/', {}],
    ['one day (96 records), JSON vs D1 direct', baseUrl + paths.day, baseUrl + paths.d1Day, {}],
    ['one day, CSV vs D1 direct', baseUrl + paths.dayCsv, baseUrl + paths.d1Day, {}],
    ['one year (35,040 records), JSON vs D1 direct', baseUrl + paths.year, baseUrl + paths.d1Year, { amount: 120, connections: 4 }],
    ['one year, CSV vs D1 direct', baseUrl + paths.yearCsv, baseUrl + paths.d1Year, { amount: 120, connections: 4 }],
    [
      'one year, hourly means (PT60M) vs D1 direct',
      `${baseUrl + paths.year}&resolution=PT60M`,
      baseUrl + paths.d1Year,
      { amount: 120, connections: 4 },
    ],
  ]
  const lines = [
    '| request vs reference | API p50 ms | API p99 ms | reference p50 ms | reference p99 ms | p50 ratio | p99 ratio | API req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  const results = []
  const only = process.env.BENCH_ONLY
  for (const [name, api, ref, opts] of pairs) {
    if (only && !name.includes(only)) continue
    const m = await measurePair(api, ref, opts)
    results.push({ name, ...m })
    lines.push(
      `| ${name} | ${m.api.p50} | ${m.api.p99} | ${m.ref.p50} | ${m.ref.p99} | ${m.p50Ratio.toFixed(2)}× | ${m.p99Ratio.toFixed(2)}× | ${m.api.rps} |`
    )
  }
  const table = [
    `Market-data benchmark, ${new Date().toISOString()} (Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at the end, wrangler dev on loopback, local D1, KV and Cache API; on a shared machine every number here is noisy). ${ROUNDS} alternating rounds per pair; the values are medians over the rounds and the ratio is the median of the rounds' ratios. "D1 direct" is GET /_bench/d1: the same rows in one D1 query, sent as D1 returns them (arrays, no grid, no formatting, no streaming); "the empty Hono route" is bench/baseline, as in \`npm run bench\`. Day-ahead requests are anonymous (the scenario lifts the per-client limit); a settled day is answered from the Cache API after its first request. Data: a SAMPLE year of synthetic 2025 prices.`,
    '',
    ...lines,
  ].join('\n')
  console.log(table)
  if (process.argv.includes('--write')) {
    writeFileSync(
      'bench/notes/market-data-bench.md',
      `# Market-data benchmark\n\nRun with \`node scripts/market-data/bench.mjs --write\`.\n\n${table}\n`
    )
  }
} finally {
  for (const c of [baseline]) {
    try {
      if (c) process.kill(-c.pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
  if (child) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
  setTimeout(() => rmSync(state, { recursive: true, force: true }), 500)
}
