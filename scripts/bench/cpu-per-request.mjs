// CPU per request of one scenario (issue 39): the scenario's own requests, one at a time, in
// ROUNDS rounds of a fixed count each, with the CPU time of the worker's workerd processes read
// from the kernel before and after every round (scripts/lib/cpu.mjs). One connection, so the
// figure is what a single request costs the runtime, whatever the scenario's concurrency; the
// rounds' median is reported with their range, so two commits can be compared at a glance.
import { runtimeCpuMs, spread, workerdPids } from '../lib/cpu.mjs'

const round3 = (x) => Math.round(x * 1000) / 1000

/**
 * @param {{ run: (opts: object) => Promise<any>, target: object, rootPid: number, rounds: number, requests: number }} o
 *   `run` is autocannon with the bench's defaults; `target` what autocannon sends for the scenario.
 */
export async function cpuPerRequest({ run, target, rootPid, rounds, requests }) {
  const pids = workerdPids(rootPid)
  if (!pids.length) throw new Error(`no workerd process under pid ${rootPid}: CPU cannot be read (Linux /proc only)`)
  const perRound = []
  let failed = 0
  for (let i = 0; i < rounds; i++) {
    const before = runtimeCpuMs(rootPid, pids)
    const res = await run({ ...target, amount: requests, connections: 1 })
    const after = runtimeCpuMs(rootPid, pids)
    perRound.push((after - before) / Math.max(1, res.requests.total))
    failed += res.non2xx + res.errors + res.timeouts
  }
  const s = spread(perRound)
  return { median: round3(s.median), min: round3(s.min), max: round3(s.max), rounds: perRound.map(round3), requests, non_2xx: failed }
}
