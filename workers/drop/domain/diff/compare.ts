import { type Hunks, toHunks } from './hunks'
import { DIFF_LIMITS, type DiffLimits } from './limits'
import { diffLines, splitLines } from './line-diff'

export type Comparison = ({ kind: 'lines' } & Hunks) | { kind: 'too-different'; oldLines: number; newLines: number }

/** What changed from one version's Markdown to the next, within `limits` (limits.ts). */
export function compareVersions(oldMarkdown: string, newMarkdown: string, limits: DiffLimits = DIFF_LIMITS): Comparison {
  const a = splitLines(oldMarkdown)
  const b = splitLines(newMarkdown)
  const diff = diffLines(a, b, limits)
  if (diff.kind === 'too-different') return { kind: 'too-different', oldLines: a.length, newLines: b.length }
  return { kind: 'lines', ...toHunks(diff.ops, limits, diff.skipped) }
}
