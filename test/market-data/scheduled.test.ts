import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { CORRECTIONS_CRON, createScheduledHandler } from '../../workers/market-data/scheduled'
import { SERIES_NAMES } from '../../workers/market-data/domain/series'
import wranglerToml from '../../wrangler.toml?raw'

const controller = (cron: string) => ({ cron, scheduledTime: 0, noRetry() {} }) as ScheduledController

describe('the cron handler', () => {
  it('runs with the deps it is given (clock, fetcher): without credentials every series is logged as skipped, at that clock', async () => {
    const fetcher = replayFetcher([])
    const handler = createScheduledHandler({ fetcher, now: () => new Date('2031-03-03T12:15:00Z') })
    await handler(controller(CORRECTIONS_CRON), { ...env, ENTSOE_TOKEN: undefined, RTE_CLIENT_ID: undefined, RTE_CLIENT_SECRET: undefined })
    const { results } = await env.DB.prepare(
      "SELECT DISTINCT series, status FROM ingestion_log WHERE created_at LIKE '2031-03-03T12:15%'"
    ).all<{ series: string; status: string }>()
    expect(new Set(results.map((r) => r.series))).toEqual(new Set(SERIES_NAMES))
    expect(results.every((r) => r.status === 'skipped')).toBe(true)
    expect(fetcher.calls).toEqual([])
  })

  it('polls every 15 minutes from 12:00 Paris time (SDAC gate closure) to 15:45, in winter and summer, and runs the corrections cron', () => {
    const section = wranglerToml.slice(wranglerToml.indexOf('[env.market-data]'))
    const crons = JSON.parse(/triggers = \{ crons = (\[[^\]]*\]) \}/.exec(section)![1]) as string[]
    expect(crons).toContain(CORRECTIONS_CRON)
    // Minute and hour fields of the forms the file uses: '*', '*/n', 'a-b', a number.
    const field = (f: string, v: number) =>
      f === '*' ||
      (f.startsWith('*/')
        ? v % Number(f.slice(2)) === 0
        : f.includes('-')
          ? v >= Number(f.split('-')[0]) && v <= Number(f.split('-')[1])
          : v === Number(f))
    const runsAt = (utcMs: number) =>
      crons.some((c) => {
        const [m, h] = c.split(' ')
        const d = new Date(utcMs)
        return field(m, d.getUTCMinutes()) && field(h, d.getUTCHours())
      })
    for (const [day, offsetH] of [
      ['2026-01-15', 1],
      ['2026-07-15', 2],
    ] as const) {
      for (let minutes = 12 * 60; minutes <= 15 * 60 + 45; minutes += 15) {
        expect(runsAt(Date.parse(`${day}T00:00:00Z`) + (minutes - offsetH * 60) * 60_000), `${day} ${minutes / 60}h local`).toBe(true)
      }
    }
  })
})
