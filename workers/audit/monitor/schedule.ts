/**
 * When monitors run. Each monitor has a fixed phase inside its interval, taken from its id,
 * so ten thousand monitors created in the same minute still run spread over the whole hour
 * (or day) instead of together; the cron then takes at most a batch of due ones per minute.
 */
export const INTERVALS = { hourly: 3_600_000, daily: 86_400_000 } as const
export type Interval = keyof typeof INTERVALS

/** Monitors per API key (docs/audit.md). */
export const MAX_MONITORS_PER_KEY = 100
/** Checks the cron runs per invocation at most, and how many at once. */
export const DEFAULT_BATCH_SIZE = 20
export const RUN_CONCURRENCY = 5
/** History rows are kept this long. */
export const HISTORY_RETENTION_DAYS = 400

/** The monitor's phase in [0, interval): from the hex digits of its random id, uniform. */
export function phaseOf(id: string, interval: Interval): number {
  const hex = id.replace(/[^0-9a-f]/g, '').slice(-12)
  const n = hex ? Number.parseInt(hex, 16) : 0
  return n % INTERVALS[interval]
}

/** The first time after `now` that is `phase` past a multiple of the interval. */
export function nextSlot(now: number, interval: Interval, phase: number): number {
  const every = INTERVALS[interval]
  const base = now - ((((now - phase) % every) + every) % every)
  return base + every
}
