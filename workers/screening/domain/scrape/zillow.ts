import { dollars, formatDollars, type ParsedItem } from './types'

export const ZILLOW_ORIGIN = 'https://www.zillow.com'

/** Zillow's rental search page for a market: `Austin, TX` → /austin-tx/rentals/. */
export function zillowSearchUrl(city: string, state: string): string {
  const slug = `${city} ${state}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${ZILLOW_ORIGIN}/${slug}/rentals/`
}

export type ZillowPage =
  | { kind: 'listings'; format: 'next-data' | 'embedded-store'; items: ParsedItem[]; skipped: number }
  | { kind: 'unparsable'; reason: string }

/**
 * PerimeterX, Zillow's bot wall, answers 403 with `x-px-blocked` and a captcha page
 * (`px-captcha`, `_pxAppId`, "Access to this page has been denied"); the same page also
 * comes with other statuses, so the body is checked too.
 */
export function isPerimeterXBlock(status: number, headers: Headers, body: string): boolean {
  if (headers.get('x-px-blocked')) return true
  const captcha = /px-captcha|_pxAppId|captcha\.px-cdn\.net|Access to this page has been denied/i.test(body)
  return captcha || (status === 403 && /perimeterx|px-cdn|_px/i.test(body))
}

/**
 * Listings from a rental search page. Current pages carry Next.js data in
 * `<script id="__NEXT_DATA__">` (props.pageProps.searchPageState.cat1.searchResults.listResults);
 * older ones an HTML-commented JSON store in
 * `<script data-zrr-shared-data-key="mobileSearchPageStore">` with the same `cat1` subtree.
 */
export function parseZillowSearch(html: string): ZillowPage {
  const next = scriptBody(html, /<script\b[^>]*\bid\s*=\s*["']__NEXT_DATA__["'][^>]*>([\s\S]*?)<\/script>/i)
  const store = scriptBody(html, /<script\b[^>]*\bdata-zrr-shared-data-key\s*=\s*["']mobileSearchPageStore["'][^>]*>([\s\S]*?)<\/script>/i)
  if (next === null && store === null) {
    return { kind: 'unparsable', reason: 'the page has no embedded search data (neither __NEXT_DATA__ nor the older search store)' }
  }

  const tries: { format: 'next-data' | 'embedded-store'; json: string | null; path: string[] }[] = [
    { format: 'next-data', json: next, path: ['props', 'pageProps', 'searchPageState', 'cat1', 'searchResults', 'listResults'] },
    {
      format: 'embedded-store',
      json: store && store.replace(/^\s*<!--/, '').replace(/-->\s*$/, ''),
      path: ['cat1', 'searchResults', 'listResults'],
    },
  ]
  let reason = 'the embedded search data is not valid JSON'
  for (const t of tries) {
    if (t.json === null) continue
    let data: unknown
    try {
      data = JSON.parse(t.json)
    } catch {
      continue
    }
    const list = dig(data, t.path)
    if (!Array.isArray(list)) {
      reason = 'the embedded search data has no listResults'
      continue
    }
    const items: ParsedItem[] = []
    let skipped = 0
    for (const entry of list) {
      const item = toItem(entry)
      if (item) items.push(item)
      else skipped++
    }
    return { kind: 'listings', format: t.format, items, skipped }
  }
  return { kind: 'unparsable', reason }
}

function scriptBody(html: string, re: RegExp): string | null {
  const m = re.exec(html)
  return m ? m[1].trim() : null
}

function dig(data: unknown, path: string[]): unknown {
  let cur = data
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined
    cur = (cur as Record<string, unknown>)[key]
  }
  return cur
}

type Entry = Record<string, unknown>

/** A rental listing or an apartment building; anything without a usable link is skipped. */
function toItem(entry: unknown): ParsedItem | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null
  const e = entry as Entry
  if (typeof e.statusType === 'string' && e.statusType !== 'FOR_RENT') return null
  const url = absoluteUrl(e.detailUrl)
  if (!url) return null

  const address = str(e.address) ?? joinAddress(e)
  let name: string | null
  if (e.isBuilding === true || Array.isArray(e.units)) {
    // Buildings list no single price: their unit prices are the rent.
    const unitPrices = (Array.isArray(e.units) ? e.units : [])
      .map((u) => dollars((u as Entry)?.price))
      .filter((n): n is number => n !== null)
    const from = unitPrices.length > 0 ? Math.min(...unitPrices) : (dollars(e.minBaseRent) ?? null)
    const title = str(e.buildingName) ?? str(e.statusText) ?? address
    name = [title, title !== address ? address : null, from !== null ? `from ${formatDollars(from)}/mo` : null].filter(Boolean).join(' · ')
  } else {
    const home = (e.hdpData as Entry | undefined)?.homeInfo as Entry | undefined
    const price = dollars(e.unformattedPrice) ?? dollars(e.price) ?? dollars(home?.price)
    const rooms = [e.beds != null ? `${e.beds} bd` : null, e.baths != null ? `${e.baths} ba` : null].filter(Boolean).join(', ')
    name = [address, rooms || null, price !== null ? `${formatDollars(price)}/mo` : null].filter(Boolean).join(' · ') || null
  }
  // Search results carry no contact details (those sit behind each listing's contact form).
  return { url, name, contact: null, raw: e }
}

function absoluteUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  try {
    const url = new URL(value.trim(), ZILLOW_ORIGIN)
    const zillow = url.hostname === 'zillow.com' || url.hostname.endsWith('.zillow.com')
    return zillow && (url.protocol === 'https:' || url.protocol === 'http:') ? url.toString() : null
  } catch {
    return null
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

function joinAddress(e: Entry): string | null {
  const parts = [str(e.addressStreet), str(e.addressCity), [str(e.addressState), str(e.addressZipcode)].filter(Boolean).join(' ')]
  const joined = parts.filter(Boolean).join(', ')
  return joined || null
}
