import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { freshIp, postJson, screeningBody, testApp } from './helpers'

// Any body is a clear 4xx or a 200, never a 500 (DECISIONS.md, "Every service").
const app = testApp()
const keys = Object.keys(screeningBody())
const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 })
)

describe('no input gives a 500', () => {
  it('screening: valid bodies with fields replaced or removed by arbitrary values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...keys), fc.option(value, { nil: undefined }), { maxKeys: 4 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        async (changes, n) => {
          const res = await postJson(
            app,
            '/api/free-screening',
            screeningBody({ applicantEmail: `fuzz-${n}@example.com`, ...changes }),
            freshIp()
          )
          expect([200, 422]).toContain(res.status)
          const body = (await res.json()) as { ok: boolean }
          expect(body.ok).toBe(res.status === 200)
        }
      ),
      { numRuns: 80 }
    )
  }, 120_000)

  it('scrape: arbitrary city strings and sources', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('austin', 'Austin TX', ', ,', 'St.', 'USA', 'Kansas City, Kansas, USA')),
        fc.constantFrom('vetscore', 'zillow', 'both', 'other'),
        async (city, source) => {
          const res = await postJson(app, '/api/scrape', { city, source }, freshIp())
          expect([200, 422]).toContain(res.status)
        }
      ),
      { numRuns: 80 }
    )
  }, 120_000)
})
