import { alternation } from './phrases'
import READINGS from './readings.json'

/**
 * Quantities with their unit (issue 31 §2): "60 pages" is 60 pages, "80k words" 80,000 words,
 * "lose 6 kg" 6 kg. Each number keeps the unit written next to it, so no module reads pages as
 * words. Money is read by the finance module, which knows its currencies.
 */
type Quantity = { field: string; value: number; start: number; end: number }

const UNITS = READINGS.quantities.units.map((u) => ({
  field: u.field,
  re: new RegExp(`(?<![\\d.,])(\\d{1,3}(?:[,.\\s]\\d{3}){1,3}|\\d{1,7}(?:[.,]\\d{1,2})?)\\s{0,2}(k)?\\s{0,2}${alternation(u.words)}`, 'gu'),
}))

/** A number as written in any of the six languages: "60,000", "60.000", "60 000", "2,5", "80k". */
function numberOf(digits: string, thousands: string | undefined): number {
  const grouped = /^\d{1,3}(?:[,.\s]\d{3}){1,3}$/.test(digits)
  const n = grouped ? Number(digits.replace(/[,.\s]/g, '')) : Number(digits.replace(',', '.'))
  return thousands ? n * 1000 : n
}

export function findQuantities(t: string): Quantity[] {
  const out: Quantity[] = []
  for (const unit of UNITS)
    for (const m of t.matchAll(unit.re)) {
      const value = numberOf(m[1], m[2])
      if (Number.isFinite(value) && value > 0) out.push({ field: unit.field, value, start: m.index, end: m.index + m[0].length })
    }
  return out.sort((a, b) => a.start - b.start).slice(0, 12)
}
