import { ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { type Focus, midReview, practiceSessions } from './common'

/**
 * Stress, calm and mindfulness.
 *
 * Sources:
 * - MBSR (Kabat-Zinn 1990) and MBCT (Segal, Williams & Teasdale 2002): 8-week courses with
 *   daily formal practice (body scan, sitting, mindful movement) and the 3-minute breathing
 *   space for stressful moments.
 * - Short daily practice works for beginners: 13 minutes a day for 8 weeks improved mood,
 *   attention and emotion regulation (Basso et al. 2019, Behavioural Brain Research).
 * - Slow breathing at about 6 breaths a minute lowers arousal (Zaccaro et al. 2018 review).
 * - Loving-kindness practice (Hofmann, Grossman & Hinton 2011 review) and "three good things"
 *   (Seligman et al. 2005) for positive emotion.
 * - NHS "5 steps to mental wellbeing": connect, be active, learn, give, pay attention.
 * - Safety: meditation can bring up distressing material for some people (Britton et al.
 *   2021); anyone with low mood or anxiety most days for 2 weeks should see a doctor (NICE).
 *
 * Every sentence is a message of locale/messages/<lang>.json (`mind.*`), so the plan is
 * written in the request's language; this file only decides doses and order.
 */
const PRACTICE: Record<Level, number> = { beginner: 5, intermediate: 10, advanced: 20 }

// Focus ids (`mind.focus.<id>.title|does|then`), with whether the focus has its own closing sentence.
const FOCUSES: Array<[id: string, then: boolean]> = [
  ['breath', true],
  ['scan', false],
  ['slow', true],
  ['walk', false],
  ['kindness', false],
  ['noting', false],
]

function focuses(loc: Loc): Focus[] {
  const t = (id: string) => loc.t(id).text
  return FOCUSES.map(([id, then]) => ({
    title: t(`mind.focus.${id}.title`),
    does: (m: number) => loc.t(`mind.focus.${id}.does`, { duration: loc.duration(m) }).text,
    then: t(then ? `mind.focus.${id}.then` : 'mind.then'),
  }))
}

export const mindfulness: Domain = {
  kind: 'mindfulness',
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 15, daysPerWeek: 7, anchor: 'morning' },
  cues: { morning: 'mind.cue.morning', evening: 'mind.cue.evening' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const budget = ctx.minutesPerDay
    const p1 = Math.max(2, Math.min(PRACTICE[ctx.level], Math.floor((budget - 2) / 1.15)))
    const p2 = Math.min(budget - 2, ramp(p1))
    const sessions = practiceSessions(input, {
      prefix: t('mind.prefix'),
      dose1: p1,
      dose2: p2,
      minutes: (m) => m + 2,
      unit: (m) => t('mind.unit', { n: m }),
      focuses: focuses(loc),
    })
    const rec = (id: string, minutes: number): Step => ({
      title: t(`mind.rec.${id}.title`),
      description: t(`mind.rec.${id}.text`),
      minutes,
      load: 0,
    })
    return {
      baseline: {
        title: t('mind.baseline.title'),
        description: sentences(
          t('mind.baseline.rate', { cue }),
          t('mind.baseline.breaths', { breaths: Math.min(10, Math.max(3, p1)), duration: loc.duration(Math.min(budget, 10)) })
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      sessions,
      recovery: [rec('meal', 5), rec('space', 3), rec('good', 5), rec('connect', Math.min(budget, 10))],
      midReview: midReview(input, t('mind.mid.what'), t('mind.mid.metric')),
      finalReview: {
        title: t('mind.final.title'),
        description: sentences(
          t('mind.final.rate', { duration: loc.duration(Math.min(budget, 10)) }),
          t('mind.final.keep', { n: ramp(p2) })
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      milestones: milestones(ctx, p2, loc),
      notes: notes(ctx, loc),
    }
  },
}

function milestones(ctx: Context, p2: number, loc: Loc): Step[] {
  const t = (id: string, n?: number) => loc.t(id, n === undefined ? {} : { n }).text
  const m = ctx.minutesPerDay
  const step = (n: number) => Math.min(ctx.minutesPerDay - 2, Math.max(n + 1, Math.round(n * 1.15)))
  const a = step(p2)
  const b = step(a)
  return [
    { title: t('mind.ms.daily.title', a), description: t('mind.ms.daily.text', a), minutes: Math.min(m, a + 2), load: a },
    { title: t('mind.ms.longer.title', b), description: t('mind.ms.longer.text', b), minutes: Math.min(m, b + 2), load: b },
    { title: t('mind.ms.course.title'), description: t('mind.ms.course.text'), minutes: m, load: b },
    { title: t('mind.ms.goal.title'), description: t('mind.ms.goal.text'), minutes: m, load: b },
  ]
}

function notes(ctx: Context, loc: Loc): string[] {
  const out = [loc.t('mind.note.distress').text]
  if (ctx.conditions.includes('depression') || ctx.conditions.includes('anxiety')) out.push(loc.t('mind.note.mood').text)
  if (ctx.conditions.includes('asthma')) out.push(loc.t('mind.note.asthma').text)
  return out
}
