import { replayFetcher } from '../../shared/http-fetcher'
import { createDropApp } from '../../workers/drop/app'
import type { Deps } from '../../workers/drop/env'

export type Clock = { now: Date }

/**
 * The worker's app as index.ts builds it, with injected deps: a fetcher that answers only what a
 * test recorded (none by default, so no test reaches the network by accident) and a clock a test
 * can set (the system's by default; expiry, burn and quotas read it).
 */
export function makeApp(options: { fetcher?: Deps['fetcher']; clock?: Clock; now?: () => Date } = {}) {
  const now = options.now ?? (() => options.clock?.now ?? new Date())
  return createDropApp({ fetcher: options.fetcher ?? replayFetcher([]), now })
}

export const app = makeApp()
