/**
 * D1 answers SQLITE_BUSY ("database is locked") while another connection holds the write
 * lock: locally `npm run ingest` writes the same SQLite file through `wrangler d1 execute`
 * (10 of 70 reads answered 500 during an ingest, issue 37), and D1 names an overloaded
 * database the same way in production. Such a failure is transient, so the read is tried
 * again, a bounded number of times, and past the bound the caller gets a 503 with
 * Retry-After instead of a 500.
 */
import { ApiError } from '../../shared/errors'

const BUSY = /SQLITE_BUSY|database is locked|D1 DB is overloaded/i

/** Waits between attempts: 8 attempts within 3.1 s, longer than a local ingest batch holds the lock. */
export const BUSY_DELAYS_MS: readonly number[] = [25, 50, 100, 200, 400, 800, 1_500]

export function isBusy(err: unknown): boolean {
  return err instanceof Error && BUSY.test(err.message)
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs `op` and runs it again while D1 says it is busy, at most BUSY_DELAYS_MS.length more
 * times. Only for operations that are safe to repeat: reads, and writes D1 runs atomically
 * (a batch, one statement). Other errors go straight through.
 */
export async function retryOnBusy<T>(op: () => Promise<T>, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await op()
    } catch (err) {
      if (!isBusy(err)) throw err
      const delay = BUSY_DELAYS_MS[attempt]
      if (delay === undefined) {
        throw new ApiError(
          503,
          'DATABASE_BUSY',
          'The database stayed busy with a write for more than 3 seconds; try again shortly.',
          {},
          { 'Retry-After': '5' }
        )
      }
      await wait(delay)
    }
  }
}
