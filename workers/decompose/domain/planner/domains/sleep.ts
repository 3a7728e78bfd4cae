import { ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'

/**
 * Sleep.
 *
 * Sources:
 * - AASM clinical practice guideline for behavioral treatment of chronic insomnia (Edinger
 *   et al. 2021, J Clin Sleep Med): CBT-I strongly recommended; stimulus control and sleep
 *   restriction as single components conditionally recommended; sleep hygiene alone is not
 *   enough, so here it only supports the two.
 * - Stimulus control (Bootzin 1972): bed only when sleepy, out of bed after about 20 minutes
 *   awake, same wake time every day, no naps.
 * - Sleep restriction (Spielman et al. 1987): time in bed set from the diary's average sleep;
 *   this self-help version adds 30 minutes and never goes below 6 hours, and is adjusted by
 *   15 minutes a week from sleep efficiency (≥ 90% longer, < 85% shorter).
 * - Consensus Sleep Diary (Carney et al. 2012) for the baseline and the reviews.
 * - Caffeine 6 hours before bed cut sleep by over an hour (Drake et al. 2013).
 * - Constructive worry (Carney & Waters 2006): write worries and a next step early in the
 *   evening instead of in bed.
 * - Adults need 7 or more hours (AASM/SRS consensus, Watson et al. 2015).
 * - Sleep restriction is not for people with bipolar disorder, epilepsy or untreated sleep
 *   apnoea, and makes people sleepier at first (driving risk).
 */
const RELAX: Record<Level, number> = { beginner: 5, intermediate: 8, advanced: 10 }

type Subtype = 'insomnia' | 'earlier' | 'more'

function subtype(goal: string): Subtype {
  if (
    /wake up (?:earlier|at|by)|get up (?:earlier|at)|early riser|morning person|earlier (?:wake|start)|lever plus t[ôo]t|réveiller plus t[ôo]t|levantarme (?:antes|m[áa]s temprano)|madrugar|fr[üu]her aufstehen|早起/.test(
      goal
    )
  )
    return 'earlier'
  if (/more sleep|sleep more|(?:go|get) to bed earlier|bed earlier|\b[78]\+? hours|enough sleep|less tired|rested/.test(goal)) return 'more'
  return 'insomnia'
}

// Techniques before lights out, in turn (`sleep.tech.<n>`).
const TECHNIQUES = ['sleep.tech.0', 'sleep.tech.1', 'sleep.tech.2', 'sleep.tech.0']

// Which technique goes with the n-th habit of each week (indexes into TECHNIQUES).
const TECHNIQUE_OF = { week1: [0, 1, 2, 3, 0, 1], week2: [2, 3, 0, 1, 2, 3] }

// Habits of each week, in order; each is `sleep.c.<id>.title|does` in locale/messages/<lang>.json.
const WEEK1 = ['caffeine', 'winddown', 'bed', 'daylight', 'worry', 'clock']
const WEEK2: Record<Subtype, string[]> = {
  insomnia: ['window', 'naps', 'alcohol', 'bedroom', 'movement', 'hold'],
  earlier: ['wake15', 'light', 'dim', 'wake15b', 'reason', 'weekend'],
  more: ['bed15', 'scroll', 'alcohol', 'bed15b', 'bedroom2', 'protect'],
}

export const sleep: Domain = {
  kind: 'sleep',
  // Every sentence is a message of locale/messages/<lang>.json (`sleep.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 20, daysPerWeek: 7, anchor: 'evening' },
  // Sleep habits hang on the bedtime routine whatever time of day the person named.
  cues: { morning: 'sleep.cue', lunch: 'sleep.cue', evening: 'sleep.cue', commute: 'sleep.cue' },
  maxSessionsPerWeek: () => 7,
  minSessionsPerWeek: 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, shape, goal, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const kind = subtype(goal.lower)
    const budget = ctx.minutesPerDay
    const relax1 = Math.max(2, Math.min(RELAX[ctx.level], Math.floor((budget - 2) / 1.2)))
    const relax2 = Math.min(budget - 2, ramp(relax1))
    const sessions: Step[] = []
    for (let i = 0; i < shape.week1 + shape.week2; i++) {
      const week2 = i >= shape.week1
      const list = week2 ? WEEK2[kind] : WEEK1
      const n = (week2 ? i - shape.week1 : i) % list.length
      const c = list[n]
      const relax = week2 ? relax2 : relax1
      // The technique follows the habit's place in its week's list, as the list was written.
      const relaxText = t('sleep.relax', {
        duration: loc.duration(relax),
        technique: t(TECHNIQUES[TECHNIQUE_OF[week2 ? 'week2' : 'week1'][n]]),
      })
      sessions.push({
        title: t('sleep.session.title', { n: i + 1, title: t(`sleep.c.${c}.title`) }),
        description: sentences(t(`sleep.c.${c}.does`, { relax: relaxText }), t('sleep.diary')),
        minutes: relax + 2,
        load: relax,
      })
    }
    const windowWords = t(`sleep.window.${kind}`)
    return {
      baseline: {
        title: t('sleep.baseline.title'),
        description: sentences(t('sleep.baseline.wake'), t('sleep.baseline.diary')),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      sessions,
      recovery: [],
      midReview: {
        title: t('sleep.mid.title'),
        description: sentences(t('sleep.mid.average', { duration: loc.duration(Math.min(budget, 10)) }), t('sleep.mid.plan')),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      finalReview: {
        title: t('sleep.final.title'),
        description: sentences(t('sleep.final.average', { duration: loc.duration(Math.min(budget, 15)) }), windowWords),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones: milestones(kind, ctx, loc),
      notes: notes(kind, ctx, loc),
    }
  },
}

function milestones(kind: Subtype, ctx: Context, loc: Loc): Step[] {
  const t = (id: string) => loc.t(id).text
  const m = Math.min(ctx.minutesPerDay, 15)
  const step = (title: string, text: string): Step => ({ title: t(title), description: t(text), minutes: m, load: 0 })
  return [
    kind === 'insomnia' ? step('sleep.ms.adjust.title', 'sleep.ms.adjust.text') : step('sleep.ms.shift.title', 'sleep.ms.shift.text'),
    step('sleep.ms.rules.title', 'sleep.ms.rules.text'),
    step('sleep.ms.diary.title', 'sleep.ms.diary.text'),
    step(`sleep.ms.goal.${kind}.title`, kind === 'insomnia' ? 'sleep.ms.goal.insomnia.text' : 'sleep.ms.goal.other.text'),
  ]
}

function notes(kind: Subtype, ctx: Context, loc: Loc): string[] {
  const out: string[] = []
  const note = (id: string) => out.push(loc.t(`sleep.note.${id}`).text)
  const c = ctx.conditions
  if (c.includes('sleep-apnea')) note('apnea')
  if (kind === 'insomnia' && (c.includes('bipolar') || c.includes('epilepsy'))) note('bipolar')
  if (kind === 'insomnia') note('drowsy')
  if (c.includes('shift-work')) note('shift')
  if (c.includes('depression') || c.includes('anxiety')) note('mood')
  if (c.includes('pregnancy')) note('pregnancy')
  return out
}
