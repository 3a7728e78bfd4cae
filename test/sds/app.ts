import { replayFetcher } from '../../shared/http-fetcher'
import { createSdsApp } from '../../workers/sds/app'
import type { Deps } from '../../workers/sds/env'

export type Clock = { now: Date }

/**
 * The worker's app as index.ts builds it, with injected deps: a fetcher that answers only what a
 * test recorded (none by default, so no test reaches the network by accident) and a clock a test
 * can set (the system's by default; quotas and webhooks read it).
 */
export function makeApp(options: { fetcher?: Deps['fetcher']; clock?: Clock } = {}) {
  return createSdsApp({ fetcher: options.fetcher ?? replayFetcher([]), now: () => options.clock?.now ?? new Date() })
}

export const app = makeApp()
