import { describe, expect, it } from 'vitest'
import { parseEntsoeBody, type DayAheadDocument } from '../../workers/market-data/domain/entsoe/day-ahead'
import { EntsoeError } from '../../workers/market-data/domain/entsoe/errors'
import { dayBoundsUtc, isoUtc, QUARTER_MS } from '../../workers/market-data/domain/time/paris'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import pt60 from './fixtures/entsoe-fr-2024-06-15-pt60m.xml?raw'
import spring from './fixtures/entsoe-fr-2026-03-29-pt15m.xml?raw'
import autumnA03 from './fixtures/entsoe-fr-2025-10-26-pt15m-a03.xml?raw'
import mixed from './fixtures/entsoe-fr-2025-09-30-mixed.xml?raw'
import twoPeriods from './fixtures/entsoe-fr-2025-11-13-a03-two-periods.xml?raw'
import deLu from './fixtures/entsoe-de-lu-2025-11-12.xml?raw'
import deLuReal from './fixtures/entsoe-de-lu-2021-01-01-real-a03.xml?raw'
import ackNoData from './fixtures/entsoe-ack-no-data.xml?raw'
import ackTooMuch from './fixtures/entsoe-ack-too-much.xml?raw'
import unauthorized from './fixtures/entsoe-unauthorized.html?raw'

function document(xml: string): DayAheadDocument {
  const out = parseEntsoeBody(xml)
  if (out.kind !== 'document') throw new Error(`expected a document, got ${out.kind}`)
  return out.document
}

/** Position → price as written in a fixture's first TimeSeries/Period. */
function pointsOf(xml: string): Map<number, number> {
  const out = new Map<number, number>()
  for (const m of xml.matchAll(/<position>(\d+)<\/position>\s*<price\.amount>([^<]+)<\/price\.amount>/g))
    out.set(Number(m[1]), Number(m[2]))
  return out
}

function errorOf(fn: () => unknown): EntsoeError {
  try {
    fn()
  } catch (err) {
    if (err instanceof EntsoeError) return err
    throw err
  }
  throw new Error('expected an EntsoeError')
}

describe('ENTSO-E day-ahead parser', () => {
  it('reads a 15-minute day: 96 quarter-hours, each price exactly on its quarter-hour', () => {
    const doc = document(pt15)
    expect(doc.mRID).toBe('FIXTURE-2025-11-12-PT15M')
    expect(doc.revision).toBe(1)
    expect(doc.days).toEqual(['2025-11-12'])
    expect(doc.slots).toHaveLength(96)
    const { startMs } = dayBoundsUtc('2025-11-12')
    const points = pointsOf(pt15)
    doc.slots.forEach((slot, i) => {
      expect(slot.startMs).toBe(startMs + i * QUARTER_MS)
      expect(slot.price).toBe(points.get(i + 1))
      expect(slot.resolutionMin).toBe(15)
    })
    expect(isoUtc(doc.slots[0].startMs)).toBe('2025-11-11T23:00:00Z')
    expect(isoUtc(doc.slots[95].startMs)).toBe('2025-11-12T22:45:00Z')
  })

  // Issue 22: values are held as published; an hourly day is 24 hourly values, not 96 copies.
  it('reads a 60-minute day (namespace 7:0) as 24 hourly values at their own resolution', () => {
    const doc = document(pt60)
    expect(doc.slots).toHaveLength(24)
    const points = pointsOf(pt60)
    expect(points.size).toBe(24)
    doc.slots.forEach((slot, i) => {
      expect(slot.price).toBe(points.get(i + 1))
      expect(slot.resolutionMin).toBe(60)
    })
    expect(isoUtc(doc.slots[0].startMs)).toBe('2024-06-14T22:00:00Z')
    expect(isoUtc(doc.slots[1].startMs)).toBe('2024-06-14T23:00:00Z')
    expect(doc.covers).toEqual([{ startMs: Date.parse('2024-06-14T22:00:00Z'), endMs: Date.parse('2024-06-15T22:00:00Z') }])
  })

  it('reads the real DE-LU answer: zone, 7:3 namespace, sequence 1 kept over sequence 2, A03 gaps forward-filled', () => {
    const doc = document(deLuReal)
    expect(doc.zone).toBe('10Y1001A1001A82H')
    expect(doc.mRID).toBe('dd59adf271cb47718ca6b95e57d70e01')
    expect(doc.createdAt).toBe('2025-08-18T13:42:19.000Z')
    expect(doc.days).toEqual(['2021-01-01', '2021-01-02'])
    // The PT60M series are classification sequence 1: 24 hours a day, every position filled.
    expect(doc.slots).toHaveLength(48)
    expect(doc.slots.every((s) => s.resolutionMin === 60)).toBe(true)
    const day2 = deLuReal.slice(deLuReal.lastIndexOf('<TimeSeries>'))
    const points = pointsOf(day2)
    expect(points.size).toBe(23) // A03: the platform left out a position repeating the one before
    let last = NaN
    doc.slots.slice(24).forEach((slot, i) => {
      last = points.get(i + 1) ?? last
      expect(slot.price).toBe(last)
    })
    expect(isoUtc(doc.slots[0].startMs)).toBe('2020-12-31T23:00:00Z')
    expect(parseEntsoeBody(deLuReal, '10Y1001A1001A82H').kind).toBe('document')
    // Without the sequence-1 series of 2021-01-01 that day is not served: for DE-LU the
    // platform publishes the EXAA auction under sequence 2 (data/price-sequences.json), and
    // it is not the SDAC day-ahead price.
    const second = deLuReal.indexOf('<TimeSeries>', deLuReal.indexOf('<TimeSeries>') + 1)
    const only15 = deLuReal.slice(0, second) + deLuReal.slice(deLuReal.indexOf('</TimeSeries>', second) + '</TimeSeries>'.length)
    const withoutSdac = document(only15)
    expect(withoutSdac.days).toEqual(['2021-01-02'])
    expect(withoutSdac.slots.every((s) => s.resolutionMin === 60)).toBe(true)
    expect(withoutSdac.skippedPositions).toEqual([2])
    // A document holding only the EXAA series is "no data" for DE-LU, not a price.
    const exaaOnly =
      deLuReal.slice(0, deLuReal.indexOf('<TimeSeries>', deLuReal.indexOf('<TimeSeries>') + 1)) + '</Publication_MarketDocument>'
    const outcome = parseEntsoeBody(exaaOnly, '10Y1001A1001A82H')
    expect(outcome.kind).toBe('no-data')
    expect(outcome.kind === 'no-data' && outcome.reason).toMatch(/sequence 2 .*not the SDAC/)

    // The same real 15-minute series, were it the zone's SDAC series, is read with its A03
    // gaps forward-filled: 96 values.
    const asSdac = only15.replace(
      '<classificationSequence_AttributeInstanceComponent.position>2<',
      '<classificationSequence_AttributeInstanceComponent.position>1<'
    )
    const d15 = document(asSdac)
    const given = pointsOf(only15.slice(0, only15.indexOf('</TimeSeries>')))
    expect(given.size).toBe(96)
    expect(d15.slots.filter((s) => s.resolutionMin === 15)).toHaveLength(96)
    let held = NaN
    d15.slots
      .filter((s) => s.resolutionMin === 15)
      .forEach((slot, i) => {
        held = given.get(i + 1) ?? held
        expect(slot).toMatchObject({ resolutionMin: 15, price: held })
      })
  })

  it('reads the spring switch day as 92 quarter-hours', () => {
    const doc = document(spring)
    expect(doc.slots).toHaveLength(92)
    expect(isoUtc(doc.slots[0].startMs)).toBe('2026-03-28T23:00:00Z')
    // 01:45 CET is followed by 03:00 CEST: UTC stays contiguous.
    expect(isoUtc(doc.slots[8].startMs)).toBe('2026-03-29T01:00:00Z')
    expect(isoUtc(doc.slots[91].startMs)).toBe('2026-03-29T21:45:00Z')
  })

  it('forward-fills A03 omitted positions within the Period, on the autumn switch day (100 quarter-hours)', () => {
    const doc = document(autumnA03)
    const points = pointsOf(autumnA03)
    expect(points.size).toBeLessThan(100)
    expect(doc.slots).toHaveLength(100)
    let last = NaN
    doc.slots.forEach((slot, i) => {
      const written = points.get(i + 1)
      last = written ?? last
      expect(slot.price).toBe(last)
    })
    // Positions 97-100 were omitted: they repeat position 96 up to the end of the Period.
    expect(points.has(100)).toBe(false)
    expect(doc.slots[99].price).toBe(points.get(96))
    expect(isoUtc(doc.slots[99].startMs)).toBe('2025-10-26T22:45:00Z')
  })

  it('does not carry an A03 value across Periods: a Period starting with an omitted position leaves it missing', () => {
    const doc = document(twoPeriods)
    expect(doc.slots).toHaveLength(95)
    const { startMs } = dayBoundsUtc('2025-11-13')
    const noon = startMs + 48 * QUARTER_MS
    expect(doc.slots.find((s) => s.startMs === noon)).toBeUndefined()
    expect(doc.slots.find((s) => s.startMs === noon + QUARTER_MS)).toBeDefined()
  })

  it('keeps the 15-minute series on a day that also has a 60-minute one, and the 60-minute one on a day without', () => {
    const doc = document(mixed)
    expect(doc.days).toEqual(['2025-09-30', '2025-10-01'])
    const sep30 = doc.slots.filter((s) => s.startMs < dayBoundsUtc('2025-10-01').startMs)
    const oct1 = doc.slots.filter((s) => s.startMs >= dayBoundsUtc('2025-10-01').startMs)
    expect(sep30).toHaveLength(24)
    expect(sep30.every((s) => s.resolutionMin === 60 && s.price > 900)).toBe(true)
    expect(oct1).toHaveLength(96)
    expect(oct1.every((s) => s.resolutionMin === 15 && s.price < 900)).toBe(true)
  })

  it('returns no-data for an acknowledgement with reason 999 "No matching data"', () => {
    const out = parseEntsoeBody(ackNoData)
    expect(out.kind).toBe('no-data')
    if (out.kind === 'no-data') expect(out.reason).toMatch(/No matching data found/)
  })

  it('treats an acknowledgement refusing the query as REJECTED, not as no data', () => {
    expect(errorOf(() => parseEntsoeBody(ackTooMuch)).code).toBe('REJECTED')
  })

  it('recognises the HTML "Unauthorized" page', () => {
    const err = errorOf(() => parseEntsoeBody(unauthorized))
    expect(err.code).toBe('UNAUTHORIZED')
    expect(err.message).toMatch(/ENTSOE_TOKEN/)
  })

  // Issue 22: every zone is read; a document for a zone other than the one asked for is refused.
  it('refuses a document for another bidding zone than the one asked for', () => {
    expect(document(deLu).zone).toBe('10Y1001A1001A82H')
    const err = errorOf(() => parseEntsoeBody(deLu, '10YFR-RTE------C'))
    expect(err.code).toBe('WRONG_ZONE')
    expect(err.message).toContain('10Y1001A1001A82H')
  })

  it('refuses a document whose out_Domain alone is another zone', () => {
    const xml = pt15.replace(
      /<out_Domain\.mRID codingScheme="A01">10YFR-RTE------C/,
      '<out_Domain.mRID codingScheme="A01">10YDE-VE-------2'
    )
    expect(errorOf(() => parseEntsoeBody(xml)).code).toBe('WRONG_ZONE')
  })

  it.each([
    ['an unknown namespace', (x: string) => x.replace('publicationdocument:7:3', 'publicationdocument:6:0'), 'UNSUPPORTED_DOCUMENT'],
    ['another document type', (x: string) => x.replace('<type>A44</type>', '<type>A65</type>'), 'UNSUPPORTED_DOCUMENT'],
    [
      'intraday prices',
      (x: string) => x.replace('<contract_MarketAgreement.type>A01', '<contract_MarketAgreement.type>A07'),
      'UNSUPPORTED_DOCUMENT',
    ],
    ['another currency', (x: string) => x.replace('<currency_Unit.name>EUR', '<currency_Unit.name>PLN'), 'UNSUPPORTED_DOCUMENT'],
    ['a daily resolution', (x: string) => x.replace('<resolution>PT15M', '<resolution>P1D'), 'UNSUPPORTED_DOCUMENT'],
    ['curveType A02', (x: string) => x.replace('<curveType>A01', '<curveType>A02'), 'UNSUPPORTED_DOCUMENT'],
    ['a position past the Period end', (x: string) => x.replace('<position>96</position>', '<position>97</position>'), 'MALFORMED'],
    ['a duplicated position', (x: string) => x.replace('<position>96</position>', '<position>95</position>'), 'MALFORMED'],
    ['a price that is not a number', (x: string) => x.replace(/<price\.amount>[^<]+/, '<price.amount>n/a'), 'MALFORMED'],
    [
      'a Period end off the grid',
      (x: string) =>
        x.replace('<end>2025-11-12T23:00Z</end>\n\t\t\t</timeInterval>', '<end>2025-11-12T23:07Z</end>\n\t\t\t</timeInterval>'),
      'MALFORMED',
    ],
    ['a missing domain', (x: string) => x.replace(/<in_Domain\.mRID[^\n]+\n/, ''), 'MALFORMED'],
    ['broken XML', (x: string) => x.replace('</Publication_MarketDocument>', ''), 'MALFORMED'],
    ['a GL_MarketDocument root', (x: string) => x.replaceAll('Publication_MarketDocument', 'GL_MarketDocument'), 'UNSUPPORTED_DOCUMENT'],
  ])('refuses %s', (_, mutate, code) => {
    const xml = mutate(pt15)
    expect(xml).not.toBe(pt15)
    expect(errorOf(() => parseEntsoeBody(xml)).code).toBe(code)
  })

  it('refuses two series giving different prices for the same quarter-hour', () => {
    const series = pt15.slice(pt15.indexOf('\t<TimeSeries>'), pt15.indexOf('</Publication_MarketDocument>'))
    const changed = series.replace(/<price\.amount>[^<]+/, '<price.amount>999.99')
    const xml = pt15.replace('</Publication_MarketDocument>', `${changed}</Publication_MarketDocument>`)
    expect(errorOf(() => parseEntsoeBody(xml)).code).toBe('MALFORMED')
    // The same series twice is harmless.
    expect(document(pt15.replace('</Publication_MarketDocument>', `${series}</Publication_MarketDocument>`)).slots).toHaveLength(96)
  })

  it('leaves A01 missing positions missing (no value is invented)', () => {
    const xml = pt15.replace(/\t\t\t<Point>\n\t\t\t\t<position>10<\/position>\n[^\n]+\n\t\t\t<\/Point>\n/, '')
    const doc = document(xml)
    expect(doc.slots).toHaveLength(95)
    expect(doc.slots.find((s) => s.startMs === dayBoundsUtc('2025-11-12').startMs + 9 * QUARTER_MS)).toBeUndefined()
  })
})
