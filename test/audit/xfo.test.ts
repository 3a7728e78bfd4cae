import { describe, expect, it } from 'vitest'
import { analyseCsp } from '../../workers/audit/domain/checks/csp'
import { analyseXfo } from '../../workers/audit/domain/checks/xfo'

// After the Observatory's test/x-frame-options.test.js.
describe('X-Frame-Options analyser', () => {
  it.each([
    [null, 'x-frame-options-not-implemented'],
    ['DENY', 'x-frame-options-sameorigin-or-deny'],
    ['SAMEORIGIN', 'x-frame-options-sameorigin-or-deny'],
    [' sameorigin ', 'x-frame-options-sameorigin-or-deny'],
    ['deny', 'x-frame-options-sameorigin-or-deny'],
    ['ALLOW-FROM https://mozilla.org', 'x-frame-options-allow-from-origin'],
    ['whimsy', 'x-frame-options-header-invalid'],
    ['SAMEORIGIN, SAMEORIGIN', 'x-frame-options-header-invalid'],
    ['DENY, SAMEORIGIN', 'x-frame-options-header-invalid'],
    ['', 'x-frame-options-header-invalid'],
  ])('%j without CSP → %s', (value, result) => {
    expect(analyseXfo(value, null).result).toBe(result)
  })

  const frameAncestors = (header: string, meta: string[] = []) =>
    analyseCsp({ header, reportOnly: null, meta, https: true }).frame_ancestors

  it('counts CSP frame-ancestors from a header, over any XFO value', () => {
    expect(analyseXfo('DENY', frameAncestors('frame-ancestors https://mozilla.org')).result).toBe('x-frame-options-implemented-via-csp')
    expect(analyseXfo(null, frameAncestors("default-src 'none'; frame-ancestors 'none'")).result).toBe(
      'x-frame-options-implemented-via-csp'
    )
    expect(analyseXfo('whimsy', frameAncestors("frame-ancestors 'self'")).result).toBe('x-frame-options-implemented-via-csp')
  })

  it('ignores frame-ancestors in a <meta> CSP, as browsers do (CSP3 §3.3)', () => {
    expect(frameAncestors("default-src 'none'", ["frame-ancestors 'none'"])).toBeNull()
    expect(analyseXfo(null, frameAncestors("default-src 'none'", ["frame-ancestors 'none'"])).result).toBe(
      'x-frame-options-not-implemented'
    )
  })

  it('does not count a CSP without frame-ancestors', () => {
    expect(analyseXfo(null, frameAncestors("default-src 'none'")).result).toBe('x-frame-options-not-implemented')
  })
})
