import { detectLanguage, parseLocale } from '../locale/detect'
import { CRISIS_PLAN, PROFESSIONAL_FIRST, SUPPORT_PLANS } from '../safety/plans'
import { screen, type Screened } from '../safety/screen'
import type { Action, DecomposeResponse, Profile } from '../schemas'
import { classify } from './classify'
import { MAX_MINUTES, MIN_MINUTES, readContext } from './context'
import { cueFor } from './cues'
import { DOMAINS } from './domains'
import { sharedRecovery } from './recovery'
import { FINAL_DAY, MID_REVIEW_DAY, sessionDays } from './schedule'
import { fitTitle, readGoal } from './text'
import { archetypeDomain, genericSkill, recognise } from './archetypes/index'
import { subtype as studySubtype } from './domains/study'
import type { Context, DayKind, Domain, GoalText, PlannedDay, Step } from './types'
import type { Lang } from '../locale/detect'

export const CYCLE_LENGTH_DAYS = 14

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
export function buildPlan(goalText: string, rawContext = '', profile: Profile = {}): RulesPlan {
  const goal = readGoal(goalText)
  // One space between words, so every pattern's bounded `\s{0,3}` sees what a person typed.
  // Constraints of the profile are read like the context's own words (and screened with them).
  const contextText = [rawContext, ...(profile.constraints ?? [])].join('. ').replace(/\s+/g, ' ').trim()
  const locale = parseLocale(profile.locale)
  const lang = locale.lang ?? detectLanguage(`${goal.text} ${contextText}`)
  // The safety screen runs before anything is planned (issue 18 §1).
  const screened = screen(goal.text, contextText, lang, locale.region)
  if (screened.replace) return supportPlan(goal.text, contextText, profile, screened, lang)

  const { domain, kind, archetype } = pickDomain(goal, contextText)
  // The full stop keeps the goal's last words and the context's first apart when matching.
  const ctx = withProfile(readContext(`${goal.text}.\n${contextText}`, domain.defaults), profile)
  const notes: string[] = []
  const caution = screened.safety.level === 'caution'
  if (caution) {
    notes.push(screened.safety.message!)
    // Conservative doses: the beginner's progression whatever level the text claims.
    if (ctx.level !== 'beginner') ctx.readings.push('Because of what the safety note above describes, the plan uses beginner doses until a professional has said what is safe.')
    ctx.level = 'beginner'
  }

  const sessionsPerWeek = Math.max(domain.minSessionsPerWeek ?? 1, Math.min(ctx.daysPerWeek, domain.maxSessionsPerWeek(ctx)))
  if (sessionsPerWeek > ctx.daysPerWeek) {
    notes.push(`You said ${ctx.daysPerWeek} days a week, but these habits work only if they happen every night, so each day has a short step (most take under 10 minutes).`)
  } else if (sessionsPerWeek < ctx.daysPerWeek) {
    notes.push(
      `You have ${ctx.daysPerWeek} days a week; at the ${ctx.level} level the plan uses ${sessionsPerWeek} of them for full sessions and gives the others light tasks: rest and spacing between sessions are part of how progress happens.`
    )
  }
  const slots = sessionDays(sessionsPerWeek, domain.retestOnDay14)
  const shape = { week1: slots.week1.length, week2: slots.week2.length, sessionsPerWeek }
  const cue = cueFor(ctx, domain.defaults.anchor, domain.cues)
  const plan = domain.plan({ goal, ctx, cue, shape })

  const sessionQueue = [...plan.sessions]
  const recoveryQueue = [...plan.recovery, ...sharedRecovery(goal.label, ctx.minutesPerDay)]
  const usedTitles = new Set<string>()
  const days: PlannedDay[] = []
  for (let day = 1; day <= CYCLE_LENGTH_DAYS; day++) {
    let kind: DayKind
    let step: Step | undefined
    if (day === 1) [kind, step] = ['baseline', plan.baseline]
    else if (day === MID_REVIEW_DAY) [kind, step] = ['review', plan.midReview]
    else if (day === FINAL_DAY) [kind, step] = ['review', plan.finalReview]
    else if (slots.week1.includes(day) || slots.week2.includes(day)) [kind, step] = ['session', sessionQueue.shift()]
    else {
      kind = 'recovery'
      do step = recoveryQueue.shift()
      while (step && usedTitles.has(step.title))
    }
    if (!step) throw new Error(`planner: no ${kind} step left for day ${day} (${domain.kind})`)
    if (day === 1 && caution) step = professionalFirst(screened, step)
    const title = unique(fitTitle(step.title), usedTitles)
    usedTitles.add(title)
    days.push({ ...step, title, day, kind })
  }

  const milestones = plan.milestones.map((m) => ({ ...m, title: fitTitle(m.title) }))
  const first: Action[] = days.map(toAction)
  // Each later step closes one more cycle unless the domain dates it itself (long projects).
  let due = CYCLE_LENGTH_DAYS
  const later: Action[] = milestones.map((m) => {
    due = Math.max(due + CYCLE_LENGTH_DAYS, m.day ?? 0)
    return { day: due, title: m.title, description: m.description, minutes: m.minutes }
  })

  return {
    response: {
      goal: goal.text,
      cycle_length_days: CYCLE_LENGTH_DAYS,
      first_cycle_actions: first,
      actions: [...first, ...later],
      domain: kind,
      archetype,
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
      },
      notes: [...notes, ...ctx.readings, ...plan.notes],
      planner: 'rules',
      language: 'en',
      safety: screened.safety,
    },
    days,
    milestones,
    domain,
    ctx,
  }
}

export function planGoal(goal: string, context = '', profile: Profile = {}): DecomposeResponse {
  return buildPlan(goal, context, profile).response
}

// Which professional comes first when several cautions apply: the most urgent one.
const CAUTION_ORDER: Screened['safety']['categories'] = ['medical', 'self-harm', 'eating-disorder', 'minor-weight', 'dangerous-activity', 'injury']

function professionalFirst(screened: Screened, baseline: Step): Step {
  const first = CAUTION_ORDER.find((c) => screened.safety.categories.includes(c))
  const step = first ? PROFESSIONAL_FIRST[first] : undefined
  if (!step) return baseline
  return { title: step.title, description: fill(step.description, screened), minutes: Math.min(step.minutes, baseline.minutes || step.minutes), load: 0 }
}

const fill = (s: string, screened: Screened) => s.replaceAll('{line}', screened.line).replaceAll('{emergency}', screened.emergency)

/**
 * The plan that replaces the goal's own when the screen says so: a crisis (a gentle plan to
 * reach help and stay safe, in the request's language) or a goal unsafe for this person.
 */
function supportPlan(goalText: string, contextText: string, profile: Profile, screened: Screened, lang: Lang): RulesPlan {
  const domain = DOMAINS.general
  const ctx = withProfile(readContext(`${goalText}.\n${contextText}`, domain.defaults), profile)
  const source = screened.replace === 'crisis' ? CRISIS_PLAN[lang] : SUPPORT_PLANS[screened.replace!]
  const planLang: Lang = screened.replace === 'crisis' ? lang : 'en'
  const budget = Math.max(ctx.minutesPerDay, 5)
  const days: PlannedDay[] = source.days.map((d, i) => ({
    title: fitTitle(d.title),
    description: fill(d.description, screened),
    minutes: Math.min(d.minutes, budget),
    load: 0,
    day: i + 1,
    kind: i === 0 ? 'baseline' : i === MID_REVIEW_DAY - 1 || i === FINAL_DAY - 1 ? 'review' : 'session',
  }))
  const milestones: Step[] = source.later.map((d) => ({ title: fitTitle(d.title), description: fill(d.description, screened), minutes: d.minutes, load: 0 }))
  const first = days.map(toAction)
  const later = milestones.map((m, i) => ({ day: CYCLE_LENGTH_DAYS * (i + 2), title: m.title, description: m.description, minutes: m.minutes }))
  return {
    response: {
      goal: goalText,
      cycle_length_days: CYCLE_LENGTH_DAYS,
      first_cycle_actions: first,
      actions: [...first, ...later],
      domain: 'support',
      archetype: null,
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
      },
      notes: [screened.safety.message!],
      planner: 'rules',
      language: planLang,
      safety: screened.safety,
    },
    days,
    milestones,
    domain,
    ctx,
  }
}

/**
 * Which planner writes the plan (issue 18 §2): an archetype recognised by the goal's meaning
 * (data-driven ones plan themselves; domain ones go to their module when the classifier
 * agrees), then the keyword classifier, then the general skill planner built from the goal's
 * own object ("learn to juggle"), and only then the general project plan.
 */
function pickDomain(goal: GoalText, context: string): { domain: Domain; kind: DecomposeResponse['domain']; archetype: string | null } {
  const recognised = recognise(goal.text)
  if (recognised && 'data' in recognised) return { domain: archetypeDomain(recognised.data), kind: recognised.data.kind as DecomposeResponse['domain'], archetype: recognised.id }
  const kind = classify(goal.text, context)
  // The classifier confirms a domain archetype, or has nothing better to say.
  if (recognised && (recognised.domain === kind || kind === 'general')) return { domain: DOMAINS[recognised.domain], kind: recognised.domain, archetype: recognised.id }
  // A skill outside exams, code and music (juggling, chess, knitting) is planned from its own name.
  if (kind === 'general' || (kind === 'study' && studySubtype(goal.lower) === 'skill')) {
    const skill = genericSkill(goal.label)
    if (skill) return { domain: archetypeDomain(skill), kind: 'skill', archetype: skill.id }
  }
  return { domain: DOMAINS[kind], kind, archetype: null }
}

/** The structured profile overrides what the text says (issue 18 §3). */
function withProfile(ctx: Context, profile: Profile): Context {
  const out = { ...ctx, readings: [...ctx.readings] }
  if (profile.level) Object.assign(out, { level: profile.level, levelStated: true })
  if (profile.minutes_per_day) Object.assign(out, { minutesPerDay: Math.min(MAX_MINUTES, Math.max(MIN_MINUTES, profile.minutes_per_day)), minutesStated: true })
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
