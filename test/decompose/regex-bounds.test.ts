/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'

// Issue 13 rule: no pattern that reads user input may repeat without a bound, because an
// unbounded repetition next to an overlapping one backtracks (a context of 2,000 digits once
// cost ~10 s of CPU). Bounded repetitions ({0,3}, {1,6} ...) cap the work per start position,
// so a whole scan is linear in the 2,500 characters a request may carry. The few unbounded
// ones that are linear by construction are listed here and in docs/security.md "## decompose".
const SOURCES = import.meta.glob('../../workers/decompose/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>

const ALLOWED = new Set([
  // Whitespace collapse: one character class, each run consumed once.
  String.raw`/\s+/g`,
  // Anchored at the start of the goal (one start position), no class overlapping what follows.
  String.raw`[:\s]+|help`,
])

/** Regex literals and RegExp string sources with `+` or `*` after a token (not escaped, not in a class). */
function unbounded(source: string): string[] {
  const found: string[] = []
  for (const line of source.split('\n')) {
    if (/^\s*(\/\/|\*)/.test(line)) continue
    // Regex literals: /…/flags on this line; strings handed to new RegExp are built from '...' pieces.
    const literals = [...line.matchAll(/(?<![\w)\]])\/(?![/*\s])((?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n[])+)\/[dgimsuy]*/g)].map((m) => m[1])
    const strings =
      line.includes('RegExp') || /^\s*['`].*\\\\/.test(line) ? [...line.matchAll(/(['`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2]) : []
    for (const re of [...literals, ...strings]) {
      const bare = re
        .replace(/\\\\./g, '')
        .replace(/\\./g, '')
        .replace(/\[(?:\\.|[^\]\\])*\]/g, 'C')
      if (/[^(|]\+|[^(|]\*(?!\/)/.test(bare) && ![...ALLOWED].some((a) => line.includes(a))) found.push(line.trim())
    }
  }
  return found
}

describe('patterns on user input are bounded', () => {
  it('finds the decompose sources', () => {
    expect(Object.keys(SOURCES).some((p) => p.endsWith('planner/context.ts'))).toBe(true)
  })

  it('the detector flags what it must (so the check below can fail)', () => {
    expect(unbounded(String.raw`const re = /(\d+)\s*min/`)).toHaveLength(1)
    expect(unbounded(String.raw`const re = /[\d,.]*words/`)).toHaveLength(1)
    expect(unbounded(String.raw`const re = /(\d{1,6})\s{0,3}min/`)).toHaveLength(0)
    expect(unbounded(String.raw`  const x = a + b * c`)).toHaveLength(0)
  })

  it.each(Object.keys(SOURCES).filter((p) => !p.endsWith('.test.ts')))('%s has no unbounded repetition on input', (path) => {
    expect(unbounded(SOURCES[path])).toEqual([])
  })
})
