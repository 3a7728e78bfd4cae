import { describe, expect, it } from 'vitest'
import EVAL from '../../scripts/decompose/eval-goals.json'
import ARCHETYPES from '../../workers/decompose/domain/planner/archetypes/archetypes.json'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import type { Profile } from '../../workers/decompose/schemas'

// Issue 18 bug: German and Spanish titles were cut with "…" at 60 characters ("Ein 1:1, in dem
// es um die andere Person geht, noch einmal…", "Paso 2: apps fuera de la pantalla de inicio (30
// min sin…", "Abschluss: kundenbeschwerden im Team…"): the person sees half a title. Every
// goal of the eval set (every archetype and module, in en/fr/es/de) is planned at the smallest
// and largest budgets and levels a profile can ask for, and no title may come out cut.
type Goal = { goal: string; context?: string; archetype?: string; lang?: string }
const GOALS = (EVAL as { goals: Goal[] }).goals
const PROFILES: Profile[] = [
  {},
  { minutes_per_day: 5, level: 'beginner' },
  { minutes_per_day: 20, level: 'intermediate' },
  { minutes_per_day: 45, level: 'advanced' },
  { minutes_per_day: 90, level: 'beginner' },
  { minutes_per_day: 180, level: 'advanced', days_per_week: 7 },
]

describe('titles are never cut', () => {
  it('the goal set covers every data archetype in every language', () => {
    const data = ARCHETYPES.archetypes.filter((a) => !('domain' in a)).map((a) => a.id)
    for (const lang of ['en', 'fr', 'es', 'de']) {
      const covered = new Set(GOALS.filter((g) => (g.lang ?? 'en') === lang).map((g) => g.archetype))
      expect(
        data.filter((id) => !covered.has(id)),
        lang
      ).toEqual([])
    }
  })

  it('no title of any plan, first cycle or later, ends in an ellipsis or passes 60 characters', () => {
    const cut: string[] = []
    for (const g of GOALS)
      for (const profile of PROFILES) {
        const r = planGoal(g.goal, g.context ?? '', profile)
        for (const a of r.actions) if (a.title.includes('…') || a.title.length > 60) cut.push(`${r.language} ${r.archetype}: ${a.title}`)
      }
    expect([...new Set(cut)]).toEqual([])
  })

  // The general planner (issue 31) names the goal's object in its descriptions, whole, and its
  // titles name the step; it no longer closes with "Finish: <goal>" (issue 30).
  it('a German goal keeps its capital and its whole name', () => {
    const r = planGoal('Lieferantenbewertungen im Einkauf verbessern', '')
    expect(r.language).toBe('de')
    expect(r.actions[0].description).toContain('„Lieferantenbewertungen im Einkauf verbessern“')
  })

  it('a goal longer than a title is named whole in the descriptions, and no title is cut', () => {
    const goal = 'Restore the old wooden rowing boat my grandfather left in the barn'
    const r = planGoal(goal, '')
    for (const a of r.actions) expect(a.title.length <= 60 && !a.title.includes('…')).toBe(true)
    expect(r.actions.at(-1)!.description).toContain('“old wooden rowing boat my grandfather left in the barn”')
  })
})
