import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher, type HttpFetcher } from '../../shared/http-fetcher'
import apa from './fixtures/classifieds-apa.html?raw'
import blockedPage from './fixtures/classifieds-blocked.html?raw'
import emptyPosts from './fixtures/classifieds-empty.html?raw'
import hsw from './fixtures/classifieds-hsw.html?raw'
import zillowNext from './fixtures/zillow-austin-next-data.html?raw'
import zillowEmpty from './fixtures/zillow-empty.html?raw'
import zillowMalformed from './fixtures/zillow-malformed.html?raw'
import pxBlock from './fixtures/zillow-perimeterx-block.html?raw'
import { freshIp, postJson, testApp } from './helpers'

type Lead = {
  id: string
  city: string
  source: string
  name: string | null
  contact: string | null
  url: string
  rawData: Record<string, unknown>
  scrapedAt: string
}
type Scrape = { ok: boolean; city: string; leads: Lead[]; warnings: { source: string; message: string }[] }

const html = { 'content-type': 'text/html; charset=utf-8' }

/** Replays the three pages of one market; `overrides` swaps any of them. */
function sources(
  site: string,
  zillowSlug: string,
  overrides: Partial<
    Record<'zillow' | 'apa' | 'hsw' | 'zillowRobots', { status?: number; headers?: Record<string, string>; body: string }>
  > = {}
) {
  return replayFetcher([
    // No robots.txt (404): no rules, as RFC 9309 reads it.
    ['https://www.zillow.com/robots.txt', overrides.zillowRobots ?? { status: 404, body: '' }],
    [`https://${site}.craigslist.org/robots.txt`, { status: 404, body: '' }],
    [`https://www.zillow.com/${zillowSlug}/rentals/`, overrides.zillow ?? { headers: html, body: zillowNext }],
    [`https://${site}.craigslist.org/search/apa`, overrides.apa ?? { headers: html, body: apa }],
    [`https://${site}.craigslist.org/search/hsw`, overrides.hsw ?? { headers: html, body: hsw }],
  ])
}

/** The pages a fetcher was asked for, robots.txt aside (it is read once a day per site). */
const pages = (f: { calls: string[] }) => f.calls.filter((c) => !c.endsWith('/robots.txt'))

function clock(start: string) {
  let t = Date.parse(start)
  return { now: () => new Date(t), advance: (minutes: number) => (t += minutes * 60_000) }
}

const scrape = (app: ReturnType<typeof testApp>, body: unknown) => postJson(app, '/api/scrape', body, freshIp())

describe('POST /api/scrape', () => {
  it('normalises the city and fetches both sources in parallel, one request each, with a real User-Agent', async () => {
    const seen: string[] = []
    const replay = sources('austin', 'austin-tx')
    const fetcher: HttpFetcher = (input, init) => {
      seen.push(new Headers(init?.headers).get('user-agent') ?? '')
      return replay(input, init)
    }
    const app = testApp({ fetcher, now: clock('2026-06-01T09:00:00Z').now })
    const res = await scrape(app, { city: 'austin, tx', source: 'both' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Scrape
    expect(body.ok).toBe(true)
    expect(body.city).toBe('Austin, TX')
    expect(pages(replay).sort()).toEqual([
      'GET https://austin.craigslist.org/search/apa',
      'GET https://austin.craigslist.org/search/hsw',
      'GET https://www.zillow.com/austin-tx/rentals/',
    ])
    expect(seen.every((ua) => /^VetScoreBot\/1\.0 \(\+http/.test(ua))).toBe(true)
    expect(body.leads.filter((l) => l.source === 'vetscore')).toHaveLength(5)
    expect(body.leads.filter((l) => l.source === 'zillow')).toHaveLength(5)
    for (const lead of body.leads) {
      expect(Object.keys(lead).sort()).toEqual(['city', 'contact', 'id', 'name', 'rawData', 'scrapedAt', 'source', 'url'])
      expect(lead.city).toBe('Austin, TX')
      expect(lead.scrapedAt).toBe('2026-06-01T09:00:00.000Z')
    }
    // Housing-wanted posts are private people: no contact details kept (issue 23).
    expect(body.leads.filter((l) => l.rawData.category === 'housing_wanted').every((l) => l.contact === null)).toBe(true)
    expect(JSON.stringify(body.leads)).not.toContain('jamie.t@example.net')
    expect(body.warnings).toEqual([{ source: 'zillow', message: 'Zillow: 1 result without a usable link or title skipped.' }])
  })

  it('serves a city scraped in the last 15 minutes from D1 with a warning, then refreshes it by URL', async () => {
    const c = clock('2026-06-02T09:00:00Z')
    const fetcher = sources('sfbay', 'oakland-ca')
    const app = testApp({ fetcher, now: c.now })
    const first = (await (await scrape(app, { city: 'Oakland CA', source: 'vetscore' })).json()) as Scrape
    expect(first.leads).toHaveLength(5)
    expect(pages(fetcher)).toHaveLength(2)

    c.advance(14)
    const cached = (await (await scrape(app, { city: 'oakland', source: 'vetscore' })).json()) as Scrape
    expect(pages(fetcher)).toHaveLength(2)
    expect(cached.leads).toEqual(first.leads)
    expect(cached.warnings[0]).toEqual({
      source: 'vetscore',
      message:
        'Served from storage: Oakland, CA was scraped from vetscore at 2026-06-02T09:00:00.000Z; sources are fetched at most every 15 minutes.',
    })

    c.advance(2)
    const fresh = (await (await scrape(app, { city: 'Oakland, California', source: 'vetscore' })).json()) as Scrape
    expect(pages(fetcher)).toHaveLength(4)
    expect(fresh.warnings).toEqual([])
    // Upserted by URL: same ids, scrapedAt refreshed.
    expect(fresh.leads.map((l) => [l.url, l.id])).toEqual(first.leads.map((l) => [l.url, l.id]))
    expect(new Set(fresh.leads.map((l) => l.scrapedAt))).toEqual(new Set(['2026-06-02T09:16:00.000Z']))
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE city = ?').bind('Oakland, CA').first<number>('n')
    expect(stored).toBe(5)
  })

  it('tells a second caller during a run to retry, and takes over a run that died half way', async () => {
    const c = clock('2026-06-05T09:00:00Z')
    const fetcher = sources('austin', 'round-rock-tx')
    const app = testApp({ fetcher, now: c.now })
    // A run that claimed the city and never finished (the worker died mid-fetch).
    await env.DB.prepare("INSERT INTO scrape_runs (city, source, started_at, status) VALUES ('Round Rock, TX', 'zillow', ?, 'running')")
      .bind(c.now().toISOString())
      .run()
    c.advance(1)
    const during = (await (await scrape(app, { city: 'Round Rock', source: 'zillow' })).json()) as Scrape
    expect(during.leads).toEqual([])
    expect(during.warnings[0].message).toMatch(/being scraped from zillow right now.*retry in a few seconds/)
    expect(pages(fetcher)).toHaveLength(0)
    c.advance(2)
    const after = (await (await scrape(app, { city: 'Round Rock', source: 'zillow' })).json()) as Scrape
    expect(pages(fetcher)).toEqual(['GET https://www.zillow.com/round-rock-tx/rentals/'])
    expect(after.leads).toHaveLength(5)
  })

  it('turns a PerimeterX block into a warning and still returns the other source', async () => {
    const fetcher = sources('houston', 'houston-tx', {
      zillow: { status: 403, headers: { ...html, 'x-px-blocked': '1', server: 'CloudFront' }, body: pxBlock },
    })
    const app = testApp({ fetcher, now: clock('2026-06-03T09:00:00Z').now })
    const res = await scrape(app, { city: 'Houston', source: 'both' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Scrape
    expect(body.leads.every((l) => l.source === 'vetscore')).toBe(true)
    expect(body.leads).toHaveLength(5)
    expect(body.warnings).toEqual([
      { source: 'zillow', message: 'Zillow blocked the request (PerimeterX bot protection); no Zillow leads this time.' },
    ])
  })

  it('warns about empty results, malformed pages, blocks and unreachable sites without failing', async () => {
    const cases: [string, string, Parameters<typeof sources>[2], RegExp[]][] = [
      [
        'Dallas, TX',
        'dallas-tx',
        { zillow: { body: zillowEmpty }, hsw: { body: emptyPosts } },
        [/Zillow returned no rental listings for Dallas, TX/, /housing wanted\): no posts for Dallas, TX/],
      ],
      ['Denver, CO', 'denver-co', { zillow: { body: zillowMalformed } }, [/Zillow: nothing parsable.*not valid JSON/]],
      [
        'Boston, MA',
        'boston-ma',
        { apa: { status: 403, body: blockedPage }, hsw: { status: 200, body: blockedPage } },
        [/housing offered\) blocked/, /housing wanted\) blocked/],
      ],
      ['Chicago, IL', 'chicago-il', { zillow: { status: 500, body: 'Internal error' } }, [/Zillow answered HTTP 500/]],
    ]
    for (const [city, slug, overrides, expected] of cases) {
      const site = city.split(',')[0].toLowerCase()
      const app = testApp({ fetcher: sources(site, slug, overrides), now: clock('2026-06-04T09:00:00Z').now })
      const res = await scrape(app, { city, source: 'both' })
      expect(res.status, city).toBe(200)
      const body = (await res.json()) as Scrape
      expect(body.ok).toBe(true)
      const messages = body.warnings.map((w) => w.message)
      for (const re of expected)
        expect(
          messages.some((m) => re.test(m)),
          `${city}: ${messages.join(' | ')}`
        ).toBe(true)
    }

    const unreachable: HttpFetcher = async () => {
      throw new TypeError('fetch failed')
    }
    const down = (await (await scrape(testApp({ fetcher: unreachable }), { city: 'Seattle, WA', source: 'both' })).json()) as Scrape
    expect(down.leads).toEqual([])
    expect(down.warnings.map((w) => w.source).sort()).toEqual(['vetscore', 'vetscore', 'zillow'])
  })

  it('never remembers a failed fetch as "0 leads": the last good leads stay, and the next request fetches again (issue 23)', async () => {
    const c = clock('2026-06-05T09:00:00Z')
    const good = (await (
      await scrape(testApp({ fetcher: sources('miami', 'miami-fl'), now: c.now }), { city: 'Miami, FL', source: 'zillow' })
    ).json()) as Scrape
    expect(good.leads).toHaveLength(5)
    c.advance(20)
    let calls = 0
    const blocked = sources('miami', 'miami-fl', { zillow: { status: 403, headers: { ...html, 'x-px-blocked': '1' }, body: pxBlock } })
    const counting: HttpFetcher = (input, init) => {
      if (!String(input).endsWith('/robots.txt')) calls++
      return blocked(input, init)
    }
    const app = testApp({ fetcher: counting, now: c.now })
    const first = (await (await scrape(app, { city: 'Miami, FL', source: 'zillow' })).json()) as Scrape
    expect(first.leads.map((l) => l.url)).toEqual(good.leads.map((l) => l.url))
    expect(first.warnings.map((w) => w.message)).toEqual([
      'Zillow blocked the request (PerimeterX bot protection); no Zillow leads this time.',
      `Showing the 5 leads of the last successful scrape (${good.leads[0].scrapedAt}).`,
    ])
    // Not cached: a minute later the source is asked again instead of serving "0 leads" from storage.
    c.advance(1)
    const again = (await (await scrape(app, { city: 'Miami, FL', source: 'zillow' })).json()) as Scrape
    expect(calls).toBe(2)
    expect(again.leads).toHaveLength(5)
  })

  it('honours robots.txt: a page it disallows for our crawler is not fetched, and says why (issue 23)', async () => {
    const fetcher = sources('sacramento', 'sacramento-ca', {
      zillowRobots: { body: 'User-agent: *\nAllow: /\n\nUser-agent: VetScoreBot\nDisallow: /*/rentals/\n' },
    })
    // Another test read Zillow's robots.txt (404) into the day's cache; this one's differs.
    await env.CACHE.delete('robots:https://www.zillow.com')
    const app = testApp({ fetcher, now: clock('2026-06-06T09:00:00Z').now })
    const body = (await (await scrape(app, { city: 'Sacramento, CA', source: 'zillow' })).json()) as Scrape
    expect(body.leads).toEqual([])
    expect(body.warnings[0].message).toMatch(/robots\.txt does not allow our crawler/)
    expect(fetcher.calls).toEqual(['GET https://www.zillow.com/robots.txt'])
  })

  it('keeps a per-host request budget across callers: over it, a page is not fetched and says why (issue 23)', async () => {
    // The budget's Durable Object cleans itself up by the real clock: this test runs on it.
    const c = clock(new Date().toISOString())
    const fetcher = sources('tucson', 'tucson-az')
    const app = testApp({ fetcher, now: c.now })
    const bindings = { ...env, CRAWL_BUDGET_PER_MINUTE: '4' }
    const run = (city: string) =>
      postJson(app, '/api/scrape', { city, source: 'vetscore' }, freshIp(), bindings).then((r) => r.json() as Promise<Scrape>)
    // Tucson: robots.txt, apa and hsw (3 of 4); Marana is served by the same site: apa fits, hsw does not.
    const first = await run('Tucson, AZ')
    expect(first.warnings).toEqual([])
    const second = await run('Marana, AZ')
    expect(second.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^Classifieds \(housing wanted\): the request budget for tucson\.craigslist\.org is spent for now \(retry in \d+ seconds\)\.$/
      ),
    ])
    expect(pages(fetcher).filter((u) => u.includes('tucson.craigslist.org'))).toHaveLength(3)
  })

  it('refuses unknown and ambiguous cities and bad sources with 422 and ok: false', async () => {
    const app = testApp()
    const unknown = await scrape(app, { city: 'Austn, TX', source: 'zillow' })
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toMatchObject({ ok: false, code: 'UNKNOWN_CITY', suggestions: ['Austin, TX'], issues: [{ path: 'city' }] })
    const ambiguous = await scrape(app, { city: 'Springfield', source: 'zillow' })
    expect(ambiguous.status).toBe(422)
    expect(await ambiguous.json()).toMatchObject({
      ok: false,
      code: 'AMBIGUOUS_CITY',
      candidates: expect.arrayContaining(['Springfield, MO']),
    })
    const badSource = await scrape(app, { city: 'Austin', source: 'craigslist' })
    expect(badSource.status).toBe(422)
    expect(await badSource.json()).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'source', message: 'must be one of vetscore, zillow, both' }],
    })
    const missing = await scrape(app, {})
    expect(((await missing.json()) as { issues: unknown[] }).issues).toHaveLength(2)
  })
})
