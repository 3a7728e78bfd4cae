import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { app } from './app'

const SERIES = ['day-ahead-prices', 'fcr-capacity', 'afrr-capacity', 'afrr-energy', 'mfrr-capacity', 'mfrr-energy']

describe('no query string gives a 500', () => {
  it('answers 200 or 400 INVALID_QUERY to arbitrary parameters', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('2025-11-12', '2024-02-29', '2025-02-29', '0000-00-00', 'csv', 'json', '', '%', '%E0%A4%A', '2025-11-12T00:00:00Z')
    )
    const key = fc.oneof(fc.constantFrom('date', 'start', 'end', 'format', 'date[]', ''), fc.string({ maxLength: 6 }))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SERIES), fc.array(fc.tuple(key, value), { maxLength: 4 }), async (series, pairs) => {
        const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.includes('%') ? v : encodeURIComponent(v)}`).join('&')
        const res = await app.request(`/api/${series}?${query}`, {}, env)
        expect([200, 400]).toContain(res.status)
        const text = await res.text()
        if (res.status === 400) expect(JSON.parse(text).code).toBe('INVALID_QUERY')
      }),
      { numRuns: 300 }
    )
    // Each request now also passes the token check and the rate limiter (a Durable Object).
  }, 60_000)
})

describe('source readers fail only with their own errors', () => {
  it('the ENTSO-E reader answers any text with a result or an EntsoeError', async () => {
    const { parseEntsoeBody } = await import('../../workers/market-data/domain/entsoe/day-ahead')
    const { EntsoeError } = await import('../../workers/market-data/domain/entsoe/errors')
    const { default: doc } = await import('./fixtures/entsoe-fr-2025-11-13-a03-two-periods.xml?raw')
    const inputs = fc.oneof(
      fc.string(),
      fc.nat({ max: doc.length }).map((n) => doc.slice(0, n)),
      fc.tuple(fc.nat({ max: doc.length }), fc.string({ maxLength: 8 })).map(([n, s]) => doc.slice(0, n) + s + doc.slice(n + s.length))
    )
    fc.assert(
      fc.property(inputs, (text) => {
        try {
          parseEntsoeBody(text)
        } catch (err) {
          expect(err).toBeInstanceOf(EntsoeError)
        }
      }),
      { numRuns: 500 }
    )
  })

  it('the RTE normalisers answer any JSON with values or an RteError', async () => {
    const { normaliseProcuredReserves, normaliseAfrrEnergy, normaliseMfrrEnergy } = await import(
      '../../workers/market-data/domain/rte/normalise'
    )
    const { RteError } = await import('../../workers/market-data/domain/rte/client')
    const entry = fc.record(
      {
        reserve: fc.constantFrom('FCR', 'AFRR', 'MFRR', 'X'),
        start_date: fc.oneof(fc.constant('2025-11-12T00:00:00+01:00'), fc.string()),
        end_date: fc.oneof(fc.constant('2025-11-12T00:15:00+01:00'), fc.string(), fc.constant(null)),
        direction: fc.constantFrom('UP', 'DOWN', 'UP_DOWN', 'x', undefined),
        price: fc.oneof(fc.double(), fc.constant(1.7e308), fc.string(), fc.constant('Invalid'), fc.constant(null)),
        contracted_volume: fc.oneof(fc.double(), fc.constant(null)),
      },
      { requiredKeys: [] }
    )
    const body = fc.oneof(
      fc.anything(),
      fc.array(entry).map((values) => ({ result_procured_reserves: [{ reserve: 'AFRR', values }, ...values] })),
      fc.array(entry).map((m) => ({ picasso: { picasso_mesures: m }, mari: { mari_mesures: m } }))
    )
    fc.assert(
      fc.property(body, (b) => {
        for (const run of [
          () => normaliseProcuredReserves(b, 'afrr-capacity'),
          () => normaliseProcuredReserves(b, 'fcr-capacity'),
          () => normaliseAfrrEnergy(b),
          () => normaliseMfrrEnergy(b),
        ]) {
          try {
            for (const v of run()) {
              expect(Number.isFinite(v.startMs)).toBe(true)
              for (const x of [v.price, v.volume]) if (x !== null) expect(Number.isFinite(x)).toBe(true)
            }
          } catch (err) {
            expect(err).toBeInstanceOf(RteError)
          }
        }
      }),
      { numRuns: 500 }
    )
  })
})
