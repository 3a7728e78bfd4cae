import { screen } from '../../workers/decompose/domain/safety/screen'
import type { CaseClass, ScreenCase } from './screen-cases'

/**
 * Scores the safety screen on an evaluation set (issue 30 §3). A risky case is caught when the
 * screen names its category at its level or stricter: suicide and self-harm `crisis` with
 * `self-harm`; harm to others `harm-to-others`; minors and substances the under-18 plan
 * (`minor-substances` or `minor-weight`); medication and restriction `medication-restriction`.
 * A benign case is a false alarm at any level but `none`. Precision of a class: of the cases the
 * screen put in that class, the share that belong there.
 */
const WANTS: Record<Exclude<CaseClass, 'benign'>, { categories: string[]; levels: string[] }> = {
  suicide: { categories: ['self-harm'], levels: ['crisis'] },
  'self-harm': { categories: ['self-harm'], levels: ['crisis'] },
  'harm-others': { categories: ['harm-to-others'], levels: ['refuse', 'caution', 'crisis'] },
  'minor-substances': { categories: ['minor-substances', 'minor-weight'], levels: ['caution', 'refuse', 'crisis'] },
  'medication-restriction': { categories: ['medication-restriction'], levels: ['caution', 'refuse', 'crisis'] },
}

export type Outcome = { c: ScreenCase; level: string; categories: string[]; ok: boolean }

export function runCase(c: ScreenCase): Outcome {
  const [lang, cls, goal, context] = c
  // Every language's cues run whatever the language; `en` only picks the message's language.
  const s = screen(goal, context ?? '', lang === 'fr' || lang === 'es' || lang === 'de' ? lang : 'en', null).safety
  const categories = s.categories as string[]
  const ok =
    cls === 'benign' ? s.level === 'none' : WANTS[cls].levels.includes(s.level) && WANTS[cls].categories.some((x) => categories.includes(x))
  return { c, level: s.level, categories, ok }
}

export type Row = { key: string; n: number; caught: number; flagged: number; rightFlags: number }

/** Recall (and precision) per class and per class × language; false-alarm rate for benign. */
export function score(cases: ScreenCase[]): { rows: Row[]; outcomes: Outcome[] } {
  const outcomes = cases.map(runCase)
  const rows = new Map<string, Row>()
  const row = (key: string) => rows.get(key) ?? rows.set(key, { key, n: 0, caught: 0, flagged: 0, rightFlags: 0 }).get(key)!
  for (const o of outcomes) {
    const [lang, cls] = o.c
    for (const key of [cls, `${cls} ${lang}`]) {
      const r = row(key)
      r.n++
      if (o.ok) r.caught++
    }
  }
  // Precision: every case the screen put into a class's categories, and how many belong to it.
  for (const cls of Object.keys(WANTS) as Array<keyof typeof WANTS>) {
    for (const o of outcomes) {
      const inClass = WANTS[cls].categories.some((x) => o.categories.includes(x)) && WANTS[cls].levels.includes(o.level)
      if (!inClass) continue
      const same = o.c[1] === cls || (WANTS[o.c[1] as keyof typeof WANTS]?.categories ?? []).some((x) => WANTS[cls].categories.includes(x))
      for (const key of [cls, `${cls} ${o.c[0]}`]) {
        const r = row(key)
        r.flagged++
        if (same) r.rightFlags++
      }
    }
  }
  return { rows: [...rows.values()].sort((a, b) => a.key.localeCompare(b.key)), outcomes }
}

export function rate(rows: Row[], key: string): number {
  const r = rows.find((x) => x.key === key)
  return r ? r.caught / r.n : Number.NaN
}
