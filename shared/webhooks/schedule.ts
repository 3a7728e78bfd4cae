/**
 * When a failed delivery is tried again: seconds after the previous attempt. The first retry
 * comes within 30 s, and the whole schedule spans 27.6 h (5 s + 5 min + 30 min + 2 h + 5 h +
 * 10 h + 10 h), so a receiver down for a day still gets the event. Each delay is below the
 * 12 h maximum of a Cloudflare Queues delayed retry.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const

/** Attempts per delivery: the first one plus one per retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1

/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const DISABLE_AFTER_DAYS = 5

/** How long one attempt may take before it counts as failed (and is retried). */
export const ATTEMPT_TIMEOUT_MS = 5000

/** Delay before attempt `attempts + 1`, or null when `attempts` was the last. */
export function retryDelay(attempts: number): number | null {
  return attempts >= 1 && attempts <= RETRY_DELAYS_SECONDS.length ? RETRY_DELAYS_SECONDS[attempts - 1] : null
}

export function failingTooLong(failingSince: string | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - new Date(failingSince).getTime() >= DISABLE_AFTER_DAYS * 86_400_000
}
