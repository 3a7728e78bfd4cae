import { describe, expect, it } from 'vitest'
import { findMarket } from '../../workers/screening/domain/market/cities'

const label = (input: string) => {
  const r = findMarket(input)
  return r.ok ? r.market.label : r
}

describe('city normalisation to a City, ST market label', () => {
  it.each([
    ['austin', 'Austin, TX'],
    ['Austin TX', 'Austin, TX'],
    ['austin, tx', 'Austin, TX'],
    ['  AUSTIN ,  Texas ', 'Austin, TX'],
    ['Austin, MN', 'Austin, MN'],
    ['new york', 'New York, NY'],
    ['NYC', 'New York, NY'],
    ['New York, NY', 'New York, NY'],
    ['new york city, new york', 'New York, NY'],
    ['washington dc', 'Washington, DC'],
    ['Washington, D.C.', 'Washington, DC'],
    ['saint louis', 'St. Louis, MO'],
    ['St Louis MO', 'St. Louis, MO'],
    ['kansas city', 'Kansas City, MO'],
    ['Kansas City Kansas', 'Kansas City, KS'],
    ['portland', 'Portland, OR'],
    ['Portland, Maine', 'Portland, ME'],
    ['San Juan, PR', 'San Juan, PR'],
    ['salt lake city', 'Salt Lake City, UT'],
    ['Winston-Salem NC', 'Winston-Salem, NC'],
    ['Austin, Texas, USA', 'Austin, TX'],
  ])('%s → %s', (input, expected) => {
    expect(label(input)).toBe(expected)
  })

  it('refuses a bare name shared by cities of similar size, listing them', () => {
    const r = findMarket('springfield')
    expect(r).toMatchObject({ ok: false, reason: 'ambiguous' })
    if (!r.ok && r.reason === 'ambiguous')
      expect(r.candidates).toEqual(expect.arrayContaining(['Springfield, MO', 'Springfield, MA', 'Springfield, IL']))
  })

  it('refuses unknown places, with near names as suggestions', () => {
    expect(findMarket('Atlantis')).toMatchObject({ ok: false, reason: 'unknown' })
    const typo = findMarket('Austn, TX')
    expect(typo).toMatchObject({ ok: false, reason: 'unknown' })
    if (!typo.ok && typo.reason === 'unknown') expect(typo.suggestions[0]).toBe('Austin, TX')
    expect(findMarket('Austin, ZZ')).toMatchObject({ ok: false })
    expect(findMarket('Paris, France')).toMatchObject({ ok: false, reason: 'unknown' })
  })

  it('knows the classifieds region of a city, or that there is none near', () => {
    const austin = findMarket('austin')
    const roundRock = findMarket('round rock, tx')
    const oakland = findMarket('oakland, ca')
    expect(austin.ok && austin.market.classifiedsSite).toBe('austin')
    expect(roundRock.ok && roundRock.market.classifiedsSite).toBe('austin')
    expect(oakland.ok && oakland.market.classifiedsSite).toBe('sfbay')
  })
})
