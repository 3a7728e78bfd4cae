import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import type { Lang } from '../../workers/decompose/domain/locale/detect'
import EN from '../../workers/decompose/domain/locale/messages/en.json'
import FR from '../../workers/decompose/domain/locale/messages/fr.json'
import ES from '../../workers/decompose/domain/locale/messages/es.json'
import DE from '../../workers/decompose/domain/locale/messages/de.json'
import ARCHETYPES from '../../workers/decompose/domain/planner/archetypes/archetypes.json'
import GENERIC from '../../workers/decompose/domain/planner/archetypes/generic.json'
import INSTRUMENTS from '../../workers/decompose/domain/planner/domains/instruments.json'
import I18N_FR from '../../workers/decompose/domain/planner/archetypes/i18n/fr.json'
import I18N_ES from '../../workers/decompose/domain/planner/archetypes/i18n/es.json'
import I18N_DE from '../../workers/decompose/domain/planner/archetypes/i18n/de.json'
import SUPPORT_FR from '../../workers/decompose/domain/safety/support/fr.json'
import SUPPORT_ES from '../../workers/decompose/domain/safety/support/es.json'
import SUPPORT_DE from '../../workers/decompose/domain/safety/support/de.json'
import { MESSAGES as SAFETY_MESSAGES, SUPPORT_PLANS } from '../../workers/decompose/domain/safety/plans'
import EVAL from '../../scripts/decompose/eval-goals.json'
import { DOMAINS } from '../../workers/decompose/domain/planner/domains'

// Issue 18 §3: plans in the request's language (fr, es, de), the response saying which and
// whether any string fell back to English.
const MESSAGES: Record<Lang, Record<string, string>> = { en: EN, fr: FR, es: ES, de: DE }
const I18N = { fr: I18N_FR, es: I18N_ES, de: I18N_DE }
const SUPPORT = { fr: SUPPORT_FR, es: SUPPORT_ES, de: SUPPORT_DE }

/** Every string of a JSON value (titles, texts, templates). */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.flatMap(strings)
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) =>
      k === 'match' || k === 'with' || k === 'words' || k === 'sources' || k === '_about' || k === 'id' ? [] : strings(x)
    )
  return []
}

/** The fixed parts of templates: what a plan written from them must contain verbatim. */
function fragments(templates: string[], min: number): string[] {
  return [
    ...new Set(
      templates
        .flatMap((t) => t.split(/\{[a-z_]+\}/))
        .map((f) => f.trim())
        .filter((f) => f.length >= min)
    ),
  ]
}

const ENGLISH = fragments(
  [
    ...Object.values(EN),
    ...strings(ARCHETYPES.archetypes),
    ...strings(GENERIC.skill),
    ...strings(SUPPORT_PLANS),
    ...strings(Object.values(INSTRUMENTS.firstLesson).map((family) => family.en)),
  ],
  12
)
// The safety screen's own sentences (the caution message is a note) are part of the language's text too.
const own = (lang: 'fr' | 'es' | 'de') =>
  fragments(
    [
      ...Object.values(MESSAGES[lang]),
      ...strings(I18N[lang]),
      ...strings(SUPPORT[lang]),
      ...strings(Object.values(INSTRUMENTS.firstLesson).map((family) => family[lang])),
      INSTRUMENTS.practice[lang],
      SAFETY_MESSAGES.caution[lang],
      SAFETY_MESSAGES.crisis[lang],
    ],
    6
  )

const CASES: Record<'fr' | 'es' | 'de', Array<{ goal: string; context: string; archetype: string; profile?: { locale: string } }>> = {
  fr: [
    { goal: 'Apprendre à jongler', context: '20 minutes par jour, le soir', archetype: 'general-skill' },
    { goal: 'Organiser notre mariage', context: 'nous avons 30 minutes par jour, 4 jours par semaine', archetype: 'wedding' },
    { goal: 'Je veux arrêter de fumer', context: 'le matin, 15 minutes', archetype: 'quit-smoking' },
    { goal: 'Arrêter de fumer', context: '', archetype: 'quit-smoking', profile: { locale: 'fr-BE' } },
    { goal: 'Améliorer ma prise de parole', context: '20 minutes par jour', archetype: 'public-speaking' },
    { goal: 'Devenir un meilleur manager de mon équipe', context: '20 minutes par jour', archetype: 'people-management' },
  ],
  es: [
    { goal: 'Aprender a jugar al ajedrez', context: 'soy principiante, 20 minutos al día', archetype: 'general-skill' },
    { goal: 'Quiero organizar nuestra boda', context: 'tenemos 30 minutos al día', archetype: 'wedding' },
    { goal: 'Dejar de fumar', context: 'tengo 15 minutos por la mañana, todos los días', archetype: 'quit-smoking' },
    { goal: 'Quiero hablar en público sin miedo', context: 'tengo 20 minutos al día', archetype: 'public-speaking' },
    { goal: 'Quiero ser mejor jefe', context: '20 minutos al día, 5 días por semana', archetype: 'people-management' },
  ],
  de: [
    { goal: 'Ich möchte jonglieren lernen', context: '20 Minuten am Tag', archetype: 'general-skill' },
    { goal: 'Unsere Hochzeit planen', context: 'wir haben 30 Minuten am Tag und 5 Tage pro Woche', archetype: 'wedding' },
    { goal: 'Ich möchte mit dem Rauchen aufhören', context: 'morgens 15 Minuten', archetype: 'quit-smoking' },
    { goal: 'Ich möchte sicher vor Publikum sprechen', context: '20 Minuten am Tag', archetype: 'public-speaking' },
    { goal: 'Ich will eine bessere Führungskraft werden', context: '20 Minuten am Tag', archetype: 'people-management' },
  ],
}

describe('plans in the request’s language', () => {
  for (const lang of ['fr', 'es', 'de'] as const) {
    const mine = own(lang)
    for (const c of CASES[lang]) {
      it(`${lang}: “${c.goal}” is written entirely in ${lang}`, () => {
        const plan = planGoal(c.goal, c.context, c.profile ?? {})
        expect(plan.archetype).toBe(c.archetype)
        expect(plan.language).toBe(lang)
        expect(plan.translation).toEqual({ complete: true, missing: 0 })
        expect(plan.first_cycle_actions).toHaveLength(14)
        const texts = [...plan.actions.flatMap((a) => [a.title, a.description]), ...plan.notes, plan.context_used.cue]
        for (const text of texts) {
          // Nothing of the English tables is left, and each string is built from this language's.
          expect(
            ENGLISH.filter((f) => text.includes(f)),
            text
          ).toEqual([])
          expect(
            mine.some((f) => text.includes(f)),
            text
          ).toBe(true)
        }
        // Same input, same plan.
        expect(planGoal(c.goal, c.context, c.profile ?? {})).toEqual(plan)
      })
    }
  }

  // Every archetype planned from data, in each language, with goals as an app would send them
  // (scripts/decompose/eval-goals.json): recognised in that language and written entirely in it.
  const DATA_ARCHETYPES = new Set(ARCHETYPES.archetypes.filter((a) => !('domain' in a)).map((a) => a.id))
  const EVAL_GOALS = (
    EVAL.goals as Array<{ goal: string; context: string; archetype?: string; kind?: string; lang?: string; words: string[] }>
  ).filter(
    (g): g is typeof g & { lang: 'fr' | 'es' | 'de' } =>
      g.lang !== undefined &&
      g.lang !== 'en' &&
      (g.archetype ? DATA_ARCHETYPES.has(g.archetype) : !!DOMAINS[g.kind as keyof typeof DOMAINS]?.langs?.includes(g.lang as 'fr'))
  )
  it('every archetype planned from data has goals in fr, es and de to test', () => {
    for (const lang of ['fr', 'es', 'de'] as const) {
      const covered = new Set(EVAL_GOALS.filter((g) => g.lang === lang).map((g) => g.archetype))
      // Domain modules that write the language have goals in it too.
      const modules = Object.values(DOMAINS)
        .filter((d) => d.langs?.includes(lang))
        .map((d) => d.kind)
      expect(
        modules.filter((k) => !EVAL_GOALS.some((g) => g.lang === lang && g.kind === k)),
        lang
      ).toEqual([])
      expect(
        [...DATA_ARCHETYPES].filter((id) => id !== 'general-skill' && !covered.has(id)),
        lang
      ).toEqual([])
    }
  })
  for (const g of EVAL_GOALS) {
    const mine = own(g.lang)
    it(`${g.lang}: “${g.goal}” (${g.archetype ?? g.kind}) has no English left`, () => {
      const plan = planGoal(g.goal, g.context)
      expect([g.archetype ? plan.archetype : plan.domain, plan.language]).toEqual([g.archetype ?? g.kind, g.lang])
      expect(plan.translation).toEqual({ complete: true, missing: 0 })
      // Translations run longer than English: no title may be cut short to fit, whatever the
      // archetype or module (every budget and level: titles.test.ts).
      expect(plan.actions.map((a) => a.title).filter((t) => t.endsWith('…'))).toEqual([])
      const texts = [...plan.actions.flatMap((a) => [a.title, a.description]), ...plan.notes]
      for (const text of texts) {
        expect(
          ENGLISH.filter((f) => text.includes(f)),
          text
        ).toEqual([])
        expect(
          mine.some((f) => text.includes(f)),
          text
        ).toBe(true)
      }
      // The plan is about the goal's own object, in its language.
      const first = plan.first_cycle_actions
        .map((a) => `${a.title} ${a.description}`)
        .join(' ')
        .toLowerCase()
      expect(
        g.words.some((w) => first.includes(w.toLowerCase())),
        g.words.join(', ')
      ).toBe(true)
    })
  }

  // The plans that replace a goal unsafe for this person (safety corpus inputs).
  const REPLACED: Array<[lang: 'fr' | 'es' | 'de', goal: string, context: string, first: string]> = [
    ['fr', 'arrêter de manger', 'je veux voir mes côtes', SUPPORT_FR.eating.days[0].title],
    ['es', 'dejar de comer', 'quiero ver mis costillas', SUPPORT_ES.eating.days[0].title],
    ['de', 'nichts mehr essen', 'ich will meine Rippen sehen', SUPPORT_DE.eating.days[0].title],
    ['fr', 'maigrir', "j'ai 14 ans", SUPPORT_FR.minor.days[0].title],
    ['es', 'perder peso', 'tengo 13 años', SUPPORT_ES.minor.days[0].title],
    ['de', 'abnehmen', 'ich bin 15', SUPPORT_DE.minor.days[0].title],
    ['fr', 'nager 1 km', 'je ne sais pas nager', SUPPORT_FR.water.days[0].title],
    ['es', 'nadar en el mar', 'no sé nadar', SUPPORT_ES.water.days[0].title],
    ['de', 'im See schwimmen', 'ich bin Nichtschwimmer', SUPPORT_DE.water.days[0].title],
  ]
  for (const [lang, goal, context, first] of REPLACED) {
    it(`${lang}: the plan replacing “${goal} / ${context}” is in ${lang}`, () => {
      const plan = planGoal(goal, context)
      expect([plan.safety.level, plan.domain, plan.language]).toEqual(['caution', 'support', lang])
      expect(plan.translation).toEqual({ complete: true, missing: 0 })
      expect(plan.first_cycle_actions[0].title).toBe(first)
      for (const text of plan.actions.flatMap((a) => [a.title, a.description])) {
        expect(
          ENGLISH.filter((f) => text.includes(f)),
          text
        ).toEqual([])
        expect(text).not.toContain('{line}')
      }
    })
  }

  it('how the context was read (conflicting or out-of-range times, levels) is said in the plan’s language', () => {
    const fr = planGoal('Mieux dormir', 'débutant et avancé, 300 minutes par jour')
    expect(fr.notes).toContain(FR['reading.levels'].replace('{level}', FR['level.beginner']))
    expect(fr.notes).toContain(FR['reading.max'].replace('{max}', '180'))
    expect(fr.translation).toEqual({ complete: true, missing: 0 })
    const de = planGoal('Täglich meditieren', '2 Minuten am Tag')
    expect(de.notes).toContain(DE['reading.min'].replaceAll('{min}', '5'))
    expect(de.translation).toEqual({ complete: true, missing: 0 })
  })

  it('numbers with decimals use the language’s decimal comma (1,5 not 1.5)', () => {
    const texts = (goal: string, context: string) =>
      planGoal(goal, context)
        .actions.map((a) => a.description)
        .join(' ')
    const speaking = [
      texts('Améliorer ma prise de parole', '20 minutes par jour, 5 jours par semaine'),
      texts('Quiero hablar en público sin miedo', '20 minutos al día, 5 días por semana'),
      texts('Ich möchte sicher vor Publikum sprechen', '20 Minuten am Tag, 5 Tage pro Woche'),
    ]
    for (const t of speaking) {
      expect(t).toContain('1,5')
      expect(t).not.toMatch(/\d\.\d/)
    }
  })

  it('a caution plan puts the professional first in the request’s language', () => {
    const fr = planGoal('Arrêter de fumer', "j'ai une douleur au genou", { locale: 'fr', constraints: ['douleur au genou'] })
    expect(fr.safety.level).toBe('caution')
    expect(fr.first_cycle_actions[0].title).toBe(FR['caution.injury.title'])
    expect(fr.translation).toEqual({ complete: true, missing: 0 })
    const de = planGoal('Mit dem Rauchen aufhören', '', { locale: 'de', constraints: ['Schmerzen im Knie'] })
    expect(de.safety.level).toBe('caution')
    expect(de.first_cycle_actions[0].title).toBe(DE['caution.injury.title'])
    expect(de.notes[0]).toBe(de.safety.message)
    expect(de.translation).toEqual({ complete: true, missing: 0 })
  })

  // Issue 18 §3 changed this contract: the finance module was the last one that fell back to
  // English (it cited US and UK regulators); it now writes fr/es/de with French, Spanish and
  // German public sources, so every module writes every language and no plan is mixed.
  it('every domain module writes fr, es and de, the finance module too', () => {
    for (const d of Object.values(DOMAINS)) expect(d.langs, d.kind).toEqual(expect.arrayContaining(['en', 'fr', 'es', 'de']))
    const plan = planGoal('Épargner pour ma retraite', '20 minutes par jour')
    expect([plan.domain, plan.language]).toEqual(['finance', 'fr'])
    expect(plan.translation).toEqual({ complete: true, missing: 0 })
    const english = plan.actions.filter((a) => ENGLISH.some((f) => a.title.includes(f) || a.description.includes(f)))
    expect(english).toEqual([])
  })

  it('English plans are complete and unchanged in shape', () => {
    const plan = planGoal('Learn to juggle', '20 minutes a day')
    expect(plan.language).toBe('en')
    expect(plan.translation).toEqual({ complete: true, missing: 0 })
    expect(plan.first_cycle_actions[1].description.startsWith('After dinner, take')).toBe(true)
  })

  it('every language’s table has every message, with the same placeholders', () => {
    // A walk is "a 10-minute walk" in English and "une marche de 10 minutes" elsewhere: {walk_adj} and {walk} are the same value.
    const holes = (s: string) =>
      (s.match(/\{[a-z_]+\}/g) ?? [])
        .map((h) => h.replace('_adj', ''))
        .sort()
        .join(',')
    for (const lang of ['fr', 'es', 'de'] as const) {
      for (const [id, en] of Object.entries(EN)) {
        expect(MESSAGES[lang][id], `${lang} ${id}`).toBeTypeOf('string')
        expect(holes(MESSAGES[lang][id]), `${lang} ${id}`).toBe(holes(en))
      }
      for (const kind of ['eating', 'minor', 'water'] as const) {
        expect([SUPPORT[lang][kind].days.length, SUPPORT[lang][kind].later.length], `${lang} ${kind}`).toEqual([
          14,
          SUPPORT_PLANS[kind].later.length,
        ])
        expect(
          SUPPORT[lang][kind].days.map((d) => d.minutes),
          `${lang} ${kind}`
        ).toEqual(SUPPORT_PLANS[kind].days.map((d) => d.minutes))
      }
      // Translated archetypes have the English one's shape, so the same days come out.
      for (const [id, t] of Object.entries(I18N[lang].archetypes)) {
        const en = ARCHETYPES.archetypes.find((a) => a.id === id)!
        expect([t.sessions.length, t.offdays.length, t.phases.length], `${lang} ${id}`).toEqual([
          en.sessions!.length,
          en.offdays!.length,
          en.phases!.length,
        ])
        for (const x of [t.baseline, ...t.sessions, ...t.offdays, ...t.phases]) expect(x.title.length, x.title).toBeLessThanOrEqual(50)
      }
    }
  })
})
