import { replayFetcher } from '../../shared/http-fetcher'
import { createScreeningApp } from '../../workers/screening/app'
import type { Deps } from '../../workers/screening/env'

export type Clock = { now: Date }

/**
 * The worker's app as index.ts builds it, with injected deps: a fetcher that answers only what a
 * test recorded (none by default, so no provider or listing site is reached by accident) and a
 * clock a test can set (the system's by default; deadlines, links and caps read it).
 */
export function makeApp(options: { fetcher?: Deps['fetcher']; clock?: Clock; now?: () => Date } = {}) {
  const now = options.now ?? (() => options.clock?.now ?? new Date())
  return createScreeningApp({ fetcher: options.fetcher ?? replayFetcher([]), now })
}

export const app = makeApp()
