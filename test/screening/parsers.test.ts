import { describe, expect, it } from 'vitest'
import { parseClassifiedsSearch } from '../../workers/screening/domain/scrape/classifieds'
import { contactIn, dollars } from '../../workers/screening/domain/scrape/types'
import { isPerimeterXBlock, parseZillowSearch, zillowSearchUrl } from '../../workers/screening/domain/scrape/zillow'
import apa from './fixtures/classifieds-apa.html?raw'
import empty from './fixtures/classifieds-empty.html?raw'
import hsw from './fixtures/classifieds-hsw.html?raw'
import legacyRows from './fixtures/classifieds-legacy-rows.html?raw'
import malformedPosts from './fixtures/classifieds-malformed.html?raw'
import zillowNext from './fixtures/zillow-austin-next-data.html?raw'
import zillowEmpty from './fixtures/zillow-empty.html?raw'
import zillowLegacy from './fixtures/zillow-legacy-store.html?raw'
import zillowMalformed from './fixtures/zillow-malformed.html?raw'
import pxBlock from './fixtures/zillow-perimeterx-block.html?raw'

describe('Zillow rental search parser', () => {
  it('builds the rental search URL for a market', () => {
    expect(zillowSearchUrl('Austin', 'TX')).toBe('https://www.zillow.com/austin-tx/rentals/')
    expect(zillowSearchUrl('St. Louis', 'MO')).toBe('https://www.zillow.com/st-louis-mo/rentals/')
    expect(zillowSearchUrl("Coeur d'Alene", 'ID')).toBe('https://www.zillow.com/coeur-dalene-id/rentals/')
  })

  it('reads listResults from __NEXT_DATA__, pricing buildings from their units', () => {
    const page = parseZillowSearch(zillowNext)
    if (page.kind !== 'listings') throw new Error(page.reason)
    expect(page.format).toBe('next-data')
    expect(page.skipped).toBe(1)
    expect(page.items.map((i) => [i.url, i.name])).toEqual([
      [
        'https://www.zillow.com/homedetails/2105-Riverview-Ln-Austin-TX-78741/29363311_zpid/',
        '2105 Riverview Ln, Austin, TX 78741 · 3 bd, 2 ba · $1,950/mo',
      ],
      [
        'https://www.zillow.com/apartments/austin-tx/the-lamar-flats/5XjKwN/',
        'The Lamar Flats · 1100 S Lamar Blvd, Austin, TX 78704 · from $1,295/mo',
      ],
      [
        'https://www.zillow.com/homedetails/804-E-43rd-St-APT-2-Austin-TX-78751/2061938412_zpid/',
        '804 E 43rd St APT 2, Austin, TX 78751 · 1 bd, 1 ba · $1,425/mo',
      ],
      ['https://www.zillow.com/b/2400-nueces-st-austin-tx-5YbQ2m/', '2400 Nueces St, Austin, TX 78705 · from $985/mo'],
      [
        'https://www.zillow.com/homedetails/9209-Collinfield-Dr-Austin-TX-78758/58316229_zpid/',
        '9209 Collinfield Dr, Austin, TX 78758 · 4 bd, 2.5 ba · $2,295/mo',
      ],
    ])
    // Search results carry no contact details, so none are made up.
    expect(page.items.every((i) => i.contact === null)).toBe(true)
    // rawData is the entry exactly as embedded.
    const embedded = JSON.parse(/<script id="__NEXT_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(zillowNext)![1])
    expect(page.items[1].raw).toEqual(embedded.props.pageProps.searchPageState.cat1.searchResults.listResults[1])
  })

  it('falls back to the older embedded search store', () => {
    const page = parseZillowSearch(zillowLegacy)
    if (page.kind !== 'listings') throw new Error(page.reason)
    expect(page.format).toBe('embedded-store')
    expect(page.items.map((i) => i.name)).toEqual([
      '1422 N Ogden St, Denver, CO 80218 · 2 bd, 1 ba · $1,875/mo',
      '3301 W Hayward Pl, Denver, CO 80211 · 3 bd, 2 ba · $2,650/mo',
    ])
  })

  it('reports an empty search as listings with none, and broken or missing data as unparsable', () => {
    expect(parseZillowSearch(zillowEmpty)).toMatchObject({ kind: 'listings', items: [], skipped: 0 })
    expect(parseZillowSearch(zillowMalformed)).toEqual({ kind: 'unparsable', reason: 'the embedded search data is not valid JSON' })
    expect(parseZillowSearch('<html><body>Hello</body></html>')).toMatchObject({ kind: 'unparsable' })
    expect(parseZillowSearch('<script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>')).toEqual({
      kind: 'unparsable',
      reason: 'the embedded search data has no listResults',
    })
  })

  it('recognises a PerimeterX block by header, status and page', () => {
    expect(isPerimeterXBlock(403, new Headers({ 'x-px-blocked': '1' }), '')).toBe(true)
    expect(isPerimeterXBlock(200, new Headers(), pxBlock)).toBe(true)
    expect(isPerimeterXBlock(200, new Headers(), zillowNext)).toBe(false)
    expect(isPerimeterXBlock(404, new Headers(), 'Not found')).toBe(false)
  })
})

describe('classifieds search parser', () => {
  it('reads housing offered posts from the static results list, skipping "see also" links', async () => {
    const page = await parseClassifiedsSearch(apa, 'https://austin.craigslist.org/search/apa', 'housing_offered')
    if (page.kind !== 'posts') throw new Error(page.reason)
    expect(page.skipped).toBe(0)
    expect(page.items).toEqual([
      {
        url: 'https://austin.craigslist.org/apa/d/austin-spacious-2br-near-zilker-park/7801234561.html',
        name: 'Spacious 2BR near Zilker Park & Barton Springs',
        contact: null,
        raw: {
          category: 'housing_offered',
          title: 'Spacious 2BR near Zilker Park & Barton Springs',
          url: 'https://austin.craigslist.org/apa/d/austin-spacious-2br-near-zilker-park/7801234561.html',
          price: '$1,895',
          location: 'Zilker',
        },
      },
      expect.objectContaining({ name: 'Remodeled 1BR w/ washer-dryer, call 512-555-0147', contact: '(512) 555-0147' }),
      expect.objectContaining({ name: '3 bedroom house, fenced yard, pets OK', contact: null }),
    ])
  })

  it("reads housing wanted posts without collecting the private person's contact details (issue 23)", async () => {
    const page = await parseClassifiedsSearch(hsw, 'https://austin.craigslist.org/search/hsw', 'housing_wanted')
    if (page.kind !== 'posts') throw new Error(page.reason)
    expect(page.items.map((i) => [i.name, i.contact, i.raw.category, i.raw.price ?? null])).toEqual([
      ["Travel nurse seeking 1BR near St. David's, 3 months", null, 'housing_wanted', '$1,500'],
      ['Quiet grad student looking for room - email [contact removed]', null, 'housing_wanted', null],
    ])
    expect(JSON.stringify(page.items)).not.toContain('jamie.t@example.net')
  })

  it('reads the older result-row layout', async () => {
    const page = await parseClassifiedsSearch(legacyRows, 'https://denver.craigslist.org/search/apa', 'housing_offered')
    if (page.kind !== 'posts') throw new Error(page.reason)
    expect(page.items.map((i) => i.raw)).toEqual([
      {
        category: 'housing_offered',
        title: 'Sunny 1BR in Capitol Hill',
        url: 'https://denver.craigslist.org/apa/d/denver-sunny-1br-in-capitol-hill/7301112221.html',
        price: '$1,295',
        location: 'Capitol Hill',
        housing: '1br - 650ft2',
        postedAt: '2021-05-04 10:12',
        postingId: '7301112221',
      },
      expect.objectContaining({ title: '2BR townhome, garage - (303) 555-0188', location: 'Lakewood', price: '$1,780' }),
    ])
    expect(page.items[1].contact).toBe('(303) 555-0188')
  })

  it('keeps what it can from broken markup and skips posts without a usable link', async () => {
    const page = await parseClassifiedsSearch(malformedPosts, 'https://austin.craigslist.org/search/apa', 'housing_offered')
    if (page.kind !== 'posts') throw new Error(page.reason)
    expect(page.items.map((i) => [i.url, i.name])).toEqual([
      ['https://austin.craigslist.org/apa/d/austin-studio-downtown-all-bills-paid/7801234571.html', 'Studio downtown, all bills paid'],
      ['https://austin.craigslist.org/apa/d/austin-garage-apartment/7801234573.html', 'Garage apartment, utilities included'],
    ])
    expect(page.skipped).toBe(2)
  })

  it('tells an empty results page from a page without results', async () => {
    expect(await parseClassifiedsSearch(empty, 'https://austin.craigslist.org/search/hsw', 'housing_wanted')).toEqual({
      kind: 'posts',
      items: [],
      skipped: 0,
    })
    expect(
      await parseClassifiedsSearch('<html><body><h1>Moved</h1></body></html>', 'https://x.craigslist.org/search/apa', 'housing_offered')
    ).toMatchObject({
      kind: 'unparsable',
    })
  })
})

describe('text helpers', () => {
  it('finds phone numbers and e-mail addresses, and nothing in plain text', () => {
    expect(contactIn('call 512.555.0147 today')).toBe('(512) 555-0147')
    expect(contactIn('+1 (737) 555-0100')).toBe('(737) 555-0100')
    expect(contactIn('write to a.b@example.org')).toBe('a.b@example.org')
    expect(contactIn('2BR, 950 sqft, $1,450')).toBeNull()
    expect(contactIn('posting id 7801234561')).toBeNull()
    // Issue 23: the tail of a price range is not an area code.
    expect(contactIn('$1,200-1,500 555-0147')).toBeNull()
    expect(contactIn('2BR $1,200-1,500, call 512-555-0147')).toBe('(512) 555-0147')
  })
  it('reads dollar amounts', () => {
    expect(dollars('$1,295+')).toBe(1295)
    expect(dollars('$2,800/mo')).toBe(2800)
    expect(dollars(1950)).toBe(1950)
    expect(dollars('Contact for price')).toBeNull()
  })
})
