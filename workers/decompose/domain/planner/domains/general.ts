import { TITLE_MAX, capitalise, ramp, sentences, shorten } from '../text'
import type { Domain, DomainInput, Step } from '../types'
import { deadlineNote, rotate } from './common'
import { readObject } from './general-object'

/**
 * Any goal no archetype or domain recognises with confidence (issue 31 §1): every day is built
 * from the goal's own object, and day 1's check from its verb (general-goal.json): the official
 * requirements of something to obtain, a count of something to reduce, the parts of something
 * to make, one number for anything else.
 *
 * The planner does not know what this goal is, so it never helps with more than it knows
 * (issue 30): no step tells the person to buy or gather tools, materials, money or substances,
 * to ask someone who has done it, or to "finish" the goal as written. It researches reliable
 * sources, checks the rules, splits the work, measures and reviews.
 *
 * Sources:
 * - SMART criteria (Doran 1981, Management Review): day 1 makes the goal checkable.
 * - Mental contrasting with implementation intentions, "WOOP" (Oettingen 2014; Duckworth et
 *   al. 2011): name the main obstacle and an if-then plan for it.
 * - Next physical action (Allen 2001, Getting Things Done) and the progress principle
 *   (Amabile & Kramer 2011): small visible steps keep motivation up.
 */
// Sessions in turn; each is `general.s.<id>.title|does` in locale/messages/<lang>.json.
const SESSIONS = ['research', 'steps', 'first', 'rules', 'obstacle', 'next', 'measure', 'support']
const OFF_DAYS = ['reread', 'calendar', 'question', 'rest']
// Longest object quoted in a description, and in a title (which also names the step).
const OBJECT_MAX = 80
const TITLE_OBJECT_MAX = 28

export const general: Domain = {
  kind: 'general',
  // Every sentence is a message of locale/messages/<lang>.json (`general.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const read = readObject(goal.whole, loc.lang)
    const family = read.family
    // The person's words, whole in every description up to a bound (a 500-character goal stays readable).
    const object = shorten(read.object, OBJECT_MAX)
    // Each session is titled by the goal's own object ("Noise in my flat: 2 reliable sources (15 min)")
    // when it fits whole; a title never cuts the person's words, so a longer object is in the text only.
    const named = read.object.length <= TITLE_OBJECT_MAX ? capitalise(read.object) : null
    const budget = ctx.minutesPerDay
    const share = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }[ctx.level]
    const block1 = Math.max(1, Math.min(Math.round((budget - 2) * share), Math.floor((budget - 2) / 1.15)))
    const block2 = Math.min(budget - 2, ramp(block1))
    const first = Math.min(budget, 15)
    const baseline: Step = {
      title: t(`general.baseline.title.${family}`),
      description: t(`general.baseline.text.${family}`, { cue, object, duration: loc.duration(first) }),
      minutes: first,
      load: 0,
    }
    const sessions: Step[] = Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
      const min = i < shape.week1 ? block1 : block2
      const id = rotate(SESSIONS, i)
      const round = Math.floor(i / SESSIONS.length)
      return {
        title: sessionTitle(t, named, t(`general.s.${id}.title`), i + 1, round, min),
        description: sentences(
          t('general.session.text', { cue, duration: loc.duration(min), does: t(`general.s.${id}.does`, { object }) }),
          round ? t('arch.round', { n: round + 1 }) : t('general.log')
        ),
        minutes: min + 2,
        load: min,
      }
    })
    // Each off day of its own once; after them the engine takes its family's (offdays.json), then rest.
    const recovery: Step[] = OFF_DAYS.map((id) => ({
      title: t(`general.off.${id}.title`),
      description: t(`general.off.${id}.text`, { object }),
      minutes: Math.min(budget, 5),
      load: 0,
    }))
    const cycles = ctx.deadlineWeeks ? Math.max(1, Math.min(8, Math.ceil(ctx.deadlineWeeks / 2) - 1)) : 4
    const milestones: Step[] = Array.from({ length: cycles }, (_, i) => {
      const part = Math.round(((i + 1) / cycles) * 100)
      const last = i === cycles - 1
      return {
        title: last ? t('general.ms.check.title') : t('general.ms.share.title', { share: part }),
        description: last
          ? t('general.ms.check.text', { object })
          : sentences(
              t('general.ms.share.text', { n: shape.sessionsPerWeek, duration: loc.duration(block2), share: part, object }),
              i === Math.floor(cycles / 2) - 1 ? t('general.ms.cut') : null
            ),
        minutes: block2 + 2,
        load: part,
      }
    })
    const short10 = Math.min(10, budget)
    return {
      baseline,
      sessions,
      recovery,
      midReview: {
        title: t('general.mid.title'),
        description: t('general.mid.text', { object, planned: shape.week1 + 1, duration: loc.duration(short10) }),
        minutes: short10,
        load: 0,
      },
      finalReview: {
        title: t('general.final.title'),
        description: t('general.final.text', { object, duration: loc.duration(first) }),
        minutes: first,
        load: 0,
      },
      milestones,
      notes: [deadlineNote(ctx, milestones, t('general.goal', { object }), loc)].filter((n): n is string => n !== null),
    }
  },
}

type T = (id: string, params?: Record<string, string | number>) => string

function sessionTitle(t: T, named: string | null, step: string, n: number, round: number, min: number): string {
  const own =
    named &&
    t(round ? 'arch.session.again' : 'arch.session.title', { title: t('general.session.named', { object: named, title: step }), min })
  return own && own.length <= TITLE_MAX ? own : t('general.session.title', { n, title: step, min })
}
