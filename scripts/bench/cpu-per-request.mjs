// CPU per request of one scenario (issue 39): the scenario's own requests, one at a time, in
// ROUNDS rounds of a fixed count each, with the CPU time of the worker's workerd processes read
// from the kernel before and after every round (scripts/lib/cpu.mjs). One connection, so the
// figure is what a single request costs the runtime, whatever the scenario's concurrency; the
// rounds' median is reported with their range, so two commits can be compared at a glance.
import { cpuMeter, spread, workerdPids } from '../lib/cpu.mjs'

const round3 = (x) => Math.round(x * 1000) / 1000

/**
 * @param {{ run: (opts: object) => Promise<any>, target: object, rootPid: number, rounds: number, requests: number }} o
 *   `run` is autocannon with the bench's defaults; `target` what autocannon sends for the scenario.
 */
export async function cpuPerRequest({ run, target, rootPid, rounds, requests }) {
  const pids = workerdPids(rootPid)
  if (!pids.length) throw new Error(`no workerd process under pid ${rootPid}: CPU cannot be read (Linux /proc only)`)
  const start = cpuMeter(rootPid, pids)
  const perRound = []
  let failed = 0
  for (let i = 0; i < rounds; i++) {
    const stop = start()
    const res = await run({ ...target, amount: requests, connections: 1 })
    perRound.push(stop() / Math.max(1, res.requests.total))
    failed += res.non2xx + res.errors + res.timeouts
  }
  const s = spread(perRound)
  return { median: round3(s.median), min: round3(s.min), max: round3(s.max), rounds: perRound.map(round3), requests, non_2xx: failed }
}

/**
 * CPU per request of a scenario less that of a cheaper request of the same service
 * (`cpuBaseline` in its scenario file, e.g. an authenticated GET that takes the same key
 * lookup, rate limiter and quota read): rounds of the two alternate, so the load of the moment
 * falls on both alike, and each round's difference is kept. Locally D1 and the limiter's
 * Durable Object run in the worker's own workerd, so this isolates what the request itself
 * costs the worker.
 */
export async function cpuOverReference({ run, target, reference, rootPid, rounds, requests }) {
  const pids = workerdPids(rootPid)
  if (!pids.length) throw new Error(`no workerd process under pid ${rootPid}: CPU cannot be read (Linux /proc only)`)
  const start = cpuMeter(rootPid, pids)
  const one = async (t) => {
    const stop = start()
    const res = await run({ ...t, amount: requests, connections: 1 })
    return { ms: stop() / Math.max(1, res.requests.total), failed: res.non2xx + res.errors + res.timeouts }
  }
  const own = []
  const ref = []
  let failed = 0
  for (let i = 0; i < rounds; i++) {
    const a = await one(target)
    const b = await one(reference)
    own.push(a.ms)
    ref.push(b.ms)
    failed += a.failed + b.failed
  }
  const diff = spread(own.map((x, i) => x - ref[i]))
  const base = spread(ref)
  return {
    median: round3(diff.median),
    min: round3(diff.min),
    max: round3(diff.max),
    reference_median: round3(base.median),
    rounds: own.map((x, i) => round3(x - ref[i])),
    requests,
    non_2xx: failed,
  }
}
