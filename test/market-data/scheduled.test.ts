import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { CORRECTIONS_CRON, createScheduled } from '../../workers/market-data/scheduled'
import { SERIES_NAMES } from '../../workers/market-data/series'

const controller = (cron: string) => ({ cron, scheduledTime: 0, noRetry() {} }) as ScheduledController

describe('the cron handler', () => {
  it('runs with the deps it is given (clock, fetcher): without credentials every series is logged as skipped, at that clock', async () => {
    const fetcher = replayFetcher([])
    const handler = createScheduled({ fetcher, now: () => Date.parse('2031-03-03T12:15:00Z') })
    await handler(controller(CORRECTIONS_CRON), { ...env, ENTSOE_TOKEN: undefined, RTE_CLIENT_ID: undefined, RTE_CLIENT_SECRET: undefined })
    const { results } = await env.DB.prepare("SELECT DISTINCT series, status FROM ingestion_log WHERE created_at LIKE '2031-03-03T12:15%'").all<{ series: string; status: string }>()
    expect(new Set(results.map((r) => r.series))).toEqual(new Set(SERIES_NAMES))
    expect(results.every((r) => r.status === 'skipped')).toBe(true)
    expect(fetcher.calls).toEqual([])
  })
})
