// The retry policy of every e-mail outbox (screening's result mail, audit's alert mail): one
// place, so the two services cannot drift apart in how long a refused message keeps trying.

/** After this many failed attempts a message is `dead` (kept, visible to the operator, never retried). */
export const MAX_ATTEMPTS = 6
/** First retry after 5 minutes, then doubling: 5, 10, 20, 40, 80 minutes. */
export const BACKOFF_MINUTES = 5
/** How long a delivery run holds a claimed message before another run may take it. */
export const LEASE_MS = 2 * 60 * 1000

/** What becomes of a message whose send just failed, having been tried `attemptsBefore` times. */
export function afterFailedSend(attemptsBefore: number, now: Date): { attempts: number; dead: boolean; nextAttemptAt: Date } {
  const attempts = attemptsBefore + 1
  return {
    attempts,
    dead: attempts >= MAX_ATTEMPTS,
    nextAttemptAt: new Date(now.getTime() + BACKOFF_MINUTES * 60_000 * 2 ** (attempts - 1)),
  }
}
