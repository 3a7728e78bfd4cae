import { describe, expect, it } from 'vitest'
import { compareVersions } from '../../workers/drop/domain/diff/compare'
import { toHunks } from '../../workers/drop/domain/diff/hunks'
import { DIFF_LIMITS } from '../../workers/drop/domain/diff/limits'
import { type DiffOp, diffLines, shortestEdit, splitLines, tableEdit } from '../../workers/drop/domain/diff/line-diff'

// Issue 35 §3: the diff between two versions is right (both versions come back out of it, and
// it is as short as an LCS allows) and its work is bounded before it starts.

/** A seeded generator, so a failure names the case that made it. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const lcsLength = (a: string[], b: string[]) => {
  const row = new Array(b.length + 1).fill(0)
  for (const x of a) {
    let diag = 0
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1])
      diag = up
    }
  }
  return row[b.length]
}

const side = (ops: DiffOp[], drop: '+' | '-') => ops.filter((o) => o.op !== drop).map((o) => o.text)

describe('line diff', () => {
  it('gives back both versions and the fewest changed lines, on 300 random pairs', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = rng(seed)
      const alphabet = ['a', 'b', 'c', 'd', '', '  x', '<b>']
      const lines = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)])
      const a = lines(Math.floor(next() * 25))
      const b = next() < 0.3 ? [...a.slice(0, 5), ...lines(3), ...a.slice(5)] : lines(Math.floor(next() * 25))
      const fewest = a.length + b.length - 2 * lcsLength(a, b)
      // Both methods: the search (long sides) and the table (one short side).
      for (const ops of [shortestEdit(a, b, DIFF_LIMITS.maxSteps), tableEdit(a, b)]) {
        if (!ops) throw new Error(`seed ${seed}: too different`)
        expect(side(ops, '+'), `seed ${seed}`).toEqual(a)
        expect(side(ops, '-'), `seed ${seed}`).toEqual(b)
        expect(ops.filter((o) => o.op !== ' ').length, `seed ${seed}`).toBe(fewest)
      }
      const diff = diffLines(a, b, { ...DIFF_LIMITS, contextLines: Number.POSITIVE_INFINITY })
      expect(diff.kind === 'lines' && side(diff.ops, '+'), `seed ${seed}`).toEqual(a)
      expect(diff.kind === 'lines' && side(diff.ops, '-'), `seed ${seed}`).toEqual(b)
    }
  })

  it('stops at its step budget: two unrelated long versions are too different, not slow', () => {
    const a = Array.from({ length: 40_000 }, (_, i) => `old line ${i}`)
    const b = Array.from({ length: 40_000 }, (_, i) => `new line ${i}`)
    expect(diffLines(a, b, { maxSteps: 10_000, contextLines: 3 }).kind).toBe('too-different')
    // Lines that all match one another (long snakes on every diagonal) count as work too.
    const same = Array.from({ length: 40_000 }, () => 'a')
    const alternating = Array.from({ length: 40_000 }, (_, i) => (i % 2 ? 'a' : 'b'))
    expect(diffLines(same, alternating, { maxSteps: 10_000, contextLines: 3 }).kind).toBe('too-different')
  })

  it('a small edit in a long document searches only around it (the shared head and tail are not searched)', () => {
    const a = Array.from({ length: 100_000 }, (_, i) => `line ${i}`)
    const b = [...a]
    b[50_000] = 'changed'
    const diff = diffLines(a, b, { maxSteps: 10, contextLines: 3 })
    // Only the change and 3 lines either side come out, numbered from line 49,998.
    expect(diff).toMatchObject({ kind: 'lines', skipped: 49_997 })
    expect(diff.kind === 'lines' && diff.ops.length).toBe(8)
  })

  it('removing or adding everything is a list, whatever its length', () => {
    const a = Array.from({ length: 100_000 }, (_, i) => `line ${i}`)
    const removed = diffLines(a, [], { maxSteps: 10, contextLines: 3 })
    expect(removed.kind === 'lines' && removed.ops.every((o) => o.op === '-')).toBe(true)
    const added = diffLines(['x'], ['x', ...a], { maxSteps: 10, contextLines: 3 })
    expect(added.kind === 'lines' && added.ops.filter((o) => o.op === '+').length).toBe(100_000)
  })

  it('a long version cut to a few lines is still a diff (the table, n × m within the budget)', () => {
    const a = Array.from({ length: 12_000 }, (_, i) => `line ${i}`)
    const diff = diffLines(a, ['intro', 'line 6000', 'outro'], { maxSteps: 100_000, contextLines: 3 })
    if (diff.kind !== 'lines') throw new Error('too different')
    expect(diff.ops.filter((o) => o.op === ' ')).toEqual([{ op: ' ', text: 'line 6000' }])
    expect(diff.ops.filter((o) => o.op === '-')).toHaveLength(11_999)
  })

  it('splits CRLF, CR and LF alike and ignores one final newline', () => {
    expect(splitLines('a\r\nb\rc\n')).toEqual(['a', 'b', 'c'])
    expect(splitLines('')).toEqual([])
    expect(compareVersions('a\r\nb\r\n', 'a\nb')).toMatchObject({ kind: 'lines', hunks: [] })
  })
})

describe('hunks', () => {
  it('shows changes with 3 lines of context, numbering both versions', () => {
    const a = Array.from({ length: 30 }, (_, i) => `l${i + 1}`)
    const b = [...a]
    b[9] = 'ten'
    b.splice(25, 1)
    const c = compareVersions(a.join('\n'), b.join('\n'))
    if (c.kind !== 'lines') throw new Error('expected lines')
    expect(c.added).toBe(1)
    expect(c.removed).toBe(2)
    expect(c.hunks.map((h) => [h.oldStart, h.newStart, h.rows.length])).toEqual([
      [7, 7, 8],
      [23, 23, 7],
    ])
    expect(c.hunks[0].rows.slice(3, 5)).toEqual([
      { op: '-', text: 'l10' },
      { op: '+', text: 'ten' },
    ])
  })

  it('shows at most maxRows rows and counts the rest', () => {
    const ops: DiffOp[] = Array.from({ length: 12_000 }, (_, i) => ({ op: '-', text: `x${i}` }))
    const h = toHunks(ops, { contextLines: 3, maxRows: 5_000 })
    expect(h.hunks.reduce((n, x) => n + x.rows.length, 0)).toBe(5_000)
    expect(h.rowsLeftOut).toBe(7_000)
    expect(h.removed).toBe(12_000)
  })
})
