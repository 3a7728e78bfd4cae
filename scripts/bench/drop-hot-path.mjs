#!/usr/bin/env node
// `node scripts/bench/drop-hot-path.mjs`: what one GET /v/{slug} costs, as CPU time of the
// `wrangler dev` processes per request, next to an empty Hono route (bench/baseline) and the
// drop worker's own /healthz. Requests per second swing with whatever else the machine runs;
// CPU time per request does not, so this says where a view's time goes when `npm run bench
// -- drop` is too noisy to tell. Results: bench/results/drop-hot-path.json and stdout.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { service } from '../lib/services.mjs'
import { applyMigrations, startBaselineDev, startDev, waitHealthy } from '../lib/wrangler.mjs'

const N = Number(process.env.HOT_PATH_REQUESTS ?? 2000)
const ROUNDS = Number(process.env.HOT_PATH_ROUNDS ?? 3)
const BASE_PORT = Number(process.env.HOT_PATH_PORT ?? 9795)
const TICKS_MS = 10 // USER_HZ 100: /proc/<pid>/stat counts CPU in hundredths of a second
const MARKDOWN = `# Release notes\n\n${'Some **bold** text, a [link](https://example.com) and `code`.\n\n'.repeat(40)}| a | b |\n|---|---|\n| 1 | 2 |\n\n\`\`\`js\nconsole.log('hi')\n\`\`\`\n`

const state = mkdtempSync(join(tmpdir(), 'drop-hot-path-'))
const children = []
const stop = () => {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
  rmSync(state, { recursive: true, force: true })
}

/** CPU ms used so far by every process in the group (wrangler, its proxy and the worker runtime). */
function groupCpuMs(pgid) {
  const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)])
    .toString()
    .trim()
    .split(/\s+/)
  let ticks = 0
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // exited meanwhile
    }
  }
  return ticks * TICKS_MS
}

const load = (url, amount) =>
  new Promise((resolve, reject) => autocannon({ url, connections: 10, amount }, (e, r) => (e ? reject(e) : resolve(r))))

try {
  const baseline = startBaselineDev({ port: BASE_PORT, inspectorPort: BASE_PORT + 100, persistTo: state })
  children.push(baseline)
  await applyMigrations('drop', { persistTo: state })
  const drop = startDev(service('drop'), {
    port: BASE_PORT + 1,
    inspectorPort: BASE_PORT + 101,
    persistTo: state,
    logFile: openSync(join(state, 'drop.log'), 'w'),
  })
  children.push(drop)
  if (!(await waitHealthy(BASE_PORT, 90_000)) || !(await waitHealthy(BASE_PORT + 1, 90_000)))
    throw new Error(`workers did not start; see ${state}`)
  const dropUrl = `http://127.0.0.1:${BASE_PORT + 1}`
  const res = await fetch(`${dropUrl}/api/drop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ markdown: MARKDOWN }),
  })
  const { slug } = await res.json()
  const targets = [
    ['baseline: empty Hono route', `http://127.0.0.1:${BASE_PORT}/`, baseline.pid],
    ['drop /healthz (no storage)', `${dropUrl}/healthz`, drop.pid],
    ['view /v/:slug', `${dropUrl}/v/${slug}`, drop.pid],
    ['raw /v/:slug/raw', `${dropUrl}/v/${slug}/raw`, drop.pid],
  ]
  const samples = Object.fromEntries(targets.map(([name]) => [name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url, pgid] of targets) {
      await load(url, 200)
      const before = groupCpuMs(pgid)
      const r = await load(url, N)
      if (r.non2xx) throw new Error(`${name}: ${r.non2xx} answers were not 2xx`)
      samples[name].push((groupCpuMs(pgid) - before) / N)
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const base = median(samples[targets[0][0]])
  const rows = targets.map(([name]) => ({
    scenario: name,
    cpu_ms_per_request: Number(median(samples[name]).toFixed(3)),
    vs_baseline: Number((median(samples[name]) / base).toFixed(2)),
    samples: samples[name].map((x) => Number(x.toFixed(3))),
  }))
  const result = { date: new Date().toISOString(), node: process.version, requests_per_sample: N, rounds: ROUNDS, rows }
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/drop-hot-path.json', JSON.stringify(result, null, 2) + '\n')
  console.log(
    [
      '| scenario | CPU ms / request (median) | vs baseline |',
      '|---|---:|---:|',
      ...rows.map((r) => `| ${r.scenario} | ${r.cpu_ms_per_request} | ${r.vs_baseline.toFixed(2)}× |`),
    ].join('\n')
  )
} finally {
  stop()
}
