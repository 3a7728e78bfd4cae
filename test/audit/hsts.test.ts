import { describe, expect, it } from 'vitest'
import { analyseHsts, SIX_MONTHS } from '../../workers/audit/domain/checks/hsts'

// Cases after the Observatory's test/strict-transport-security.test.js, plus RFC 6797 edges.
describe('HSTS analyser', () => {
  it.each([
    ['max-age=15768000; includeSubDomains; preload', 'hsts-implemented-max-age-at-least-six-months', 15768000, true, true],
    ['max-age=15552000', 'hsts-implemented-max-age-at-least-six-months', SIX_MONTHS, false, false],
    ['max-age=63072000; includeSubDomains', 'hsts-implemented-max-age-at-least-six-months', 63072000, true, false],
    ['MAX-AGE=31536000;INCLUDESUBDOMAINS;PRELOAD', 'hsts-implemented-max-age-at-least-six-months', 31536000, true, true],
    ['max-age="31536000"', 'hsts-implemented-max-age-at-least-six-months', 31536000, false, false],
    ['  max-age=31536000 ;  includeSubDomains  ', 'hsts-implemented-max-age-at-least-six-months', 31536000, true, false],
    ['max-age=31536000; unknown-directive=1', 'hsts-implemented-max-age-at-least-six-months', 31536000, false, false],
    ['max-age=86400', 'hsts-implemented-max-age-less-than-six-months', 86400, false, false],
    ['max-age=15551999; includeSubDomains', 'hsts-implemented-max-age-less-than-six-months', 15551999, true, false],
    ['max-age=0', 'hsts-implemented-max-age-less-than-six-months', 0, false, false],
  ])('%s → %s', (value, result, maxAge, sub, preload) => {
    expect(analyseHsts(value, 'https')).toEqual({ result, max_age: maxAge, include_subdomains: sub, preload, deviation: null })
  })

  it.each([
    ['includeSubDomains; preload', 'no max-age'],
    ['max-age=15768000; includeSubDomains, max-age=15768000; includeSubDomains', 'header sent twice'],
    ['max-age=31536000, max-age=31536000', 'header sent twice'],
    ['max-age=abc', 'max-age not a number'],
    ['max-age=', 'max-age empty'],
    ['max-age', 'max-age without value'],
    ['max-age=-1', 'negative max-age'],
    ['max-age=31536000; max-age=60', 'directive twice'],
    ['max-age=31536000; includeSubDomains; includeSubDomains', 'directive twice'],
    ['', 'empty header'],
    ['preload', 'no max-age'],
  ])('%s is invalid (%s)', (value) => {
    expect(analyseHsts(value, 'https').result).toBe('hsts-header-invalid')
  })

  // RFC 6797 §6.1 where the Observatory reads laxly: the finding names what the Observatory gives.
  it.each([
    ['max-age=abc', 'hsts-implemented-max-age-at-least-six-months'],
    ['max-age=31536000; max-age=60', 'hsts-implemented-max-age-less-than-six-months'],
    ['max-age=60; includeSubDomains; includeSubDomains', 'hsts-implemented-max-age-less-than-six-months'],
    ['max-age=-1', 'hsts-implemented-max-age-less-than-six-months'],
  ])('%s departs from the Observatory, which gives %s', (value, observatory) => {
    expect(analyseHsts(value, 'https').deviation).toEqual({ observatory_result: observatory, reason: expect.stringContaining('RFC 6797') })
  })

  it.each(['includeSubDomains; preload', 'max-age=1, max-age=1', ''])('agrees with the Observatory that %j is invalid', (value) => {
    expect(analyseHsts(value, 'https')).toMatchObject({ result: 'hsts-header-invalid', deviation: null })
  })

  it('is not implemented when the header is missing', () => {
    expect(analyseHsts(null, 'https').result).toBe('hsts-not-implemented')
  })

  it('ignores the header without HTTPS, or with a bad certificate (RFC 6797 §8.1)', () => {
    expect(analyseHsts('max-age=31536000', 'no-https').result).toBe('hsts-not-implemented-no-https')
    expect(analyseHsts('max-age=31536000; includeSubDomains; preload', 'invalid-cert').result).toBe('hsts-invalid-cert')
  })

  it('reads only the first 1024 characters, like the Observatory', () => {
    const padded = `includeSubDomains;${' '.repeat(1100)}max-age=31536000`
    expect(analyseHsts(padded, 'https').result).toBe('hsts-header-invalid')
  })
})
