import type { Lang } from '../locale/detect'
import { assess } from './assess'
import { bodySignal } from './body'
import { read } from './cues'
import { stricter, type GuardVerdict } from './guard-verdict'
import { CATEGORY_WORDS, DANGER, MESSAGES } from './plans'
import RESOURCES from './resources.json'
import SIGNALS from './signals.json'
import { compile, endOf, find, mayMatch, tokenize, type Phrase, type Tokens } from './tokens'

import type { Safety } from '../../schemas'

export type SafetyLevel = Safety['level']
export type Resource = Safety['resources'][number]
/** What the planner does with the screen's verdict. */
export type Screened = {
  safety: Safety
  /** A plan that replaces the goal's own (crisis, or a goal unsafe for this person), or null. */
  replace: 'crisis' | 'harm' | 'eating' | 'minor' | 'water' | null
  /** `{line}` and `{emergency}` for the plan texts. */
  line: string
  emergency: string
}

type Category = {
  id: string
  level: 'crisis' | 'caution'
  strong: Phrase[]
  /** Long-term conditions: count only when the goal is physical (signals.json `physical`). */
  chronic: Phrase[]
  weak: Phrase[]
  distress: Phrase[]
  all: Phrase[][]
  /** The `all` groups count only when the text states an age under 18 (age.ts). */
  minor: boolean
  not: Phrase[]
}

const CATEGORIES: Category[] = SIGNALS.categories.map((c) => ({
  id: c.id,
  level: c.level as Category['level'],
  strong: ((c as { strong?: string[] }).strong ?? []).map(compile),
  chronic: ((c as { chronic?: string[] }).chronic ?? []).map(compile),
  weak: ((c as { weak?: string[] }).weak ?? []).map(compile),
  distress: ((c as { distress?: string[] }).distress ?? []).map(compile),
  all: ((c as { all?: string[][] }).all ?? []).map((g) => g.map(compile)),
  not: ((c as { not?: string[] }).not ?? []).map(compile),
  minor: (c as { minor?: boolean }).minor === true,
}))

const PHYSICAL_KINDS = new Set(SIGNALS.physical.kinds)
const PHYSICAL_ARCHETYPES = new Set(SIGNALS.physical.archetypes)
const PHYSICAL_GOAL = SIGNALS.physical.goal.map(compile)

/** What the planner recognised the goal as, to tell a physical goal from a savings or study goal. */
export type GoalOf = { kind: string; archetype: string | null }

/**
 * A chronic condition (high blood pressure, epilepsy) needs a doctor's word before exercise,
 * not before a savings plan: the goal is physical when its archetype or domain is, or when the
 * goal itself names an effort ("climb Kilimanjaro", "faire du yoga").
 */
function physicalGoal(goalTokens: Tokens, of: GoalOf | undefined): boolean {
  if (of && (PHYSICAL_KINDS.has(of.kind) || (of.archetype !== null && PHYSICAL_ARCHETYPES.has(of.archetype)))) return true
  const present = new Set(goalTokens)
  return PHYSICAL_GOAL.some((p) => mayMatch(p, present) && find(goalTokens, p) >= 0)
}

const LEVEL_RANK: Record<SafetyLevel, number> = { none: 0, caution: 1, refuse: 2, crisis: 3 }

/** What else a screen reads besides goal and context. */
export type ScreenExtras = {
  /** Check-in notes: screened like the goal (issue 30 §2). */
  notes?: string[]
  /** The guard model's verdict on the same texts, when it answered; the stricter answer wins. */
  guard?: GuardVerdict | null
}

/**
 * The one safety screen (issues 18 §1, 30 §1): every text a person sends (goal, context with
 * the profile's strings, check-in notes) before any planning. Two readings, both linear in the
 * text: the phrase lists of signals.json (medical signs, pain, eating, water) on the folded
 * words, and the meaning classes of cues.json on the normalised, stemmed words of every
 * language at once (assess.ts: self-harm score, harm to others, minors and substances,
 * medication with restriction). Then the guard model's verdict, if any, can only raise it.
 */
export function screen(goal: string, context: string, lang: Lang, region: string | null, of?: GoalOf, extras: ScreenExtras = {}): Screened {
  const notes = extras.notes ?? []
  const goalTokens = tokenize(goal)
  // A separator word no phrase contains, so no phrase spans the goal and the context.
  const tokens = [...goalTokens, '|', ...tokenize(context), ...notes.flatMap((n) => ['|', ...tokenize(n)])]
  const reading = read([goal, context, ...notes])
  const found = assess(reading)
  let physical: boolean | null = null
  const present = new Set(tokens)
  const hits = new Map<string, SafetyLevel>()
  const raise = (id: string, level: SafetyLevel) => {
    if (LEVEL_RANK[level] > LEVEL_RANK[hits.get(id) ?? 'none']) hits.set(id, level)
  }
  for (const c of CATEGORIES) {
    // A story, a course or another person's crisis, with no word of the writer's own (lexicon.ts).
    if (c.id === 'self-harm' && found.framedOnly) continue
    const blocked = coveredBy(
      tokens,
      c.not.filter((p) => mayMatch(p, present))
    )
    // The self-harm phrases skip the words of a look-alike combination of concepts.json too.
    if (c.id === 'self-harm') for (const [i, t] of tokens.entries()) if (found.lookAlikeWords.has(t)) blocked.add(i)
    const any = (phrases: Phrase[]) => phrases.filter((p) => mayMatch(p, present) && occurs(tokens, p, blocked))
    if (any(c.strong).length) raise(c.id, c.level)
    if (c.chronic.length && any(c.chronic).length) {
      physical ??= physicalGoal(goalTokens, of)
      if (physical) raise(c.id, c.level)
    }
    const weak = new Set(any(c.weak).map((p) => p.source)).size
    if (weak >= 2 || (weak === 1 && any(c.distress).length)) raise(c.id, c.level)
    else if (weak === 1) raise(c.id, 'caution')
    if (c.all.length && (!c.minor || found.minor) && c.all.every((group) => any(group).length)) raise(c.id, c.level)
  }
  if (tooFastWeightLoss(tokens)) raise(SIGNALS.weight_rate.category, 'caution')
  if (found.selfHarm.level !== 'none') raise('self-harm', found.selfHarm.level)
  if (found.harmToOthers.length) raise('harm-to-others', 'refuse')
  if (found.minor && found.minorSubstances.length) raise('minor-substances', 'caution')
  if (found.medication) raise('medication-restriction', 'caution')
  for (const [id, level] of stricter(extras.guard ?? null)) raise(id, level)
  // The latest check-in's notes about the body: a professional first, beginner doses (issue 30 §2).
  const body = bodySignal(notes.at(-1) ?? '')
  if (body === 'pain') raise('injury', 'caution')
  if (body === 'illness') raise('medical', 'caution')

  const categories = [...hits.keys()] as Safety['categories']
  const level = [...hits.values()].reduce<SafetyLevel>((a, b) => (LEVEL_RANK[b] > LEVEL_RANK[a] ? b : a), 'none')
  const regions = regionsFor(lang, region)
  const { line, emergency } = linesFor(lang, region, regions)
  const fill = (s: string) => s.replaceAll('{line}', line).replaceAll('{emergency}', emergency)
  let message: string | null = null
  if (level === 'crisis') message = fill(MESSAGES.crisis[lang])
  else if (level === 'refuse') message = fill(MESSAGES.refuse[lang])
  else if (level === 'caution') {
    const what = categories.map((c) => CATEGORY_WORDS[c]?.[lang] ?? c).join('; ')
    message = fill(MESSAGES.caution[lang].replace('{what}', what))
  }
  // The specific danger first when a restriction meets a medication or history (issue 30 §1).
  if (found.medication && level === 'caution') message = `${DANGER[found.medication][lang]} ${message}`
  const resources = level === 'none' ? [] : resourcesFor(regions)
  let replace: Screened['replace'] = null
  if (level === 'crisis') replace = 'crisis'
  else if (hits.has('harm-to-others')) replace = 'harm'
  else if (found.medication) replace = 'eating'
  else if (hits.has('minor-substances')) replace = 'minor'
  else if (hits.has('eating-disorder') && restrictionGoal(tokens, present)) replace = 'eating'
  else if (hits.has('minor-weight')) replace = 'minor'
  else if (hits.has('dangerous-activity') && nonSwimmer(tokens, present)) replace = 'water'
  return { safety: { level, categories, message, resources }, replace, line, emergency }
}

/** Word positions inside a look-alike phrase ("no injuries"): a signal starting there does not count. */
function coveredBy(tokens: Tokens, phrases: Phrase[]): Set<number> {
  const out = new Set<number>()
  for (const p of phrases) {
    for (let at = find(tokens, p); at >= 0; at = find(tokens, p, at + 1))
      for (let i = at, end = endOf(tokens, p, at); i < end; i++) out.add(i)
  }
  return out
}

function occurs(tokens: Tokens, phrase: Phrase, blocked: Set<number>): boolean {
  for (let at = find(tokens, phrase); at >= 0; at = find(tokens, phrase, at + 1)) if (!blocked.has(at)) return true
  return false
}

// Diagnosis words alone ("history of bulimia") keep the goal with a professional first; the
// restriction phrases ("stop eating", "see my ribs") replace the goal with a support plan.
const DIAGNOSIS = new Set(['anorexi~', 'bulimi~', 'magersucht~'])
const RESTRICTION = CATEGORIES.filter((c) => c.id === 'eating-disorder').flatMap((c) => c.strong.filter((p) => !DIAGNOSIS.has(p.source)))
const ED_NOT = CATEGORIES.filter((c) => c.id === 'eating-disorder').flatMap((c) => c.not)
function restrictionGoal(tokens: Tokens, present: Set<string>): boolean {
  const blocked = coveredBy(
    tokens,
    ED_NOT.filter((p) => mayMatch(p, present))
  )
  return RESTRICTION.some((p) => mayMatch(p, present) && occurs(tokens, p, blocked))
}

const SWIM_GROUPS = CATEGORIES.filter((c) => c.id === 'dangerous-activity').flatMap((c) => c.all)
function nonSwimmer(tokens: Tokens, present: Set<string>): boolean {
  return SWIM_GROUPS.length > 0 && SWIM_GROUPS.every((g) => g.some((p) => mayMatch(p, present) && find(tokens, p) >= 0))
}

const KG: Record<string, number> = {
  kg: 1,
  kgs: 1,
  kilo: 1,
  kilos: 1,
  kilogram: 1,
  kilograms: 1,
  lb: 0.4536,
  lbs: 0.4536,
  pound: 0.4536,
  pounds: 0.4536,
  stone: 6.35,
}
const WEEKS: Record<string, number> = {
  day: 1 / 7,
  days: 1 / 7,
  jours: 1 / 7,
  dias: 1 / 7,
  tage: 1 / 7,
  tagen: 1 / 7,
  week: 1,
  weeks: 1,
  semaine: 1,
  semaines: 1,
  semana: 1,
  semanas: 1,
  woche: 1,
  wochen: 1,
  month: 4.35,
  months: 4.35,
  mois: 4.35,
  mes: 4.35,
  meses: 4.35,
  monat: 4.35,
  monaten: 4.35,
}
const LOSS = new Set(['lose', 'losing', 'drop', 'shed', 'perdre', 'perder', 'abnehmen', 'verlieren', 'lost'])

/** "lose 10 kg in 2 weeks": more than the safe weekly rate of signals.json weight_rate. */
function tooFastWeightLoss(tokens: Tokens): boolean {
  let kg: number | null = null
  let weeks: number | null = null
  let loss = false
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (LOSS.has(t)) loss = true
    const n = Number(t)
    if (!/^\d{1,4}$/.test(t) || !Number.isFinite(n)) continue
    const unit = tokens[i + 1]
    if (kg === null && unit && unit in KG) kg = n * KG[unit]
    else if (weeks === null && unit && unit in WEEKS && ['in', 'within', 'en', 'innerhalb', 'nach'].includes(tokens[i - 1] ?? ''))
      weeks = n * WEEKS[unit]
  }
  return loss && kg !== null && weeks !== null && weeks > 0 && kg / weeks > SIGNALS.weight_rate.max_kg_per_week
}

type Lines = { line: string; emergency: string }
const LINES = RESOURCES.lines as Record<string, Lines>
const REGIONS = RESOURCES.regions as Record<string, Array<Omit<Resource, 'region'> & { source: string }>>

function regionsFor(lang: Lang, region: string | null): string[] {
  if (region && REGIONS[region]) return [region]
  return (RESOURCES.by_language as Record<Lang, string[]>)[lang]
}

function linesFor(lang: Lang, region: string | null, regions: string[]): Lines {
  if (region && !REGIONS[region]) return LINES.INTL
  if (!region && lang === 'en') return LINES._default_en
  return LINES[regions[0]]
}

function resourcesFor(regions: string[]): Resource[] {
  return [...regions, 'INTL'].flatMap((r) => REGIONS[r].map(({ name, contact, url, hours }) => ({ region: r, name, contact, url, hours })))
}
