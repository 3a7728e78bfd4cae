import { replayFetcher } from '../../shared/http-fetcher'
import { createMarketDataApp } from '../../workers/market-data/app'
import type { Deps } from '../../workers/market-data/env'
import { createScheduledHandler } from '../../workers/market-data/scheduled'

export type Clock = { now: Date }

/**
 * The worker's app as index.ts builds it, with injected deps: a fetcher that answers only what
 * a test recorded (none by default, so nothing reaches ENTSO-E or RTE by accident) and a clock
 * a test can set (the system's by default). The cron handler rides on it as in index.ts.
 */
export function makeApp(options: { fetcher?: Deps['fetcher']; clock?: Clock } = {}) {
  const deps: Deps = { fetcher: options.fetcher ?? replayFetcher([]), now: () => options.clock?.now ?? new Date() }
  return Object.assign(createMarketDataApp(deps), { scheduled: createScheduledHandler(deps) })
}

export const app = makeApp()
