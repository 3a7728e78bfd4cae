import { describe, expect, it } from 'vitest'
import {
  addDays,
  dayBoundsUtc,
  daysBetween,
  isoParis,
  isoUtc,
  parisDayOf,
  parisOffsetMs,
  parseDay,
  quarterHoursIn,
} from '../../workers/market-data/domain/time/paris'

describe('Europe/Paris delivery days', () => {
  it.each([
    ['2025-03-30', 92, '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z'],
    ['2025-10-26', 100, '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z'],
    ['2026-03-29', 92, '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'],
    ['2026-10-25', 100, '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'],
    ['2025-11-12', 96, '2025-11-11T23:00:00Z', '2025-11-12T23:00:00Z'],
    ['2024-06-15', 96, '2024-06-14T22:00:00Z', '2024-06-15T22:00:00Z'],
    ['2024-03-31', 92, '2024-03-30T23:00:00Z', '2024-03-31T22:00:00Z'],
    ['2024-10-27', 100, '2024-10-26T22:00:00Z', '2024-10-27T23:00:00Z'],
    ['2025-03-29', 96, '2025-03-28T23:00:00Z', '2025-03-29T23:00:00Z'],
    ['2025-03-31', 96, '2025-03-30T22:00:00Z', '2025-03-31T22:00:00Z'],
  ])('%s has %i quarter-hours from %s to %s', (day, count, start, end) => {
    const bounds = dayBoundsUtc(day)
    expect(quarterHoursIn(day)).toBe(count)
    expect(isoUtc(bounds.startMs)).toBe(start)
    expect(isoUtc(bounds.endMs)).toBe(end)
  })

  it('agrees with the runtime time-zone database for every day of 2020-2030', () => {
    const fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    let day = '2020-01-01'
    let checked = 0
    while (day < '2031-01-01') {
      const { startMs } = dayBoundsUtc(day)
      // Local midnight really is midnight of that day in Paris, and an instant before is the day before.
      expect(fmt.format(new Date(startMs))).toBe(`${day}, 00:00`)
      expect(parisDayOf(startMs)).toBe(day)
      expect(parisDayOf(startMs - 1)).toBe(addDays(day, -1))
      day = addDays(day, 1)
      checked++
    }
    expect(checked).toBe(4018)
  })

  it('switches offset exactly at 01:00 UTC on the last Sundays of March and October', () => {
    expect(parisOffsetMs(Date.parse('2025-03-30T00:59:59Z'))).toBe(3_600_000)
    expect(parisOffsetMs(Date.parse('2025-03-30T01:00:00Z'))).toBe(7_200_000)
    expect(parisOffsetMs(Date.parse('2025-10-26T00:59:59Z'))).toBe(7_200_000)
    expect(parisOffsetMs(Date.parse('2025-10-26T01:00:00Z'))).toBe(3_600_000)
  })

  it('validates calendar dates', () => {
    expect(parseDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29))
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-01', '20250101', '2025-04-31', '', '2025-01-01T00:00']) {
      expect(parseDay(bad)).toBeNull()
    }
    expect(() => dayBoundsUtc('2025-02-30')).toThrow(RangeError)
  })

  it('does calendar arithmetic and formats times', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01')
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28')
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366)
    expect(isoParis(Date.parse('2025-10-25T22:00:00Z'))).toBe('2025-10-26T00:00:00+02:00')
    expect(isoParis(Date.parse('2025-10-26T01:00:00Z'))).toBe('2025-10-26T02:00:00+01:00')
    expect(isoParis(Date.parse('2025-10-26T00:45:00Z'))).toBe('2025-10-26T02:45:00+02:00')
  })
})
