import { describe, expect, it } from 'vitest'
import { DROP_POLICY } from '../../workers/drop/policy'

// Issue 38 §2: every DomainError code drop's domain and use cases throw has its status in the
// one table (a code missing from it would answer 500).
const sources = import.meta.glob(['../../workers/drop/domain/**/*.ts', '../../workers/drop/use-cases/**/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

describe('drop error policy', () => {
  it('maps every DomainError code thrown under domain/ and use-cases/ to a 4xx or 5xx', () => {
    const thrown = new Set<string>()
    // `new DomainError('CODE'`, and the `super('CODE'` of a DomainError subclass (PageTooLarge).
    for (const text of Object.values(sources)) for (const m of text.matchAll(/(?:DomainError|super)\(\s*'([A-Z_]+)'/g)) thrown.add(m[1])
    expect([...thrown]).toEqual(expect.arrayContaining(['RENDERED_TOO_LARGE', 'NESTING_TOO_DEEP', 'SLUG_UNAVAILABLE', 'PRO_REQUIRED']))
    const missing = [...thrown].filter((code) => DROP_POLICY.statuses?.[code] === undefined)
    expect(missing).toEqual([])
  })
})
