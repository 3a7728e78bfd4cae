import * as zod from 'zod'
import { describe, expect, it } from 'vitest'
// The shim wrangler.toml aliases `zod` to in the Workers' bundles.
import * as lean from '../../shared/zod-lean/index.js'

// If an upgrade of zod adds, renames or moves an export, the shim would silently lack it in
// production only (tests resolve the real zod). This keeps the two lists equal.
describe('shared/zod-lean', () => {
  it('exports everything zod exports except the locales', () => {
    const real = Object.keys(zod)
      .filter((k) => k !== 'locales')
      .sort()
    expect(Object.keys(lean).sort()).toEqual(real)
    expect(Object.keys(lean.z).sort()).toEqual(
      Object.keys(zod.z)
        .filter((k) => k !== 'locales')
        .sort()
    )
  })

  it('exports the core namespace without its locales', () => {
    const real = Object.keys(zod.z.core)
      .filter((k) => k !== 'locales')
      .sort()
    expect(Object.keys(lean.z.core).sort()).toEqual(real)
  })

  it('is the same zod (same classes), so schemas from either validate alike', () => {
    expect(lean.z.ZodString).toBe(zod.z.ZodString)
    const result = lean.z.object({ n: lean.z.number().int() }).safeParse({ n: 1.5 })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Invalid input: expected int, received number')
  })
})
