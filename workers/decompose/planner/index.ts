import type { Action, DecomposeResponse } from '../schemas'
import { classify } from './classify'
import { readContext } from './context'
import { cueFor } from './cues'
import { DOMAINS } from './domains'
import { sharedRecovery } from './recovery'
import { FINAL_DAY, MID_REVIEW_DAY, sessionDays } from './schedule'
import { fitTitle, readGoal } from './text'
import type { Context, DayKind, Domain, PlannedDay, Step } from './types'

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
export function buildPlan(goalText: string, rawContext = ''): RulesPlan {
  const goal = readGoal(goalText)
  // One space between words, so every pattern's bounded `\s{0,3}` sees what a person typed.
  const contextText = rawContext.replace(/\s+/g, ' ').trim()
  const domain = DOMAINS[classify(goal.text, contextText)]
  // The full stop keeps the goal's last words and the context's first apart when matching.
  const ctx = readContext(`${goal.text}.\n${contextText}`, domain.defaults)
  const notes: string[] = []
  if (ctx.conditions.includes('crisis')) notes.push(CRISIS_NOTE)

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
      domain: domain.kind,
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
    },
    days,
    milestones,
    domain,
    ctx,
  }
}

export function planGoal(goal: string, context = ''): DecomposeResponse {
  return buildPlan(goal, context).response
}

const CRISIS_NOTE =
  'If you are thinking about suicide or harming yourself, please talk to someone today: call or text 988 in the US, call Samaritans on 116 123 in the UK and Ireland, or your local emergency number. This plan is no substitute for that help.'

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
