#!/usr/bin/env node
// Market-data latency against "reading the same rows straight from D1": starts the worker
// under wrangler dev on its own port and throwaway state with BENCH_D1_BASELINE=true, loads a
// SAMPLE year, and runs each API request next to GET /_bench/d1 for the same rows (one query,
// D1's arrays as JSON). Prints p50/p99 and their ratios; `--write` also saves
// docs/market-data-bench.md.
//
//   node scripts/market-data/bench.mjs [--write]
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

const state = mkdtempSync(join(tmpdir(), 'md-bench-state-'))
process.env.WORKERS_STATE_DIR = state
const { service } = await import('../lib/services.mjs')
const { applyMigrations, startDev, waitHealthy } = await import('../lib/wrangler.mjs')
const { default: scenarios, paths, vars } = await import('../../bench/scenarios/market-data.mjs')

const PORT = 28789
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 10, ...(opts.amount ? {} : { duration: DURATION }), ...opts }, (e, r) => (e ? reject(e) : resolve(r)))
  )

let child
try {
  await applyMigrations('market-data', { persistTo: state })
  child = startDev(service('market-data'), {
    port: PORT,
    inspectorPort: PORT + 1000,
    logFile: openSync(join(state, 'worker.log'), 'w'),
    persistTo: state,
    extraVars: { BENCH_D1_BASELINE: 'true', ...vars },
  })
  if (!(await waitHealthy(PORT, 90_000))) throw new Error(`worker did not start; see ${join(state, 'worker.log')}`)
  const baseUrl = `http://127.0.0.1:${PORT}`
  await scenarios({ baseUrl })

  const measure = async (path, opts = {}) => {
    await run({ url: baseUrl + path, amount: 30, ...opts })
    const r = await run({ url: baseUrl + path, ...opts })
    if (r.non2xx || r.errors) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`)
    return {
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    }
  }
  const pairs = [
    ['one day (96 records), JSON', paths.day, paths.d1Day, {}],
    ['one day, CSV', paths.dayCsv, paths.d1Day, {}],
    ['one year (35,040 records), JSON', paths.year, paths.d1Year, { amount: 120, connections: 4 }],
    ['one year, CSV', paths.yearCsv, paths.d1Year, { amount: 120, connections: 4 }],
  ]
  const lines = [
    '| request | API p50 ms | API p99 ms | D1 direct p50 ms | D1 direct p99 ms | p50 ratio | p99 ratio | API req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  const results = []
  for (const [name, api, d1, opts] of pairs) {
    const a = await measure(api, opts)
    const d = await measure(d1, opts)
    results.push({ name, api: a, d1: d })
    lines.push(
      `| ${name} | ${a.p50} | ${a.p99} | ${d.p50} | ${d.p99} | ${(a.p50 / Math.max(d.p50, 0.001)).toFixed(2)}× | ${(a.p99 / Math.max(d.p99, 0.001)).toFixed(2)}× | ${a.rps} |`
    )
  }
  const table = [
    `Market-data benchmark, ${new Date().toISOString()} (Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at the end, wrangler dev on loopback, local D1; on a shared machine every number here is noisy: rerun before drawing conclusions). "D1 direct" is GET /_bench/d1: the same rows in one D1 query, sent as D1 returns them (arrays, no grid, no formatting, no streaming). Ratios are API / D1 direct. Data: a SAMPLE year of synthetic 2025 prices.`,
    '',
    ...lines,
  ].join('\n')
  console.log(table)
  if (process.argv.includes('--write')) {
    writeFileSync(
      'docs/market-data-bench.md',
      `# Market-data benchmark\n\nRun with \`node scripts/market-data/bench.mjs --write\`.\n\n${table}\n`
    )
  }
} finally {
  if (child) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
  setTimeout(() => rmSync(state, { recursive: true, force: true }), 500)
}
