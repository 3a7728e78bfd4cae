import { describe, expect, it } from 'vitest'
import { analyseXcto } from '../../workers/audit/domain/checks/xcto'

// After the Observatory's test/x-content-type-options.test.js.
describe('X-Content-Type-Options analyser', () => {
  it.each([
    [null, 'x-content-type-options-not-implemented'],
    ['nosniff', 'x-content-type-options-nosniff'],
    ['nosniff ', 'x-content-type-options-nosniff'],
    ['NoSniff', 'x-content-type-options-nosniff'],
    ['whimsy', 'x-content-type-options-header-invalid'],
    ['nosniff, nosniff', 'x-content-type-options-header-invalid'],
    ['nosniff; mode=block', 'x-content-type-options-header-invalid'],
    ['', 'x-content-type-options-header-invalid'],
  ])('%j → %s', (value, result) => {
    expect(analyseXcto(value).result).toBe(result)
  })
})
