import { detectRequested, LANGS, parseLocale, type Requested, type Unwritten } from '../locale/detect'
import { createLoc, type Loc } from '../locale/translate'
import { CRISIS_PLAN, SUPPORT_PLANS, type SupportPlan } from '../safety/plans'
import SUPPORT_FR from '../safety/support/fr.json'
import SUPPORT_ES from '../safety/support/es.json'
import SUPPORT_DE from '../safety/support/de.json'
import { screen, type ScreenExtras, type Screened } from '../safety/screen'
import type { Action, DecomposeResponse, Profile } from '../../schemas'
import { MAX_MINUTES, MIN_MINUTES, readContext } from './context'
import { cueFor } from './cues'
import { DOMAINS } from './domains'
import { hasBookableSessions, offDayFamily, restDay, sharedRecovery } from './recovery'
import { FINAL_DAY, MID_REVIEW_DAY, nextWorkDay, sessionDays } from './schedule'
import { fitTitle, readGoal } from './text'
import { route } from './route'
import { anchorDays } from './anchor'
import type { Context, DayKind, Domain, PlannedDay, Step } from './types'
import type { Lang } from '../locale/detect'
import type { Localised } from '../locale/translate'

export const CYCLE_LENGTH_DAYS = 14

type SupportKind = keyof typeof SUPPORT_PLANS
const SUPPORT_I18N: Partial<Record<Lang, Partial<Record<SupportKind, SupportPlan>>>> = { fr: SUPPORT_FR, es: SUPPORT_ES, de: SUPPORT_DE }

export type RulesPlan = {
  response: DecomposeResponse
  /** The same days with their kind and dose, for tests and for the AI planner's prompt. */
  days: PlannedDay[]
  milestones: Step[]
  domain: Domain
  ctx: Context
}

/**
 * The deterministic planner: goal and context in, a 14-day first cycle and the milestones
 * after it out. No clock, no randomness, no I/O, so the same input always gives the same plan.
 */
export function buildPlan(
  goalText: string,
  rawContext = '',
  profile: Profile = {},
  extras: ScreenExtras = {},
  options: { stage?: number } = {}
): RulesPlan {
  const read = readGoal(goalText)
  // One space between words, so every pattern's bounded `\s{0,3}` sees what a person typed.
  // Constraints of the profile are read like the context's own words (and screened with them).
  const contextText = [rawContext, ...(profile.constraints ?? [])].join('. ').replace(/\s+/g, ' ').trim()
  const locale = parseLocale(profile.locale)
  // Italian and Portuguese are recognised but not written: the plan is English and says so (issue 31 §4).
  const requested = locale.requested ?? detectRequested(`${read.text} ${contextText}`)
  const lang: Lang = locale.lang ?? ((LANGS as string[]).includes(requested) ? (requested as Lang) : 'en')
  const goal = lang === 'de' ? readGoal(goalText, lang) : read
  // What the goal is (no planning yet) tells the screen whether a chronic condition matters.
  const { domain, kind, archetype, coverage } = route(goal, contextText, lang)
  // The safety screen runs before anything is planned (issue 18 §1).
  // Check-in notes and the guard model's verdict go through the same screen (issue 30).
  const screened = screen(goal.text, contextText, lang, locale.region, { kind, archetype }, extras)
  if (screened.replace) return withRequested(supportPlan(goal.text, contextText, profile, screened, lang), requested)

  // Phrase tables of the request's language; a domain that cannot write in it writes English
  // and the response says how many strings are not translated (issue 18 §3).
  const loc = createLoc(lang)
  const dloc = (domain.langs ?? ['en']).includes(lang) ? loc : createLoc('en')
  // The full stop keeps the goal's last words and the context's first apart when matching.
  const ctx = withProfile(readContext(`${goal.text}.\n${contextText}`, domain.defaults), profile)
  const notes: Localised[] = []
  const caution = screened.safety.level === 'caution'
  let cautionReading: Localised | null = null
  if (caution) {
    notes.push({ text: screened.safety.message!, lang })
    // Conservative doses: the beginner's progression whatever level the text claims.
    if (ctx.level !== 'beginner') cautionReading = loc.t('note.caution_doses')
    ctx.level = 'beginner'
  }

  const sessionsPerWeek = Math.max(domain.minSessionsPerWeek ?? 1, Math.min(ctx.daysPerWeek, domain.maxSessionsPerWeek(ctx)))
  if (sessionsPerWeek > ctx.daysPerWeek) {
    notes.push(loc.t('note.nightly', { days: ctx.daysPerWeek }))
  } else if (sessionsPerWeek < ctx.daysPerWeek) {
    notes.push(loc.t('note.sessions', { days: ctx.daysPerWeek, level: loc.t(`level.${ctx.level}`).text, sessions: sessionsPerWeek }))
  }
  const slots = sessionDays(sessionsPerWeek, domain.retestOnDay14)
  const shape = { week1: slots.week1.length, week2: slots.week2.length, sessionsPerWeek }
  const cue = cueFor(ctx, domain.defaults.anchor, dloc, domain.cues)
  const plan = domain.plan({ goal, ctx, cue, shape, loc: dloc, stage: options.stage ?? 0 })
  const own = (s: Step): Step => ({ ...s, lang: s.lang ?? dloc.lang })

  const sessionQueue = plan.sessions.map(own)
  // Off days come from the goal's own kind, then plain rest naming the next session (recovery.ts).
  const family = offDayFamily(kind, archetype)
  const bookable = hasBookableSessions(`${goal.text} ${contextText}`)
  const recoveryQueue = [...plan.recovery.map(own), ...sharedRecovery(goal.label, ctx.minutesPerDay, loc, family, bookable)]
  const upcoming = (day: number) => {
    const next = nextWorkDay(day, slots)
    const step = next === MID_REVIEW_DAY ? plan.midReview : next === FINAL_DAY ? plan.finalReview : sessionQueue[0]
    return { day: next, title: fitTitle(step?.title ?? '') }
  }
  const usedTitles = new Set<string>()
  const days: PlannedDay[] = []
  for (let day = 1; day <= CYCLE_LENGTH_DAYS; day++) {
    let kind: DayKind
    let step: Step | undefined
    if (day === 1) [kind, step] = ['baseline', own(plan.baseline)]
    else if (day === MID_REVIEW_DAY) [kind, step] = ['review', own(plan.midReview)]
    else if (day === FINAL_DAY) [kind, step] = ['review', own(plan.finalReview)]
    else if (slots.week1.includes(day) || slots.week2.includes(day)) [kind, step] = ['session', sessionQueue.shift()]
    else {
      kind = 'recovery'
      do step = recoveryQueue.shift()
      while (step && usedTitles.has(step.title))
      step ??= restDay(family, day, upcoming(day), loc)
    }
    if (!step) throw new Error(`planner: no ${kind} step left for day ${day} (${domain.kind})`)
    if (day === 1 && caution) step = professionalFirst(screened, step, loc)
    const title = unique(fitTitle(step.title), usedTitles)
    usedTitles.add(title)
    days.push({ ...step, title, day, kind })
  }
  // Every day names the goal it serves (anchor.ts); a crisis or support plan never gets here.
  days.splice(0, days.length, ...anchorDays(days, goal, lang))

  const milestones = plan.milestones.map((m) => ({ ...own(m), title: fitTitle(m.title) }))
  const first: Action[] = days.map(toAction)
  // Each later step closes one more cycle unless the domain dates it itself (long projects).
  let due = CYCLE_LENGTH_DAYS
  const later: Action[] = milestones.map((m) => {
    due = Math.max(due + CYCLE_LENGTH_DAYS, m.day ?? 0)
    return { day: due, title: m.title, description: m.description, minutes: m.minutes }
  })

  // Readings of the context (context.ts) in the plan's language; a level is named as the language names it.
  const reading = (r: Context['readings'][number]) =>
    loc.t(r.id, r.id === 'reading.levels' ? { level: loc.t(`level.${r.params.level}`).text } : r.params)
  const allNotes: Localised[] = [
    ...notes,
    ...ctx.readings.map(reading),
    ...(cautionReading ? [cautionReading] : []),
    ...plan.notes.map((text) => ({ text, lang: dloc.lang })),
  ]
  return withRequested(
    {
      response: {
        goal: goal.text,
        cycle_length_days: CYCLE_LENGTH_DAYS,
        first_cycle_actions: first,
        actions: [...first, ...later],
        domain: kind,
        archetype,
        coverage,
        context_used: {
          level: ctx.level,
          minutes_per_day: ctx.minutesPerDay,
          days_per_week: ctx.daysPerWeek,
          sessions_per_week: sessionsPerWeek,
          cue,
          constraints: constraintsOf(ctx),
          deadline_weeks: ctx.deadlineWeeks,
          deadline_text: ctx.deadlineText,
          assumed: assumedOf(ctx),
          facts: [...ctx.facts, ...(plan.facts ?? [])],
        },
        notes: allNotes.map((n) => n.text),
        planner: 'rules',
        language: lang,
        translation: translationOf(lang, [...days, ...milestones], allNotes),
        safety: screened.safety,
      },
      days,
      milestones,
      domain,
      ctx,
    },
    requested
  )
}

/**
 * A plan asked for in a language the planner does not write (Italian, Portuguese) is English and
 * says so: `translation: { requested, complete: false }`, every user-visible string counted missing.
 */
function withRequested(plan: RulesPlan, requested: Requested): RulesPlan {
  const r = plan.response
  if ((LANGS as string[]).includes(requested)) return plan
  const missing = r.actions.length * 2 + r.notes.length
  return { ...plan, response: { ...r, translation: { complete: false, missing, requested: requested as Unwritten } } }
}

export function planGoal(goal: string, context = '', profile: Profile = {}): DecomposeResponse {
  return buildPlan(goal, context, profile).response
}

// Which professional comes first when several cautions apply: the most urgent one.
const CAUTION_ORDER: Screened['safety']['categories'] = [
  'medical',
  'self-harm',
  'eating-disorder',
  'minor-weight',
  'dangerous-activity',
  'injury',
]

// Minutes of the professional-first step; its texts are `caution.<category>.*` in locale/messages.
const FIRST_MINUTES: Record<string, number> = {
  medical: 10,
  injury: 10,
  'dangerous-activity': 10,
  'eating-disorder': 10,
  'self-harm': 10,
  'minor-weight': 15,
}

function professionalFirst(screened: Screened, baseline: Step, loc: Loc): Step {
  const first = CAUTION_ORDER.find((c) => screened.safety.categories.includes(c))
  if (!first || !(first in FIRST_MINUTES)) return baseline
  const title = loc.t(`caution.${first}.title`)
  const text = loc.t(`caution.${first}.text`)
  const minutes = FIRST_MINUTES[first]
  return {
    title: title.text,
    description: fill(text.text, screened),
    minutes: Math.min(minutes, baseline.minutes || minutes),
    load: 0,
    lang: text.lang,
  }
}

/**
 * How much of the plan is in the plan's language: every action's title and description and
 * every note that had no translation and fell back to English is counted (issue 18 §3).
 */
function translationOf(lang: Lang, steps: Step[], notes: Localised[]): DecomposeResponse['translation'] {
  if (lang === 'en') return { complete: true, missing: 0 }
  const missing = steps.filter((s) => (s.lang ?? 'en') !== lang).length * 2 + notes.filter((n) => n.lang !== lang).length
  return { complete: missing === 0, missing }
}

const fill = (s: string, screened: Screened) => s.replaceAll('{line}', screened.line).replaceAll('{emergency}', screened.emergency)

/**
 * The plan that replaces the goal's own when the screen says so: a crisis (a gentle plan to
 * reach help and stay safe, in the request's language) or a goal unsafe for this person.
 */
function supportPlan(goalText: string, contextText: string, profile: Profile, screened: Screened, lang: Lang): RulesPlan {
  const domain = DOMAINS.general
  const ctx = withProfile(readContext(`${goalText}.\n${contextText}`, domain.defaults), profile)
  // A plan that replaces an unsafe goal is in the request's language where safety/support/<lang>.json has it.
  const translated = screened.replace === 'crisis' ? null : SUPPORT_I18N[lang]?.[screened.replace!]
  const source = screened.replace === 'crisis' ? CRISIS_PLAN[lang] : (translated ?? SUPPORT_PLANS[screened.replace!])
  const planLang: Lang = screened.replace === 'crisis' || translated ? lang : 'en'
  const budget = Math.max(ctx.minutesPerDay, 5)
  const days: PlannedDay[] = source.days.map((d, i) => ({
    title: fitTitle(d.title),
    description: fill(d.description, screened),
    minutes: Math.min(d.minutes, budget),
    load: 0,
    lang: planLang,
    day: i + 1,
    kind: i === 0 ? 'baseline' : i === MID_REVIEW_DAY - 1 || i === FINAL_DAY - 1 ? 'review' : 'session',
  }))
  const milestones: Step[] = source.later.map((d) => ({
    title: fitTitle(d.title),
    description: fill(d.description, screened),
    minutes: d.minutes,
    load: 0,
    lang: planLang,
  }))
  const first = days.map(toAction)
  const later = milestones.map((m, i) => ({
    day: CYCLE_LENGTH_DAYS * (i + 2),
    title: m.title,
    description: m.description,
    minutes: m.minutes,
  }))
  return {
    response: {
      goal: goalText,
      cycle_length_days: CYCLE_LENGTH_DAYS,
      first_cycle_actions: first,
      actions: [...first, ...later],
      domain: 'support',
      archetype: null,
      coverage: 'general',
      context_used: {
        level: ctx.level,
        minutes_per_day: budget,
        days_per_week: 7,
        sessions_per_week: 7,
        cue: '',
        constraints: constraintsOf(ctx),
        deadline_weeks: null,
        deadline_text: null,
        assumed: assumedOf(ctx),
        facts: ctx.facts,
      },
      notes: [screened.safety.message!],
      planner: 'rules',
      language: lang,
      translation: translationOf(lang, [...days, ...milestones], []),
      safety: screened.safety,
    },
    days,
    milestones,
    domain,
    ctx,
  }
}

/** The structured profile overrides what the text says (issue 18 §3). */
function withProfile(ctx: Context, profile: Profile): Context {
  const out = { ...ctx, readings: [...ctx.readings] }
  if (profile.level) Object.assign(out, { level: profile.level, levelStated: true })
  if (profile.minutes_per_day)
    Object.assign(out, { minutesPerDay: Math.min(MAX_MINUTES, Math.max(MIN_MINUTES, profile.minutes_per_day)), minutesStated: true })
  if (profile.days_per_week) Object.assign(out, { daysPerWeek: profile.days_per_week, daysStated: true })
  if (profile.deadline) Object.assign(out, { deadlineText: profile.deadline })
  return out
}

function toAction(d: PlannedDay): Action {
  return { day: d.day, title: d.title, description: d.description, minutes: d.minutes }
}

function unique(title: string, used: Set<string>): string {
  if (!used.has(title)) return title
  for (let n = 2; ; n++) {
    const candidate = fitTitle(`${title.slice(0, 54)} (${n})`)
    if (!used.has(candidate)) return candidate
  }
}

const AREA_WORDS: Record<string, string> = {
  achilles: 'Achilles',
}

function constraintsOf(ctx: Context): string[] {
  return [
    ...ctx.injuries.map((a) => `${AREA_WORDS[a] ?? a} injury or pain`),
    ...(ctx.injuryUnplaced ? ['injury or pain (area not stated)'] : []),
    ...ctx.conditions.map((c) => CONDITION_WORDS[c]),
    ...ctx.equipment.map((e) => (e === 'none' ? 'no equipment' : `equipment: ${e.replace('-', ' ')}`)),
  ]
}

const CONDITION_WORDS: Record<Context['conditions'][number], string> = {
  pregnancy: 'pregnancy or recent birth',
  heart: 'heart condition',
  'blood-pressure': 'high blood pressure',
  diabetes: 'diabetes',
  asthma: 'asthma or lung condition',
  'older-adult': 'older adult',
  'eating-disorder': 'eating disorder (history or current)',
  depression: 'low mood or depression',
  anxiety: 'anxiety',
  crisis: 'thoughts of self-harm',
  'sleep-apnea': 'possible sleep apnoea or snoring',
  bipolar: 'bipolar disorder',
  epilepsy: 'epilepsy or seizures',
  'shift-work': 'shift work',
}

function assumedOf(ctx: Context): DecomposeResponse['context_used']['assumed'] {
  const out: DecomposeResponse['context_used']['assumed'] = []
  if (!ctx.levelStated) out.push('level')
  if (!ctx.minutesStated) out.push('minutes_per_day')
  if (!ctx.daysStated) out.push('days_per_week')
  if (!ctx.anchor) out.push('cue')
  return out
}
