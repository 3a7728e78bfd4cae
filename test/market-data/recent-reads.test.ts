import { describe, expect, it } from 'vitest'
import { IsolateMemory } from '../../shared/isolate-memory'

describe("the settled path's memory of KV reads", () => {
  it('keeps a value for its lifetime only, on the clock it is given', () => {
    const m = new IsolateMemory<string | null>(5_000, 10)
    m.remember('a', '7', 1_000)
    expect(m.fresh('a', 5_999)).toEqual({ value: '7' })
    expect(m.fresh('a', 6_000)).toBeUndefined()
    m.remember('b', null, 1_000)
    expect(m.fresh('b', 1_000)).toEqual({ value: null }) // "no marker" is remembered too
    expect(m.fresh('b', 999)).toBeUndefined() // a clock that went back trusts nothing
  })

  it('never grows past its cap and drops the oldest read first', () => {
    const m = new IsolateMemory<string | null>(5_000, 3)
    for (let i = 0; i < 10_000; i++) {
      m.remember(`ip:${i % 50}`, String(i), 0)
      expect(m.size).toBeLessThanOrEqual(3)
    }
    m.remember('x', '1', 0)
    m.remember('y', '2', 0)
    m.remember('x', '3', 0) // read again: now the newest
    m.remember('z', '4', 0)
    m.remember('w', '5', 0)
    expect(m.size).toBe(3)
    expect(m.fresh('y', 0)).toBeUndefined()
    expect(m.fresh('x', 0)).toEqual({ value: '3' })
    expect(m.fresh('w', 0)).toEqual({ value: '5' })
  })
})
