// Two requests compared in alternating rounds (A, B, A, B…), for the benchmarks that judge a
// ratio: on a shared two-core machine the load of the moment then falls on both alike, where
// two measurements a minute apart can differ by more than the ratio being judged.

/** One round's share of a scenario: its request count or its duration, split over `rounds`. */
export function sliceOf(opts, rounds, duration) {
  return opts.amount ? { amount: Math.max(8, Math.round(opts.amount / rounds)) } : { duration: Math.max(1, duration / rounds) }
}

/** `rounds` pairs of autocannon results, `run(a)` then `run(b)` in each, with the same slice. */
export async function alternate(run, a, b, { rounds, slice }) {
  const pairs = []
  for (let i = 0; i < rounds; i++) pairs.push([await run({ ...a, ...slice }), await run({ ...b, ...slice })])
  return pairs
}

export const median = (xs) => [...xs].sort((m, n) => m - n)[Math.floor(xs.length / 2)]

/**
 * autocannon with each response's time kept: its own percentiles are whole milliseconds, which
 * at a 5 ms p50 is a 20% step, too coarse for a ratio judged at 2×. `result.exactP50` is the
 * median of the times autocannon measured (process.hrtime, fractional ms).
 */
export function runTimed(autocannon, opts) {
  return new Promise((resolve, reject) => {
    const times = []
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ ...result, exactP50: median(times) })))
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  })
}

/** The p50 ratio of two runTimed results. */
export const p50Ratio = (x, y) => x.exactP50 / y.exactP50
