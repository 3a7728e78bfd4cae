import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { makeApp } from './app'
import { ingestRange, runScheduled, type IngestDeps } from '../../workers/market-data/use-cases/ingest'
import { memoryTokenCache } from '../../workers/market-data/domain/rte/client'
import { FRANCE, POLLED_ZONES, ZONES, findZone } from '../../workers/market-data/domain/zones'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'

const entsoe = /^https:\/\/web-api\.tp\.entsoe\.eu\/api\?/
type Status = {
  series: string
  zone: string
  latest_day: string | null
  last_success_at: string | null
  last_error: string | null
  last_error_at: string | null
  gaps: Array<{ day: string; problem: string }>
}

function deps(fetcher: IngestDeps['fetcher'], now: string, extra: Partial<IngestDeps> = {}): IngestDeps {
  return {
    db: env.DB,
    fetcher,
    secrets: { ENTSOE_TOKEN: 't' },
    tokenCache: memoryTokenCache(),
    now: () => new Date(now),
    sleep: async () => {},
    zones: [FRANCE],
    // These tests are about the price polling; load and generation: load-generation.test.ts.
    entsoeJobs: ['day-ahead'],
    ...extra,
  }
}

describe('GET /api/status and the poller', () => {
  it('reports per series and zone the last success, the latest day, gaps and the last error', async () => {
    await ingestRange(deps(replayFetcher([[entsoe, { body: pt15 }]]), '2025-11-12T12:15:00Z'), 'day-ahead', {
      from: '2025-11-12',
      to: '2025-11-13',
    })
    await ingestRange(deps(replayFetcher([[entsoe, { status: 503, body: 'down' }]]), '2025-11-12T13:15:00Z'), 'day-ahead', {
      from: '2025-11-13',
      to: '2025-11-14',
    })
    const app = makeApp({ clock: { now: new Date('2025-11-12T14:00:00Z') } })
    const res = await app.request('/api/status', {}, env)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { series: Status[] }
    const fr = body.series.find((s) => s.series === 'day-ahead-prices' && s.zone === FRANCE.eic)!
    expect(fr.latest_day).toBe('2025-11-12')
    expect(fr.last_success_at).toBe('2025-11-12T12:15:00.000Z')
    expect(fr.last_error).toMatch(/^UPSTREAM: ENTSO-E answered HTTP 503/)
    expect(fr.gaps.find((g) => g.day === '2025-11-11')).toEqual({ day: '2025-11-11', problem: 'missing' })
    expect(fr.gaps.find((g) => g.day === '2025-11-12')).toBeUndefined()
  })

  it('retries a source that is down with backoff, then logs the failure', async () => {
    const waits: number[] = []
    let calls = 0
    const flaky = replayFetcher([[entsoe, () => (++calls < 3 ? { status: 502, body: 'bad gateway' } : { body: pt15 })]])
    const report = await ingestRange(deps(flaky, '2025-11-12T12:15:00Z', { sleep: async (ms) => void waits.push(ms) }), 'day-ahead', {
      from: '2025-11-12',
      to: '2025-11-13',
    })
    expect(report).toMatchObject({ status: 'ok', attempts: 3 })
    expect(waits).toEqual([5_000, 30_000])
    const down = replayFetcher([[entsoe, { status: 500, body: '' }]])
    expect(await ingestRange(deps(down, '2025-11-12T12:15:00Z'), 'day-ahead', { from: '2030-01-01', to: '2030-01-02' })).toMatchObject({
      status: 'error',
      attempts: 3,
    })
    expect(down.calls).toHaveLength(3)
  })

  it('logs failures that are not source errors too (a bug, a database error) and goes on', async () => {
    // A database whose writes of data fail (a bug or an outage), while logging still works.
    const db = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'prepare')
          return (sql: string) =>
            sql.includes('INSERT INTO points')
              ? (() => {
                  throw new TypeError('D1 is down')
                })()
              : target.prepare(sql)
        const v = Reflect.get(target, key)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
    const bug = await ingestRange({ ...deps(replayFetcher([[entsoe, { body: pt15 }]]), '2025-11-12T12:15:00Z'), db }, 'day-ahead', {
      from: '2031-02-01',
      to: '2031-02-02',
    })
    expect(bug.status).toBe('error')
    expect(bug.error).toMatch(/^INTERNAL: TypeError: D1 is down/)
    const { results } = await env.DB.prepare("SELECT error FROM ingestion_log WHERE delivery_day = '2031-02-01'").all<{ error: string }>()
    expect(results[0].error).toMatch(/INTERNAL/)
  })

  it('re-fetches days holding nulls, and in a corrections run every day of the last week', async () => {
    const nullDay = pt15.replace(/\t\t\t<Point>\n\t\t\t\t<position>10<\/position>\n[^\n]+\n\t\t\t<\/Point>\n/, '')
    await ingestRange(
      deps(replayFetcher([[entsoe, { body: nullDay.replaceAll('FIXTURE-2025-11-12', 'NULLS') }]]), '2025-11-12T12:15:00Z'),
      'day-ahead',
      { from: '2025-11-12', to: '2025-11-13' }
    )
    const gaps = replayFetcher([[entsoe, { body: pt15 }]])
    const reports = await runScheduled({ ...deps(gaps, '2025-11-12T12:15:00Z'), secrets: { ENTSOE_TOKEN: 't' } })
    expect(reports[0]).toMatchObject({ job: 'day-ahead', status: 'ok', range: { from: '2025-11-05', to: '2025-11-14' } })
    const corrections = replayFetcher([[entsoe, { body: pt15 }]])
    await runScheduled({ ...deps(corrections, '2025-11-12T12:15:00Z'), secrets: { ENTSOE_TOKEN: 't' } }, 'corrections')
    expect(corrections.calls.filter((c) => c.includes('entsoe'))).toHaveLength(1)
  })

  it('keeps ENTSO-E well under 400 requests a minute: at most 100 in any minute of a run', async () => {
    const zones = Array.from({ length: 130 }, () => findZone('NL')!)
    let clock = Date.parse('2025-11-12T12:15:00Z')
    const sent: number[] = []
    const fetcher = replayFetcher([
      [
        entsoe,
        () => {
          sent.push(clock)
          return {
            body: '<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0"><Reason><code>999</code><text>No matching data found</text></Reason></Acknowledgement_MarketDocument>',
          }
        },
      ],
    ])
    await runScheduled({
      ...deps(fetcher, '2025-11-12T12:15:00Z', { zones, sleep: async (ms) => void (clock += ms) }),
      now: () => new Date(clock),
    })
    expect(sent).toHaveLength(130)
    for (const t of sent) expect(sent.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(100)
    expect(sent.at(-1)! - sent[0]).toBeGreaterThanOrEqual(60_000)
  }, 60_000)

  it('polls day-ahead prices for every current zone, each with its own EIC code and local days, not the historic DE-AT-LU', async () => {
    const ack =
      '<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0"><Reason><code>999</code><text>No matching data found</text></Reason></Acknowledgement_MarketDocument>'
    const fetcher = replayFetcher([[entsoe, { body: ack }]])
    const { zones: _all, ...rest } = deps(fetcher, '2032-01-10T12:15:00Z')
    await runScheduled(rest)
    const asked = fetcher.calls.map((c) => new URL(c.slice(4)).searchParams)
    expect(new Set(asked.map((p) => p.get('in_Domain')))).toEqual(new Set(POLLED_ZONES.map((z) => z.eic)))
    expect(POLLED_ZONES.length).toBe(ZONES.length - 1)
    expect(asked.some((p) => p.get('in_Domain') === '10Y1001A1001A63L')).toBe(false)
    const lisbon = asked.find((p) => p.get('in_Domain') === '10YPT-REN------W')!
    expect(lisbon.get('periodStart')).toBe('203201030000')
    const paris = asked.find((p) => p.get('in_Domain') === FRANCE.eic)!
    expect(paris.get('periodStart')).toBe('203201022300')
  }, 60_000)
})
