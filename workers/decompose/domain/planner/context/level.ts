import type { Level } from '../types'
import LEVEL from './level.json'
import { alternation } from './phrases'

/**
 * Level from evidence in the context (issue 31 §2): races finished, distances, counts, lifts,
 * certificates, CEFR levels, years of practice, never having done it. Rules are data
 * (level.json, with their sources).
 */
type LevelSignal = { level: Level; strength: 'evidence' | 'weak'; start: number; end: number; rule: string }

type Rule = { id: string; level: string; strength: string; patterns: string[] }

const RULES = (LEVEL.rules as Rule[]).map((r) => ({ ...r, res: r.patterns.map((p) => new RegExp(p, 'gu')) }))

// The wish words end the text before a match: "I want to run 10 km" is a goal, not a baseline.
const WISH = new RegExp(`${alternation(LEVEL.not_evidence_before.words)}\\s{0,3}(?:\\p{L}{1,12}\\s{1,3})?$`, 'u')

const CEFR: Record<string, Level> = {
  a1: 'beginner',
  a2: 'beginner',
  b1: 'intermediate',
  b2: 'intermediate',
  c1: 'advanced',
  c2: 'advanced',
}

function levelOf(rule: Rule, m: RegExpMatchArray): Level | null {
  if (rule.level === 'by-cefr') return CEFR[m[1]] ?? null
  if (rule.level === 'by-years') return Number(m[1]) >= 3 ? 'advanced' : Number(m[1]) >= 1 ? 'intermediate' : 'beginner'
  return rule.level as Level
}

/** Every level the context's evidence shows, with where it was read (`offset` places it in the whole text). */
export function levelEvidence(context: string, offset: number): LevelSignal[] {
  const out: LevelSignal[] = []
  for (const rule of RULES)
    for (const re of rule.res)
      for (const m of context.matchAll(re)) {
        const level = levelOf(rule, m)
        if (level && level !== 'beginner' && WISH.test(context.slice(Math.max(0, m.index - 30), m.index))) continue
        if (level)
          out.push({
            level,
            strength: rule.strength as LevelSignal['strength'],
            start: offset + m.index,
            end: offset + m.index + m[0].length,
            rule: rule.id,
          })
      }
  return out
}
