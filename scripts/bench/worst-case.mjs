// `npm run bench -- worst-case`: for every endpoint a service lists in the `worstCase` export
// of bench/scenarios/<name>.mjs, sends its typical request and its worst input at the maximum
// accepted size, and reports the CPU time the runtime spent per request, worst as a ratio to
// typical, measured in the same run. Target (issue 13): no worst case above 10x.
//
// CPU time is read from the kernel (scripts/lib/cpu.mjs: the workerd processes that serve the
// worker), not from wall time, so another process on the machine does not inflate it.
// Requests are sent one at a time; each case runs until it has used at least MIN_CPU_MS of CPU
// or MAX_REQUESTS requests, whichever comes first.
import { runtimeCpuMs } from '../lib/cpu.mjs'

const MIN_CPU_MS = Number(process.env.WORST_CASE_MIN_CPU_MS ?? 400)
const MAX_REQUESTS = Number(process.env.WORST_CASE_MAX_REQUESTS ?? 200)
const MAX_SECONDS = Number(process.env.WORST_CASE_MAX_SECONDS ?? 20)
const TARGET_RATIO = 10

async function send(baseUrl, request) {
  const body = typeof request.body === 'function' ? request.body() : request.body
  const res = await fetch(baseUrl + request.path, { method: request.method ?? 'GET', headers: request.headers, body })
  await res.arrayBuffer()
  return res.status
}

/** CPU ms per request of one request shape, and the statuses it got. */
async function measure(baseUrl, rootPid, request) {
  // Two warm-up requests: module load, lazily built tables and the JIT are not the input's cost.
  await send(baseUrl, request)
  await send(baseUrl, request)
  const statuses = new Map()
  const started = Date.now()
  const cpu0 = runtimeCpuMs(rootPid)
  let n = 0
  while (n < MAX_REQUESTS && Date.now() - started < MAX_SECONDS * 1000) {
    const status = await send(baseUrl, request)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
    n++
    if (runtimeCpuMs(rootPid) - cpu0 >= MIN_CPU_MS) break
  }
  const cpu = runtimeCpuMs(rootPid) - cpu0
  return {
    requests: n,
    cpu_ms_per_request: cpu / n,
    wall_ms_per_request: (Date.now() - started) / n,
    statuses: Object.fromEntries(statuses),
  }
}

/**
 * Runs the worst-case list of one started service.
 * @param {{ name: string, baseUrl: string, rootPid: number, cases: Array<{ name: string, typical: object, worst: object }> }} svc
 */
export async function runWorstCases({ name, baseUrl, rootPid, cases }) {
  const rows = []
  for (const c of cases) {
    const typical = await measure(baseUrl, rootPid, c.typical)
    const worst = await measure(baseUrl, rootPid, c.worst)
    // A typical request below one tick per request still has a measured total; floor it at
    // 0.1 ms so a ratio exists, and say so in the table.
    const floor = typical.cpu_ms_per_request < 0.1
    const ratio = worst.cpu_ms_per_request / Math.max(typical.cpu_ms_per_request, 0.1)
    rows.push({ service: name, case: c.name, typical, worst, ratio, floored: floor, within_target: ratio <= TARGET_RATIO })
    console.error(
      `${name} ${c.name}: typical ${typical.cpu_ms_per_request.toFixed(2)} ms, worst ${worst.cpu_ms_per_request.toFixed(2)} ms CPU/request → ${ratio.toFixed(2)}x`
    )
  }
  return rows
}

/** The Markdown table; `kept` are earlier rows of services this run did not measure. */
export function worstCaseTable(rows, date, kept = []) {
  const lines = [
    'Worst-case inputs: CPU time the runtime spent per request, read from /proc, one request at a time. Ratio = worst / typical of the same endpoint in the same run; target ≤ 10×.',
    '',
    '| service | measured | endpoint and worst input | typical CPU ms/req | worst CPU ms/req | ratio | worst statuses | within 10× |',
    '|---|---|---|---:|---:|---:|---|---|',
    ...kept,
  ]
  for (const r of rows) {
    const statuses = Object.entries(r.worst.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')
    lines.push(
      `| ${r.service} | ${date.slice(0, 16)}Z | ${r.case} | ${r.typical.cpu_ms_per_request.toFixed(2)}${r.floored ? ' (<0.1)' : ''} | ${r.worst.cpu_ms_per_request.toFixed(2)} | ${r.ratio.toFixed(2)}× | ${statuses} | ${r.within_target ? 'yes' : '**no**'} |`
    )
  }
  return lines.join('\n') + '\n'
}
