import type { Context } from 'hono'
import { ApiError } from '../../../shared/errors'
import { clientIp, rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'

export const FREE_PER_HOUR = 10
export const PRO_PER_HOUR = 1000

const isPro = (c: Context<AppEnv>) => c.var.apiKey !== null

const limiter = rateLimit<AppEnv>({
  scope: 'publish',
  limit: (c) => (isPro(c) ? PRO_PER_HOUR : FREE_PER_HOUR),
  windowSeconds: 3600,
  key: (c) => (c.var.apiKey ? `key:${c.var.apiKey.key_hash}` : `ip:${clientIp(c)}`),
  markers: (c) => c.env.DROPS,
  now: (c) => c.var.deps.now(),
})

/**
 * Runs `work` (the write of a publish that has already been read, checked and rendered)
 * under the hourly publish quota. Called last, so a request refused with a 4xx (too large,
 * empty, bad JSON, nested too deep…) never uses a slot (issue 19). The count stays exact
 * under concurrency: the Durable Object decides each slot in turn.
 */
export async function withPublishQuota<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  let result: { value: T } | undefined
  try {
    await limiter(c, async () => {
      result = { value: await work() }
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      const seconds = Number(error.extra.retry_after_seconds)
      const who = isPro(c)
        ? `${PRO_PER_HOUR.toLocaleString('en')} publishes per hour per Pro key`
        : `${FREE_PER_HOUR} publishes per hour from one address`
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `Rate limit exceeded: ${who}. Retry in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''} (${seconds} seconds).`,
        error.extra,
        error.headers
      )
    }
    throw error
  }
  return result!.value
}
