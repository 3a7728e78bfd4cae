import type { HttpFetcher } from '../../../shared/http-fetcher'
import type { Market } from '../market/cities'
import {
  CLASSIFIEDS_CATEGORIES,
  classifiedsSearchUrl,
  isClassifiedsBlock,
  parseClassifiedsSearch,
} from './classifieds'
import type { ParsedItem, SourceResult } from './types'
import { isPerimeterXBlock, parseZillowSearch, zillowSearchUrl } from './zillow'

export type FetchOptions = { fetcher: HttpFetcher; userAgent: string; timeoutMs: number }

/** Most items kept from one source per run. */
export const MAX_ITEMS_PER_SOURCE = 200

type Page = { status: number; headers: Headers; body: string } | { error: string }

/** One GET, one attempt: a source that fails is a warning, not a reason to hammer it. */
async function getPage(url: string, o: FetchOptions): Promise<Page> {
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

export async function scrapeZillow(market: Market, o: FetchOptions): Promise<SourceResult> {
  const url = zillowSearchUrl(market.name, market.state)
  const page = await getPage(url, o)
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
      const page = await getPage(url, o)
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
