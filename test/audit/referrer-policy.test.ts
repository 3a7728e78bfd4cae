import { describe, expect, it } from 'vitest'
import { analyseReferrerPolicy } from '../../workers/audit/domain/checks/referrer-policy'

// After the Observatory's test/referrer-policy.test.js.
describe('Referrer-Policy analyser', () => {
  it.each([
    ['no-referrer', 'referrer-policy-private'],
    ['same-origin', 'referrer-policy-private'],
    ['strict-origin', 'referrer-policy-private'],
    ['STRICT-ORIGIN', 'referrer-policy-private'],
    ['strict-origin-when-cross-origin', 'referrer-policy-private'],
    ['origin', 'referrer-policy-unsafe'],
    ['origin-when-cross-origin', 'referrer-policy-unsafe'],
    ['unsafe-url', 'referrer-policy-unsafe'],
    ['no-referrer-when-downgrade', 'referrer-policy-unsafe'],
    ['whimsy', 'referrer-policy-header-invalid'],
    ['whimsy, whimsy1, whimsy2', 'referrer-policy-header-invalid'],
    ['', 'referrer-policy-header-invalid'],
    // The last recognised token wins (Referrer Policy §8.1).
    ['origin-when-cross-origin, no-referrer, unsafe-url', 'referrer-policy-unsafe'],
    ['no-referrer, unsafe-url', 'referrer-policy-unsafe'],
    ['unsafe-url, no-referrer', 'referrer-policy-private'],
    ['no-referrer, whimsy', 'referrer-policy-private'],
  ])('%j → %s', (value, result) => {
    expect(analyseReferrerPolicy(value).result).toBe(result)
  })

  it('passes without a header (browsers default to strict-origin-when-cross-origin)', () => {
    expect(analyseReferrerPolicy(null)).toEqual({ result: 'referrer-policy-not-implemented', policy: null })
  })

  it('reads <meta name="referrer">, which wins over the header', () => {
    expect(analyseReferrerPolicy(null, ['no-referrer', 'same-origin'])).toEqual({
      result: 'referrer-policy-private',
      policy: 'same-origin',
    })
    expect(analyseReferrerPolicy('unsafe-url', ['no-referrer', 'same-origin']).result).toBe('referrer-policy-private')
    expect(analyseReferrerPolicy('no-referrer', ['unsafe-url']).result).toBe('referrer-policy-unsafe')
  })
})
