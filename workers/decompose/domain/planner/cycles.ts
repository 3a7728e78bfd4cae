import type { Action, CheckIn, Profile } from '../../schemas'
import { buildPlan, CYCLE_LENGTH_DAYS } from './index'
import type { Level } from './types'

export type Adaptation = 'progress' | 'repeat' | 'ease'
export type NextCycle = { cycle: number; adaptation: Adaptation; reason: string; actions: Action[]; level: Level; minutes_per_day: number }

const LEVELS: Level[] = ['beginner', 'intermediate', 'advanced']

/**
 * Decides how the next cycle changes from a check-in (issue 18 §4). Rules, from the
 * progression literature the domains cite: progress when nearly everything was done and felt
 * manageable (ACSM 2009: raise load once the current one is completed comfortably); repeat
 * when about half to most was done or it felt hard; ease off when under half was done or it
 * felt very hard (adherence first: Lally et al. 2010, missed days slow habit formation).
 * Difficulty is 1 (very easy) to 5 (very hard).
 */
export function adaptation(checkin: CheckIn): { adaptation: Adaptation; reason: string } {
  const done = new Set(checkin.completed.filter((d) => d >= 1 && d <= CYCLE_LENGTH_DAYS)).size
  const rate = done / CYCLE_LENGTH_DAYS
  const d = checkin.difficulty
  const difficulty = Array.isArray(d) ? (d.length ? d.reduce((a, b) => a + b, 0) / d.length : 3) : d
  const pct = Math.round(rate * 100)
  if (rate < 0.5 || difficulty >= 4.5)
    return {
      adaptation: 'ease',
      reason: `${done} of 14 days done (${pct}%), difficulty ${difficulty.toFixed(1)} of 5: the next cycle is shorter and gentler so it fits.`,
    }
  if (rate >= 0.8 && difficulty <= 3)
    return {
      adaptation: 'progress',
      reason: `${done} of 14 days done (${pct}%), difficulty ${difficulty.toFixed(1)} of 5: the next cycle steps up.`,
    }
  return {
    adaptation: 'repeat',
    reason: `${done} of 14 days done (${pct}%), difficulty ${difficulty.toFixed(1)} of 5: the next cycle repeats this level to make it solid.`,
  }
}

/**
 * The cycle after the last check-in: the original request replanned with what the check-ins
 * led to. A `staged` domain (running, the data archetypes) continues its roadmap (issue 31 §3):
 * progress is the next stage of the same plan — week 3 follows week 2, one week-2 step at a
 * time —, ease goes a stage back with 25% less time, and the level stays what the person
 * said. Other domains raise or lower the level. Pure: the same request and check-ins always
 * give the same cycle.
 */
export function nextCycle(request: { goal: string; context: string; profile: Profile }, checkins: CheckIn[]): NextCycle {
  const firstPlan = buildPlan(request.goal, request.context, request.profile)
  const first = firstPlan.response
  const staged = firstPlan.domain.staged === true
  let level = first.context_used.level as Level
  let minutes = first.context_used.minutes_per_day
  let stage = 0
  let last: { adaptation: Adaptation; reason: string } = { adaptation: 'repeat', reason: '' }
  for (const c of checkins) {
    last = adaptation(c)
    const i = LEVELS.indexOf(level)
    if (last.adaptation === 'progress') {
      if (staged) stage++
      else if (i < LEVELS.length - 1) level = LEVELS[i + 1]
      else minutes = Math.min(180, Math.round(minutes * 1.15))
    } else if (last.adaptation === 'ease') {
      if (staged) stage = Math.max(0, stage - 1)
      else if (i > 0) level = LEVELS[i - 1]
      minutes = Math.max(5, Math.round(minutes * 0.75))
    }
  }
  const plan = buildPlan(request.goal, request.context, { ...request.profile, level, minutes_per_day: minutes }, {}, { stage }).response
  return {
    cycle: checkins.length + 1,
    adaptation: last.adaptation,
    reason: last.reason,
    actions: plan.first_cycle_actions,
    level: plan.context_used.level,
    minutes_per_day: plan.context_used.minutes_per_day,
  }
}
