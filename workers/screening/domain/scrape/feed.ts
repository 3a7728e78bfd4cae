import { z } from 'zod'
import type { HttpFetcher } from '../../../../shared/http-fetcher'
import type { Market } from '../market/cities'
import { MAX_ITEMS_PER_SOURCE } from './sources'
import { dollars, formatDollars, type ParsedItem, type SourceResult } from './types'

/**
 * A licensed source of rental listings (issue 23): an API the partner has a contract and a
 * key for, read instead of scraping pages. Any such source fits behind this interface; the
 * one implementation here speaks the documented JSON of docs/screening.md "Licensed feed".
 * It gives listing-level data only (title, price, area, URL, posted date) and the public
 * business contact of a listing where the feed marks one.
 */
export type ListingFeed = {
  /** Shown in warnings, e.g. "Licensed feed". */
  name: string
  listings(market: Market, o: FeedFetch): Promise<SourceResult>
}

export type FeedFetch = {
  fetcher: HttpFetcher
  userAgent: string
  timeoutMs: number
  /** The service-wide per-host request budget (routes/scrape.ts), as for scraped sites. */
  spend?: (host: string) => Promise<number | null>
}

/** Largest feed answer read; past it the answer is refused rather than parsed. */
export const MAX_FEED_BYTES = 2 * 1024 * 1024

const text = (max: number) => z.string().trim().min(1).max(max)

/** One listing of the feed's documented answer; unknown fields are ignored. */
const FeedListing = z.object({
  id: text(200),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  title: text(300),
  price: z.union([z.number().nonnegative(), text(50)]).nullish(),
  area: text(200).nullish(),
  bedrooms: z.number().nonnegative().max(50).nullish(),
  posted_at: z.iso.datetime({ offset: true }).or(z.iso.date()).nullish(),
  contact: z
    .object({
      kind: z.enum(['business', 'private']),
      name: text(200).nullish(),
      phone: text(40).nullish(),
      email: z.email().max(254).nullish(),
    })
    .nullish(),
})
const FeedAnswer = z.object({ listings: z.array(z.unknown()).max(10_000) })

/**
 * The feed's listings as leads. A listing that does not match the documented shape is
 * skipped and counted. A contact is kept only when the feed marks it a business (a landlord
 * company, manager or agent publishing the listing); a private person's never is.
 */
export function parseFeedAnswer(body: unknown): { items: ParsedItem[]; skipped: number } | null {
  const answer = FeedAnswer.safeParse(body)
  if (!answer.success) return null
  const items: ParsedItem[] = []
  let skipped = 0
  for (const entry of answer.data.listings) {
    const listing = FeedListing.safeParse(entry)
    if (!listing.success) {
      skipped++
      continue
    }
    const l = listing.data
    const business = l.contact?.kind === 'business' ? l.contact : null
    const price = dollars(l.price ?? null)
    items.push({
      url: l.url,
      name: price !== null ? `${l.title} (${formatDollars(price)}/mo)` : l.title,
      contact: business ? (business.phone ?? business.email ?? null) : null,
      raw: {
        origin: 'licensed-feed',
        listingId: l.id,
        title: l.title,
        price,
        area: l.area ?? null,
        bedrooms: l.bedrooms ?? null,
        url: l.url,
        postedDate: l.posted_at ?? null,
        businessContact: business ? { name: business.name ?? null, phone: business.phone ?? null, email: business.email ?? null } : null,
      },
    })
  }
  return { items, skipped }
}

/**
 * The documented HTTP feed: `GET <SCRAPE_FEED_URL>/listings?city=<name>&state=<ST>&limit=200`
 * with `Authorization: Bearer <SCRAPE_FEED_API_KEY>`, answering `{ "listings": [...] }`.
 */
export function httpListingFeed(baseUrl: string, apiKey: string): ListingFeed {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    name: 'Licensed feed',
    async listings(market, o) {
      const url = `${base}/listings?${new URLSearchParams({ city: market.name, state: market.state, limit: String(MAX_ITEMS_PER_SOURCE) })}`
      const fail = (why: string): SourceResult => ({
        items: [],
        warnings: [`Licensed feed: ${why}; the public sources are used instead.`],
        failed: true,
      })
      const wait = o.spend ? await o.spend(new URL(url).host) : null
      if (wait !== null) return fail(`the request budget is spent for now (retry in ${wait} seconds)`)
      let res: Response
      try {
        res = await o.fetcher(url, {
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': o.userAgent },
          redirect: 'manual',
          signal: AbortSignal.timeout(o.timeoutMs),
        })
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        return fail(timedOut ? `no answer within ${o.timeoutMs / 1000} seconds` : 'it could not be reached')
      }
      if (res.status === 401 || res.status === 403) return fail(`it refused the configured key (HTTP ${res.status})`)
      if (res.status !== 200) return fail(`it answered HTTP ${res.status}`)
      const body = await readCapped(res, MAX_FEED_BYTES)
      if (body === null) return fail(`its answer is over ${MAX_FEED_BYTES / 1024 / 1024} MiB`)
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        return fail('its answer is not JSON')
      }
      const parsed = parseFeedAnswer(json)
      if (!parsed) return fail('its answer has no "listings" array')
      const warnings: string[] = []
      if (parsed.skipped > 0)
        warnings.push(`Licensed feed: ${parsed.skipped} listing${parsed.skipped === 1 ? '' : 's'} not in the documented shape skipped.`)
      if (parsed.items.length === 0) warnings.push(`Licensed feed: no listings for ${market.label}.`)
      return { items: parsed.items.slice(0, MAX_ITEMS_PER_SOURCE), warnings }
    },
  }
}

/** The feed the operator configured (both secrets set), or null: then only the public sources run. */
export function configuredFeed(env: { SCRAPE_FEED_URL?: string; SCRAPE_FEED_API_KEY?: string }): ListingFeed | null {
  const url = env.SCRAPE_FEED_URL?.trim()
  const key = env.SCRAPE_FEED_API_KEY?.trim()
  if (!url || !key || !url.startsWith('https://')) return null
  return httpListingFeed(url, key)
}

/** The body as text, or null past `max` bytes: read in chunks and stopped there, never whole. */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (Number(res.headers.get('content-length')) > max) {
    await res.body?.cancel()
    return null
  }
  if (!res.body) return ''
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      return null
    }
    text += decoder.decode(value, { stream: true })
  }
}
