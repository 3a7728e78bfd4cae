import { capitalise, plural, TITLE_MAX } from '../text'
import { createLoc, type Loc } from '../../locale/translate'
import type { Context, DomainInput, Step } from '../types'

/** Sessions planned in the first cycle, the baseline and a day-14 retest included. */
export function plannedSessions(input: DomainInput, retest: boolean): { week1: number; week2: number } {
  return { week1: input.shape.week1 + 1, week2: input.shape.week2 + (retest ? 1 : 0) }
}

/**
 * Day 7: a short check of adherence and one if-then plan for the obstacle that showed up.
 * Planning for obstacles in advance ("If X gets in the way, then I will Y") is the part of
 * implementation intentions that protects follow-through (Gollwitzer & Sheeran 2006).
 */
export function midReview(input: DomainInput, what: string, metric: string): Step {
  const minutes = Math.min(10, input.ctx.minutesPerDay)
  const planned = input.shape.week1 + 1
  // Texts in locale/messages/<lang>.json (`common.mid.*`); `what` and `metric` come in the domain's language.
  const { loc } = input
  return {
    title: loc.t('common.mid.title').text,
    description: loc.t('common.mid.text', { duration: loc.duration(minutes), what, planned, metric }).text,
    minutes,
    load: 0,
  }
}

/** Cap a step at the daily budget, for steps whose time is "up to" a figure. */
export function within(ctx: Context, minutes: number): number {
  return Math.max(1, Math.min(ctx.minutesPerDay, Math.round(minutes)))
}

/** "3 runs a week" */
export function perWeek(n: number, noun: string): string {
  return `${plural(n, noun)} a week`
}

/** Picks the n-th item of a rotation. */
export function rotate<T>(items: readonly T[], n: number): T {
  return items[n % items.length]
}

/**
 * Compares the deadline with the weeks the progression needs (two per later step, plus the
 * first cycle) and says honestly what to aim for instead of compressing a safe progression.
 */
export function deadlineNote(ctx: Context, milestones: Step[], goal: string, loc: Loc = EN): string | null {
  // Due days as the engine assigns them: one cycle after the previous step unless dated.
  const due: number[] = []
  for (const m of milestones) due.push(Math.max((due[due.length - 1] ?? 14) + 14, m.day ?? 0))
  const weeksNeeded = Math.ceil((due[due.length - 1] ?? 14) / 7)
  // Texts in locale/messages/<lang>.json (`common.deadline.*`); `goal` comes in the domain's language.
  const weeks = (n: number) => loc.t(n === 1 ? 'unit.week.one' : 'unit.week.other', { n }).text
  if (ctx.deadlineWeeks === null) {
    return ctx.deadlineText ? loc.t('common.deadline.date', { date: ctx.deadlineText, weeks: weeks(weeksNeeded), goal }).text : null
  }
  if (ctx.deadlineWeeks >= weeksNeeded) return null
  const reachable = due.filter((d) => d <= ctx.deadlineWeeks! * 7).length - 1
  const aim =
    reachable >= 0
      ? loc.t('common.deadline.aim_step', { day: due[reachable], title: milestones[reachable].title }).text
      : loc.t('common.deadline.aim_first').text
  return loc.t('common.deadline.short', { deadline: weeks(ctx.deadlineWeeks), weeks: weeks(weeksNeeded), goal, aim }).text
}

const EN = createLoc('en')

export type Focus = {
  /** Short name of the session's focus, used in the title. */
  title: string
  /** The rest of the sentence after the cue: what to do with this session's dose. */
  does: (dose: number) => string
  /** An optional second sentence. */
  then?: string
  /** The sentence carries its own time ("At breakfast, ..."), so the cue is not prefixed. */
  ownCue?: boolean
}

/**
 * Sessions for practice-style domains: a rotation of focuses, week 1 at `dose1`, week 2 at
 * `dose2` (about 15% more), each phrased as an if-then plan on the person's cue.
 */
export function practiceSessions(
  input: DomainInput,
  opts: {
    prefix: string
    dose1: number
    dose2: number
    minutes: (dose: number) => number
    /** How the dose shows in the title: "20 min", "12 cards". */
    unit: (dose: number) => string
    /** A shorter form of `unit` for a title that would pass TITLE_MAX with the long one. */
    shortUnit?: (dose: number) => string
    focuses: readonly Focus[]
    /** Dose unit of the load if different from `dose` (e.g. minutes for a pages dose). */
    load?: (dose: number) => number
  }
): Step[] {
  const { shape, cue } = input
  return Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
    const dose = i < shape.week1 ? opts.dose1 : opts.dose2
    const focus = rotate(opts.focuses, i)
    const title = (unit: string) => input.loc.t('common.session.title', { prefix: opts.prefix, n: i + 1, title: focus.title, unit }).text
    const long = title(opts.unit(dose))
    return {
      // Cut a qualifier of the dose ("phone-free") rather than the title's own words.
      title: long.length > TITLE_MAX && opts.shortUnit ? title(opts.shortUnit(dose)) : long,
      description: [
        focus.ownCue ? capitalise(focus.does(dose)) : input.loc.t('common.cue_then', { cue, text: focus.does(dose) }).text,
        focus.then,
      ]
        .filter(Boolean)
        .join(' '),
      minutes: opts.minutes(dose),
      load: opts.load ? opts.load(dose) : dose,
    }
  })
}
