import { contactIn, withoutContacts, type ParsedItem } from './types'

/**
 * The `vetscore` source: public classifieds search pages for a city, housing offered
 * (`apa`, apartments and housing for rent) and housing wanted (`hsw`).
 */
export const CLASSIFIEDS_CATEGORIES = [
  { path: 'apa', category: 'housing_offered' },
  { path: 'hsw', category: 'housing_wanted' },
] as const

export type ClassifiedsCategory = (typeof CLASSIFIEDS_CATEGORIES)[number]['category']

export function classifiedsSearchUrl(site: string, path: string): string {
  return `https://${site}.craigslist.org/search/${path}`
}

export type ClassifiedsPage = { kind: 'posts'; items: ParsedItem[]; skipped: number } | { kind: 'unparsable'; reason: string }

type Draft = {
  layout: 'static' | 'rows'
  href: string | null
  titleAttr: string | null
  title: string
  price: string
  location: string
  housing: string
  postedAt: string | null
  pid: string | null
}

/**
 * Posts from a search results page. The page renders its results twice: a grid filled by
 * JavaScript, and a server-rendered list for clients without it
 * (`ol.cl-static-search-results > li.cl-static-search-result`: link, `.title`, `.price`,
 * `.location`). Older pages used `li.result-row` with `.result-title`, `.result-price`,
 * `.result-hood`, `.housing` and `time.result-date`; both are read. Parsed with workerd's
 * streaming HTML parser, which tolerates broken markup.
 */
export async function parseClassifiedsSearch(html: string, pageUrl: string, category: ClassifiedsCategory): Promise<ClassifiedsPage> {
  const drafts: Draft[] = []
  let sawResultList = false
  const current = () => drafts[drafts.length - 1] as Draft | undefined
  const start = (layout: Draft['layout']) => (el: Element) => {
    drafts.push({
      layout,
      href: null,
      titleAttr: el.getAttribute('title'),
      title: '',
      price: '',
      location: '',
      housing: '',
      postedAt: null,
      pid: el.getAttribute('data-pid'),
    })
  }
  const text = (field: 'title' | 'price' | 'location' | 'housing') => ({
    text(chunk: Text) {
      const d = current()
      if (d) d[field] += chunk.text
    },
  })
  const link = {
    element(el: Element) {
      const d = current()
      const href = el.getAttribute('href')
      if (d && !d.href && href) d.href = href
    },
  }

  await new HTMLRewriter()
    .on('ol.cl-static-search-results, ul.rows, #search-results', {
      element() {
        sawResultList = true
      },
    })
    .on('li.cl-static-search-result', { element: start('static') })
    .on('li.cl-static-search-result a[href]', link)
    .on('li.cl-static-search-result .title', text('title'))
    .on('li.cl-static-search-result .price', text('price'))
    .on('li.cl-static-search-result .location', text('location'))
    .on('li.result-row', { element: start('rows') })
    .on('li.result-row a.result-title', { ...link, ...text('title') })
    .on('li.result-row .result-price', text('price'))
    .on('li.result-row .result-hood', text('location'))
    .on('li.result-row .housing', text('housing'))
    .on('li.result-row time.result-date', {
      element(el) {
        const d = current()
        if (d) d.postedAt = el.getAttribute('datetime')
      },
    })
    .transform(new Response(html))
    .arrayBuffer()

  if (!sawResultList && drafts.length === 0) {
    return { kind: 'unparsable', reason: 'the page has no search results list' }
  }

  const items: ParsedItem[] = []
  let skipped = 0
  for (const d of drafts) {
    const item = toItem(d, pageUrl, category)
    if (item) items.push(item)
    else skipped++
  }
  return { kind: 'posts', items, skipped }
}

function toItem(d: Draft, pageUrl: string, category: ClassifiedsCategory): ParsedItem | null {
  const url = resolve(d.href, pageUrl)
  // The list item's title attribute is the post title; `.title` text is the fallback (and
  // swallows neighbouring text when the markup is broken).
  const shown = clean(d.titleAttr ?? '') || clean(d.title)
  // Housing-wanted posts come from private individuals: keep the listing-level data only.
  const title = category === 'housing_wanted' ? withoutContacts(shown) : shown
  if (!url || !title) return null
  const raw: Record<string, unknown> = { category, title, url }
  const price = clean(d.price)
  if (price) raw.price = price
  const location = clean(d.location).replace(/^\((.*)\)$/, '$1')
  if (location) raw.location = location
  const housing = clean(d.housing).replace(/\s*-\s*$/, '')
  if (housing) raw.housing = housing
  if (d.postedAt) raw.postedAt = d.postedAt
  if (d.pid) raw.postingId = d.pid
  return { url, name: title, contact: category === 'housing_wanted' ? null : contactIn(title), raw }
}

function resolve(href: string | null, base: string): string | null {
  if (!href) return null
  try {
    const url = new URL(decodeEntities(href.trim()), base)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

function clean(s: string): string {
  return decodeEntities(s).replace(/\s+/g, ' ').trim()
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The streaming parser hands over text and attributes as written: decode entities once. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[body.toLowerCase()] ?? whole
  })
}

/** A classifieds block page ("This IP has been automatically blocked"). */
export function isClassifiedsBlock(status: number, body: string): boolean {
  return status === 403 || status === 429 || /has been automatically blocked|blocked.{0,40}(abuse|unusual)/i.test(body)
}
