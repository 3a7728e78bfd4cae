import type { HttpFetcher } from '../../../../shared/http-fetcher'
import type { Market } from '../market/cities'
import { CLASSIFIEDS_CATEGORIES, classifiedsSearchUrl, isClassifiedsBlock, parseClassifiedsSearch } from './classifieds'
import type { ListingFeed } from './feed'
import type { ParsedItem, SourceResult } from './types'
import { allowed, parseRobots, productToken, type RobotsRules } from './robots'
import { isPerimeterXBlock, parseZillowSearch, zillowSearchUrl } from './zillow'

export type FetchOptions = {
  fetcher: HttpFetcher
  userAgent: string
  timeoutMs: number
  /** Where robots.txt answers are kept for a day (KV); without it, each run reads them again. */
  cache?: KVNamespace
  /**
   * Counts one request to `host` against the service-wide per-host budget; the seconds to
   * wait when it is spent, else null (routes/scrape.ts backs it with the RateLimiter DO).
   */
  spend?: (host: string) => Promise<number | null>
  /** A licensed listings feed (scrape/feed.ts), read before the public classifieds when configured. */
  feed?: ListingFeed | null
}

/** Most items kept from one source per run. */
export const MAX_ITEMS_PER_SOURCE = 200

type Page = { status: number; headers: Headers; body: string } | { error: string }

/** One GET, one attempt: a source that fails is a warning, not a reason to hammer it. */
async function getPage(url: string, o: FetchOptions): Promise<Page> {
  const host = new URL(url).host
  const wait = o.spend ? await o.spend(host) : null
  if (wait !== null) return { error: `the request budget for ${host} is spent for now (retry in ${wait} seconds)` }
  try {
    const res = await o.fetcher(url, {
      headers: {
        'user-agent': o.userAgent,
        accept: 'text/html,application/xhtml+xml',
        'accept-language': 'en-US,en;q=0.8',
      },
      redirect: 'follow',
      signal: AbortSignal.timeout(o.timeoutMs),
    })
    return { status: res.status, headers: res.headers, body: await res.text() }
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    return { error: timedOut ? `no answer within ${o.timeoutMs / 1000} seconds` : 'the site could not be reached' }
  }
}

type Robots = RobotsRules | { unreachable: true }

/**
 * The site's robots.txt for us (RFC 9309 § 2.3.1): a 4xx means no rules; a 5xx or no answer
 * means we may fetch nothing. Kept a day in KV (10 minutes when unreachable).
 */
async function robotsFor(origin: string, o: FetchOptions): Promise<Robots> {
  // Pages of one run fetched in parallel share one robots.txt request.
  let pending = inflight.get(o)
  if (!pending) inflight.set(o, (pending = new Map()))
  let robots = pending.get(origin)
  if (!robots) pending.set(origin, (robots = readRobots(origin, o)))
  return robots
}

const inflight = new WeakMap<FetchOptions, Map<string, Promise<Robots>>>()

async function readRobots(origin: string, o: FetchOptions): Promise<Robots> {
  const key = `robots:${origin}`
  const cached = (await o.cache?.get<Robots>(key, 'json')) ?? null
  if (cached) return cached
  const page = await getPage(`${origin}/robots.txt`, o)
  const robots: Robots =
    'error' in page || page.status >= 500
      ? { unreachable: true }
      : page.status === 200
        ? parseRobots(page.body, productToken(o.userAgent))
        : { rules: [] }
  await o.cache?.put(key, JSON.stringify(robots), { expirationTtl: 'unreachable' in robots ? 600 : 86_400 })
  return robots
}

/** One GET of a page robots.txt lets us fetch; otherwise the reason, as a page error. */
async function politeGet(url: string, o: FetchOptions): Promise<Page> {
  const target = new URL(url)
  const robots = await robotsFor(target.origin, o)
  if ('unreachable' in robots) return { error: 'its robots.txt could not be read, so nothing is fetched' }
  if (!allowed(robots, target.pathname + target.search)) return { error: 'its robots.txt does not allow our crawler on this page' }
  return getPage(url, o)
}

export async function scrapeZillow(market: Market, o: FetchOptions): Promise<SourceResult> {
  const url = zillowSearchUrl(market.name, market.state)
  const page = await politeGet(url, o)
  if ('error' in page) return failed(`Zillow: ${page.error}; no Zillow leads this time.`)
  if (isPerimeterXBlock(page.status, page.headers, page.body)) {
    return failed('Zillow blocked the request (PerimeterX bot protection); no Zillow leads this time.')
  }
  if (page.status !== 200) return failed(`Zillow answered HTTP ${page.status} for ${url}; no Zillow leads this time.`)
  const parsed = parseZillowSearch(page.body)
  if (parsed.kind === 'unparsable') return failed(`Zillow: nothing parsable on the rental search page (${parsed.reason}).`)
  return collect(parsed.items, parsed.skipped, 'Zillow', `Zillow returned no rental listings for ${market.label}.`)
}

export async function scrapeClassifieds(market: Market, o: FetchOptions): Promise<SourceResult> {
  const site = market.classifiedsSite
  if (!site) {
    return failed(`No public classifieds region is known near ${market.label}; no classifieds leads.`)
  }
  const pages = await Promise.all(
    CLASSIFIEDS_CATEGORIES.map(async ({ path, category }) => {
      const url = classifiedsSearchUrl(site, path)
      const label = category === 'housing_offered' ? 'housing offered' : 'housing wanted'
      const page = await politeGet(url, o)
      if ('error' in page) return failed(`Classifieds (${label}): ${page.error}.`)
      if (isClassifiedsBlock(page.status, page.body)) {
        return failed(`Classifieds (${label}) blocked the request (HTTP ${page.status}).`)
      }
      if (page.status !== 200) return failed(`Classifieds (${label}) answered HTTP ${page.status}.`)
      const parsed = await parseClassifiedsSearch(page.body, url, category)
      if (parsed.kind !== 'posts') return failed(`Classifieds (${label}): nothing parsable (${parsed.reason}).`)
      return collect(parsed.items, parsed.skipped, `Classifieds (${label})`, `Classifieds (${label}): no posts for ${market.label}.`)
    })
  )
  return {
    items: pages.flatMap((p) => p.items).slice(0, MAX_ITEMS_PER_SOURCE),
    warnings: pages.flatMap((p) => p.warnings),
    failed: pages.every((p) => p.failed),
  }
}

function collect(items: ParsedItem[], skipped: number, who: string, emptyMessage: string): SourceResult {
  const warnings: string[] = []
  if (items.length === 0) warnings.push(skipped > 0 ? `${who}: none of the ${skipped} results could be read.` : emptyMessage)
  else if (skipped > 0) warnings.push(`${who}: ${skipped} result${skipped === 1 ? '' : 's'} without a usable link or title skipped.`)
  if (items.length > MAX_ITEMS_PER_SOURCE) warnings.push(`${who}: kept the first ${MAX_ITEMS_PER_SOURCE} of ${items.length} results.`)
  return { items: items.slice(0, MAX_ITEMS_PER_SOURCE), warnings }
}

function failed(message: string): SourceResult {
  return { items: [], warnings: [message], failed: true }
}
