import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import apa from './fixtures/classifieds-apa.html?raw'
import sample from './fixtures/feed-listings.json?raw'
import hsw from './fixtures/classifieds-hsw.html?raw'
import { freshIp, postJson, testApp } from './helpers'

// Issue 23: a licensed listings feed (docs/screening.md "Licensed feed"), replayed from the
// documented sample answer, read before the public classifieds when it is configured.

type Lead = { source: string; name: string | null; contact: string | null; url: string; rawData: Record<string, unknown> }
type Scrape = { leads: Lead[]; warnings: { source: string; message: string }[] }

const FEED = 'https://feed.example.com/v1'
const withFeed = { ...env, SCRAPE_FEED_URL: FEED, SCRAPE_FEED_API_KEY: 'feed-key-123' }
const html = { 'content-type': 'text/html; charset=utf-8' }

function fetcher(feedAnswer: { status?: number; body: string }, site: string) {
  const seen: Array<{ url: string; auth: string | null; ua: string | null }> = []
  const replay = replayFetcher([
    [new RegExp(`^${FEED}/listings\\?`), feedAnswer],
    [`https://${site}.craigslist.org/robots.txt`, { status: 404, body: '' }],
    [`https://${site}.craigslist.org/search/apa`, { headers: html, body: apa }],
    [`https://${site}.craigslist.org/search/hsw`, { headers: html, body: hsw }],
  ])
  const f = ((input: RequestInfo | URL, init?: RequestInit) => {
    const h = new Headers(init?.headers)
    seen.push({ url: String(input instanceof Request ? input.url : input), auth: h.get('authorization'), ua: h.get('user-agent') })
    return replay(input as never, init)
  }) as typeof replay
  return { f, seen }
}

const scrape = (f: ReturnType<typeof fetcher>['f'], city: string, bindings: object) =>
  postJson(testApp({ fetcher: f }), '/api/scrape', { city, source: 'vetscore' }, freshIp(), bindings)

describe('licensed listings feed', () => {
  it('maps the documented sample to listing-level leads, keeps only a business contact, and scrapes nothing', async () => {
    const { f, seen } = fetcher({ body: sample }, 'reno')
    const res = await scrape(f, 'Reno, NV', withFeed)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Scrape
    expect(seen).toHaveLength(1)
    expect(seen[0].url).toBe(`${FEED}/listings?city=Reno&state=NV&limit=200`)
    expect(seen[0].auth).toBe('Bearer feed-key-123')
    expect(seen[0].ua).toMatch(/^VetScoreBot\/1\.0 \(\+http/)

    expect(body.leads.map((l) => [l.url, l.name, l.contact])).toEqual([
      ['https://listings.example.com/l/1001', '2BR apartment near downtown ($1,850/mo)', '(775) 555-0100'],
      ['https://listings.example.com/l/1002', 'Room in shared house ($700/mo)', null],
    ])
    expect(body.leads[0].rawData).toMatchObject({
      origin: 'licensed-feed',
      listingId: 'L-1001',
      price: 1850,
      area: 'Midtown',
      postedDate: '2026-11-20T15:04:00Z',
    })
    expect(body.leads[1].rawData).toMatchObject({ price: 700, businessContact: null })
    // The private person's details appear nowhere in what we keep.
    expect(JSON.stringify(body)).not.toMatch(/555-0199|sam\.private|"Sam"/)
    expect(body.warnings).toEqual([{ source: 'vetscore', message: 'Licensed feed: 1 listing not in the documented shape skipped.' }])
  })

  it('falls back to the public classifieds with a warning when the feed refuses the key', async () => {
    const { f, seen } = fetcher({ status: 401, body: '{"error":"bad key"}' }, 'boulder')
    const body = (await (await scrape(f, 'Boulder, CO', withFeed)).json()) as Scrape
    expect(body.warnings[0]).toEqual({
      source: 'vetscore',
      message: 'Licensed feed: it refused the configured key (HTTP 401); the public sources are used instead.',
    })
    expect(seen.some((s) => s.url.includes('craigslist.org/search/apa'))).toBe(true)
    expect(body.leads.length).toBeGreaterThan(0)
    expect(body.leads.every((l) => l.rawData.origin !== 'licensed-feed')).toBe(true)
  })

  it('is not called when it is not configured', async () => {
    const { f, seen } = fetcher({ body: sample }, 'tempe')
    await scrape(f, 'Tempe, AZ', env)
    expect(seen.some((s) => s.url.startsWith(FEED))).toBe(false)
  })

  it('refuses an answer over 2 MiB without parsing it, and scrapes instead', async () => {
    const huge = JSON.stringify({ listings: [], pad: 'x'.repeat(2 * 1024 * 1024) })
    const { f } = fetcher({ body: huge }, 'reno')
    const body = (await (await scrape(f, 'Carson City, NV', withFeed)).json()) as Scrape
    expect(body.warnings[0].message).toBe('Licensed feed: its answer is over 2 MiB; the public sources are used instead.')
  })

  it('treats an answer without a listings array as a failed feed, not as zero leads', async () => {
    const { f } = fetcher({ body: '{"results": []}' }, 'reno')
    const body = (await (await scrape(f, 'Sparks, NV', withFeed)).json()) as Scrape
    expect(body.warnings[0].message).toBe('Licensed feed: its answer has no "listings" array; the public sources are used instead.')
  })
})
