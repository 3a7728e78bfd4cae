import { describe, expect, it } from 'vitest'
import { analyseCoep, analyseCoop } from '../../workers/audit/domain/checks/cross-origin'
import { structuredToken } from '../../workers/audit/domain/checks/structured-field'

// RFC 9651 §4.2 Items, beyond the Observatory's own cases (observatory-analyser-suite.test.ts).
describe('structured field token', () => {
  it.each([
    ['same-origin', 'same-origin'],
    ['  same-origin  ', 'same-origin'],
    ['same-origin;report-to="a"', 'same-origin'],
    ['same-origin; a=1; b=-2.5; c=?0; d=:aGk=:; e=tok/en; f', 'same-origin'],
    ['same-origin; a="esc\\"aped"', 'same-origin'],
    ['*star', '*star'],
    ['require-corp; report-to=@1700000000', 'require-corp'],
  ])('%j → %s', (value, token) => {
    expect(structuredToken(value)).toBe(token)
  })

  it.each([
    '',
    '   ',
    '"same-origin"',
    '1same-origin',
    'same-origin;',
    'same-origin; Report-To="a"',
    'same-origin; a=',
    'same-origin; a="unterminated',
    'same-origin; a="bad\\escape"',
    'same-origin; a=1.2345',
    'same-origin; a=?2',
    'same-origin x',
    'same-origin, unsafe-none',
    '\tsame-origin',
    'same-origin; a=:not base64!:',
  ])('%j is not a token item', (value) => {
    expect(structuredToken(value)).toBeNull()
  })

  it('grades COOP and COEP on the token, exactly, and a value that does not parse as invalid', () => {
    expect(analyseCoop('same-origin; report-to="coop"').result).toBe('coop-implemented-with-same-origin')
    expect(analyseCoop('Same-Origin').result).toBe('coop-header-invalid')
    expect(analyseCoep('credentialless; report-to=endpoint').result).toBe('coep-implemented-with-credentialless')
    expect(analyseCoep('credentialless; report-to=coep endpoint').result).toBe('coep-header-invalid')
  })

  it('reads a long value in one pass (bounded cost)', () => {
    const value = `same-origin${'; a=1'.repeat(20_000)}`
    expect(structuredToken(value)).toBe('same-origin')
  })
})
