import { replayFetcher } from '../../shared/http-fetcher'
import { createAuditApp } from '../../workers/audit/app'
import type { Deps } from '../../workers/audit/env'

export type Clock = { now: Date }

/**
 * The worker's app as index.ts builds it, with injected deps: a fetcher that answers only what a
 * test recorded (none by default), no TLS connector unless a test records handshakes, and a clock
 * a test can set (the system's by default). `test/audit/helpers/site.ts` builds on it with a
 * replayed world.
 */
export function makeApp(options: Partial<Deps> & { clock?: Clock } = {}) {
  const { clock, ...deps } = options
  return createAuditApp({
    fetcher: replayFetcher([]),
    connectTls: null,
    ...deps,
    now: deps.now ?? (() => clock?.now ?? new Date()),
  })
}

export const app = makeApp()
