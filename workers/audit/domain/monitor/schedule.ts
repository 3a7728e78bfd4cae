/**
 * When monitors run. Each monitor has a fixed phase inside its interval, taken from its id,
 * so ten thousand monitors created in the same minute still run spread over the whole hour
 * (or day) instead of together; the cron then takes at most a batch of due ones per minute.
 */
export const INTERVALS = { hourly: 3_600_000, daily: 86_400_000 } as const
export type Interval = keyof typeof INTERVALS

/** Monitors per API key (docs/audit.md). */
export const MAX_MONITORS_PER_KEY = 100
/**
 * Run tickets the cron enqueues per invocation at most (MONITOR_BATCH_SIZE), and the ceiling:
 * each ticket costs the cron one conditional UPDATE, and D1 allows 1,000 queries per Worker
 * invocation (developers.cloudflare.com/d1/platform/limits/).
 */
export const DEFAULT_BATCH_SIZE = 500
export const MAX_BATCH_SIZE = 900
/** Messages per Queue sendBatch (the Queues limit is 100). */
export const SEND_BATCH = 100
/** The cron takes monitors due within the next minute and delays each ticket to its second. */
export const LOOKAHEAD_MS = 60_000
/** Checks one consumer invocation runs at once (a batch is at most 10 tickets, wrangler.toml). */
export const RUN_CONCURRENCY = 5
/** A run that failed on our side (D1, the queue) is retried after this long. */
export const RETRY_DELAY_SECONDS = 60
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

/**
 * The slot a monitor moves to when the cron at `now` takes its slot `taken`: its first phase
 * slot after both the taken slot and the cron's lookahead. Never inside the lookahead, so the
 * next minute's cron cannot take the monitor again a few seconds after this run: a new monitor
 * (first slot: its creation time) or a late one would otherwise run twice within a minute
 * whenever its phase fell in the next 60 s.
 */
export function slotAfterClaim(now: number, taken: number, interval: Interval, phase: number): number {
  return nextSlot(Math.max(now + LOOKAHEAD_MS, taken), interval, phase)
}
