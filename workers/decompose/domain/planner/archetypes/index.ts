import { compile, endOf, find, mayMatch, tokenize, type Phrase } from '../../safety/tokens'
import type { Lang } from '../../locale/detect'
import { sentences, ramp } from '../text'
import type { Anchor, Domain, DomainInput, GoalKind, Step } from '../types'
import DATA from './archetypes.json'
import GENERIC from './generic.json'
import FR from './i18n/fr.json'
import ES from './i18n/es.json'
import DE from './i18n/de.json'

type Text = { title: string; text: string }
export type ArchetypeData = {
  id: string
  kind: string
  label: string
  minutes: number
  days: number
  anchor: string
  baseline: Text
  sessions: Text[]
  offdays: Text[]
  mid: string
  final: string
  phases: Text[]
  /** The language of the texts; English when absent. */
  lang?: Lang
}
type Texts = Pick<ArchetypeData, 'label' | 'baseline' | 'sessions' | 'offdays' | 'mid' | 'final' | 'phases'>
type SkillTexts = Texts & { leads: string[]; suffixes: string[]; drop: string[]; capitalise?: boolean }
type Translations = { skill: SkillTexts; archetypes: Record<string, Texts> }
// Texts of the data archetypes in other languages (issue 18 §3), same shape as the English.
const I18N: Partial<Record<Lang, Translations>> = { fr: FR, es: ES, de: DE }
type Entry = { id: string; domain?: GoalKind; match: string[]; with?: string[] } & Partial<ArchetypeData>

const ENTRIES = DATA.archetypes as Entry[]
const PHRASES: Array<{ entry: Entry; phrase: Phrase }> = ENTRIES.flatMap((entry) => entry.match.map((m) => ({ entry, phrase: compile(m) })))
// Words naming the setting of an archetype's object ("call centre team" around "absenteeism").
const SETTING = new Map(ENTRIES.map((e) => [e, new Set((e.with ?? []).flatMap((w) => tokenize(w)))]))

/**
 * `words`: the goal's words the phrase covered; `setting`: the goal's words among the
 * archetype's `with` words, which count for the routing confidence (route.ts) only next to a phrase.
 */
export type Recognised = ({ id: string; domain: GoalKind } | { id: string; data: ArchetypeData }) & {
  words: string[]
  setting: string[]
  at: number
}

/**
 * Every archetype whose phrase of archetypes.json is found in the goal, once each with its
 * longest phrase, in file order; route.ts picks the one that covers most of the goal's object.
 * An archetype planned by a domain module is returned as that domain; the caller lets the domain
 * classifier confirm it. Linear: one tokenisation, then each phrase compared at each word
 * (safety/tokens.ts).
 */
export function recogniseAll(goal: string): Recognised[] {
  const tokens = tokenize(goal)
  const present = new Set(tokens)
  const best = new Map<Entry, { words: string[]; at: number }>()
  for (const { entry, phrase } of PHRASES) {
    if (!mayMatch(phrase, present)) continue
    const at = find(tokens, phrase)
    if (at < 0) continue
    const words = tokens.slice(at, endOf(tokens, phrase, at))
    if (words.length > (best.get(entry)?.words.length ?? 0)) best.set(entry, { words, at })
  }
  return [...best].map(([e, { words, at }]) => {
    const own = SETTING.get(e)!
    const setting = tokens.filter((t) => own.has(t))
    return e.domain ? { id: e.id, domain: e.domain, words, setting, at } : { id: e.id, data: e as ArchetypeData, words, setting, at }
  })
}

/** Every archetype id, with the domain or kind that plans it (for the eval and the docs). */
export const ARCHETYPES: Array<{ id: string; kind: string }> = ENTRIES.map((e) => ({ id: e.id, kind: e.domain ?? e.kind! }))

const SKILL_LEAD =
  /^(?:learn(?: how)? to|learn|get better at|get good at|improve my|improve at|practi[cs]e|master|become good at)\s{1,3}(.{2,40})$/i

/**
 * "learn to juggle" → the general skill plan about "how to juggle"; null when the goal names no
 * skill. In fr/es/de the skill is named by the openings of i18n/<lang>.json ("apprendre à
 * jongler", "aprender a tocar la guitarra", "jonglieren lernen") and the plan is written in
 * that language; plain string comparisons, no pattern on the goal.
 */
export function genericSkill(label: string, lang: Lang = 'en'): ArchetypeData | null {
  const own = lang === 'en' ? undefined : I18N[lang]?.skill
  const object = own ? localObject(label, own) : null
  if (own && object) return skillPlan(own, object, lang)
  const m = SKILL_LEAD.exec(label.trim())
  if (!m) return null
  return skillPlan(GENERIC.skill, /^learn to|^learn how to/i.test(label.trim()) ? `how to ${m[1]}` : m[1], 'en')
}

function localObject(label: string, t: SkillTexts): string | null {
  let s = label.trim()
  const starts = (p: string) => s.toLowerCase().startsWith(p)
  for (const d of t.drop) if (starts(d)) s = s.slice(d.length)
  let object: string | null = null
  for (const lead of t.leads) if (!object && starts(lead)) object = s.slice(lead.length)
  for (const suffix of t.suffixes) if (!object && s.toLowerCase().endsWith(suffix)) object = s.slice(0, -suffix.length)
  object = object?.trim() ?? null
  if (!object || object.length < 2 || object.length > 40) return null
  // German writes the skill as a noun ("Jonglieren"); the table says so.
  return t.capitalise ? object.charAt(0).toUpperCase() + object.slice(1) : object
}

function skillPlan(t: Texts, object: string, lang: Lang): ArchetypeData {
  const base = GENERIC.skill
  const fill = (s: string) => s.replaceAll('{object}', object)
  const text = (x: Text) => ({ title: fill(x.title), text: fill(x.text) })
  return {
    id: base.id,
    kind: base.kind,
    minutes: base.minutes,
    days: base.days,
    anchor: base.anchor,
    label: fill(t.label),
    baseline: text(t.baseline),
    sessions: t.sessions.map(text),
    offdays: t.offdays.map(text),
    mid: fill(t.mid),
    final: fill(t.final),
    phases: t.phases.map(text),
    lang,
  }
}

/** The archetype's texts in `lang` when i18n/<lang>.json has them (then `lang` is set), else as they are. */
export function localise(a: ArchetypeData, lang: Lang): ArchetypeData {
  const t = lang === 'en' ? undefined : I18N[lang]?.archetypes[a.id]
  return t ? { ...a, ...t, lang } : a
}

/**
 * A planner domain built from an archetype's data (the engine places the days). It writes in
 * the language of the data; the sentences around the data are the phrase tables' `arch.*`.
 */
export function archetypeDomain(a: ArchetypeData): Domain {
  const lang = a.lang ?? 'en'
  // English data may start with a capital the wrapper sentence does not want; translations are written to fit.
  const lower = (s: string) => (a.lang ? s : s.charAt(0).toLowerCase() + s.slice(1))
  return {
    kind: 'general',
    langs: [lang],
    defaults: { minutesPerDay: a.minutes, daysPerWeek: a.days, anchor: a.anchor as Anchor },
    maxSessionsPerWeek: () => 6,
    retestOnDay14: false,
    staged: true,
    plan(input: DomainInput) {
      const { ctx, cue, shape, loc } = input
      // A later cycle is the roadmap's next phase (issue 31 §3): day 1 names it, sessions grow by
      // at most 10 % a week from the last cycle's (two weeks: 1.1²), and the phases left follow.
      const stage = Math.min(input.stage ?? 0, a.phases.length)
      const t = (id: string, params: Record<string, string | number> = {}) => loc.t(id, params).text
      const budget = ctx.minutesPerDay
      const share = { beginner: 0.7, intermediate: 0.8, advanced: 0.9 }[ctx.level]
      let block1 = Math.max(1, Math.min(Math.round(budget * share), Math.floor(budget / 1.15)))
      for (let s = 0; s < 2 * stage; s++) block1 = Math.min(budget, Math.floor(block1 * 1.1))
      const block2 = stage ? Math.min(budget, Math.floor(block1 * 1.1)) : Math.min(budget, ramp(block1))
      const short = Math.min(budget, 10)
      const planned = shape.week1 + 1
      const phase = stage ? a.phases[stage - 1] : null
      const baseline: Step = phase
        ? {
            title: phase.title,
            description: sentences(t('arch.stage', { cue, duration: loc.duration(Math.min(budget, 15)), text: lower(phase.text) })),
            minutes: Math.min(budget, 15),
            load: 0,
          }
        : {
            title: a.baseline.title,
            description: sentences(t('arch.baseline', { cue, duration: loc.duration(Math.min(budget, 15)), text: lower(a.baseline.text) })),
            minutes: Math.min(budget, 15),
            load: 0,
          }
      const sessions: Step[] = Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
        const min = i < shape.week1 ? block1 : block2
        const s = a.sessions[i % a.sessions.length]
        const round = Math.floor(i / a.sessions.length)
        return {
          // A third pass names its round, so no title needs a "(2)" to stay unique.
          title: t(round > 1 ? 'arch.session.round' : round ? 'arch.session.again' : 'arch.session.title', {
            title: s.title,
            min,
            n: round + 1,
          }),
          description: sentences(
            t('arch.baseline', { cue, duration: loc.duration(min), text: lower(s.text) }),
            round ? t('arch.round', { n: round + 1 }) : null
          ),
          minutes: min,
          load: min,
        }
      })
      // Every day carries a number (a dose or a deliverable), off days included.
      const recovery: Step[] = a.offdays.map((o) => ({
        title: o.title,
        description: /\d/.test(o.text) ? o.text : t('arch.offday.takes', { text: o.text, duration: loc.duration(short) }),
        minutes: short,
        load: 0,
      }))
      return {
        baseline,
        sessions,
        recovery,
        midReview: {
          title: t('arch.mid.title'),
          description: t('arch.mid.text', { duration: loc.duration(short), text: a.mid.replaceAll('{planned}', String(planned)) }),
          minutes: short,
          load: 0,
        },
        finalReview: {
          title: t('arch.final.title'),
          description: t('arch.final.text', { duration: loc.duration(Math.min(budget, 15)), text: lower(a.final) }),
          minutes: Math.min(budget, 15),
          load: 0,
        },
        milestones: a.phases.slice(stage).map((p) => ({ title: p.title, description: p.text, minutes: block2, load: block2 })),
        notes: [],
      }
    },
  }
}
