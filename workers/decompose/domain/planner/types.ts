import type { Lang } from '../locale/detect'
import type { Loc } from '../locale/translate'

/**
 * Types of the rules planner. The public shapes (request, response, action) are the zod
 * schemas in ../schemas.ts; these are the planner's working parts.
 */
export type Level = 'beginner' | 'intermediate' | 'advanced'

export type GoalKind =
  | 'running'
  | 'strength'
  | 'nutrition'
  | 'sleep'
  | 'language'
  | 'study'
  | 'career'
  | 'finance'
  | 'writing'
  | 'mindfulness'
  | 'productivity'
  | 'general'

/** When in the day the person said they have time; it becomes the cue of an if-then plan. */
export type Anchor = 'morning' | 'lunch' | 'evening' | 'bedtime' | 'commute'

export type BodyArea =
  | 'knee'
  | 'back'
  | 'shoulder'
  | 'ankle'
  | 'hip'
  | 'wrist'
  | 'neck'
  | 'foot'
  | 'shin'
  | 'achilles'
  | 'elbow'
  | 'hamstring'

export type Condition =
  | 'pregnancy'
  | 'heart'
  | 'blood-pressure'
  | 'diabetes'
  | 'asthma'
  | 'older-adult'
  | 'eating-disorder'
  | 'depression'
  | 'anxiety'
  | 'crisis'
  | 'sleep-apnea'
  | 'bipolar'
  | 'epilepsy'
  | 'shift-work'

export type Equipment = 'none' | 'dumbbells' | 'kettlebell' | 'bands' | 'barbell' | 'gym' | 'pullup-bar' | 'treadmill' | 'bike' | 'pool'

/** What the free-text context says, with each field either read from the text or defaulted. */
export type Context = {
  level: Level
  levelStated: boolean
  minutesPerDay: number
  minutesStated: boolean
  daysPerWeek: number
  daysStated: boolean
  anchor: Anchor | null
  injuries: BodyArea[]
  /** An injury or pain was mentioned without a body area we recognise. */
  injuryUnplaced: boolean
  conditions: Condition[]
  deadlineWeeks: number | null
  /** A deadline given as a date: kept as written, since the plan must not depend on today. */
  deadlineText: string | null
  equipment: Equipment[]
  /** How conflicting or out-of-range statements were read: message ids of locale/messages (`reading.*`), written in the plan's language. */
  readings: Array<{ id: string; params: Record<string, string | number> }>
  /** Each value read from the text with the words it came from (`context_used.facts`). */
  facts: Array<{ field: string; value: string | number | boolean; text: string }>
  /** The goal and context as read, for a domain that reads its own figures (finance: balance, rate, payment). */
  text: string
}

/** One unit of the plan before it gets its day: what to do, how long it takes, how hard it is. */
export type Step = {
  title: string
  description: string
  minutes: number
  /** The domain's own dose unit (minutes running, reps, words, new cards ...); used to ramp and to test. */
  load: number
  /** For later steps: the plan day it is due, when that is not simply one cycle after the previous step. */
  day?: number
  /** The language its text is in, when it is not simply the language its domain writes in. */
  lang?: Lang
}

export type DayKind = 'baseline' | 'session' | 'recovery' | 'review'

export type PlannedDay = Step & { day: number; kind: DayKind }

/** How many sessions the cycle holds, decided by the schedule before the domain writes them. */
export type CycleShape = {
  /** Sessions in week 1 after the day-1 baseline. */
  week1: number
  /** Sessions in week 2 before day 14. */
  week2: number
  sessionsPerWeek: number
}

export type GoalText = {
  /** The goal as sent, trimmed. */
  text: string
  /** Lower-cased, accents kept, for matching. */
  lower: string
  /** A short label for titles ("run a 5K", "learn Spanish"). */
  label: string
  /** The label before shortening, for a title that has room for more of it. */
  whole: string
}

export type DomainInput = {
  goal: GoalText
  ctx: Context
  /** Cue for if-then plans, e.g. "After breakfast". */
  cue: string
  shape: CycleShape
  /** Phrase tables of the language the domain writes in (one of `langs`). */
  loc: Loc
  /**
   * How far along its roadmap this cycle is (issue 31 §3): 0 for the first answer, n for the
   * n-th stage after it. A `staged` domain starts the cycle where the last one ended.
   */
  stage?: number
}

export type DomainPlan = {
  baseline: Step
  /** Exactly shape.week1 + shape.week2 sessions, week 1 first. */
  sessions: Step[]
  /** Off-day actions in order of use; the engine tops them up from a shared pool. */
  recovery: Step[]
  midReview: Step
  finalReview: Step
  /** Steps after the first cycle, one per later cycle, ending at the goal. */
  milestones: Step[]
  notes: string[]
  /** Values the domain read itself (finance: balance, rate, payment), shown in `context_used.facts`. */
  facts?: Context['facts']
}

export type Domain = {
  kind: GoalKind
  /** Languages the domain can write its plan in; English only when absent. */
  langs?: Lang[]
  defaults: { minutesPerDay: number; daysPerWeek: number; anchor: Anchor }
  /** Cue wording per anchor where the domain's usual one differs from the shared one. */
  cues?: Partial<Record<Anchor, string>>
  /** Most sessions a week that are safe or useful at this level (rest days for training). */
  maxSessionsPerWeek: (ctx: Context) => number
  /** Fewest sessions a week whatever the context says (sleep habits are nightly). */
  minSessionsPerWeek?: number
  /** Day 14 repeats the baseline test, so it counts as a session when spacing them. */
  retestOnDay14: boolean
  /** Next cycles follow the roadmap (`stage`) instead of raising the level (cycles.ts). */
  staged?: boolean
  plan: (input: DomainInput) => DomainPlan
}
