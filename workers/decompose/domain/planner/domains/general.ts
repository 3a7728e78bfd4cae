import { ramp, sentences, titleWithLabel } from '../text'
import type { Domain, DomainInput, Step } from '../types'
import { deadlineNote, midReview, rotate } from './common'

/**
 * Any goal outside the known kinds: a SMART breakdown worked in short, regular blocks.
 *
 * Sources:
 * - SMART criteria (Doran 1981, Management Review): specific, measurable, assignable,
 *   realistic, time-related. Day 1 turns the goal's own words into such a finish line.
 * - Mental contrasting with implementation intentions, "WOOP" (Oettingen 2014; Duckworth et
 *   al. 2011): name the main obstacle and an if-then plan for it.
 * - Next physical action (Allen 2001, Getting Things Done) and the progress principle
 *   (Amabile & Kramer 2011): small visible steps keep motivation up.
 */
// Blocks in turn; each is `gen.b.<id>.title|does` in locale/messages/<lang>.json.
const BLOCKS = ['steps', 'obstacle', 'first', 'gather', 'ask', 'visible', 'next', 'fix', 'subtask', 'show', 'lineup']

export const general: Domain = {
  kind: 'general',
  // Every sentence is a message of locale/messages/<lang>.json (`gen.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const label = goal.label
    const budget = ctx.minutesPerDay
    const share = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }[ctx.level]
    const block1 = Math.max(1, Math.min(Math.round((budget - 2) * share), Math.floor((budget - 2) / 1.15)))
    const block2 = Math.min(budget - 2, ramp(block1))
    const baseline: Step = {
      title: t('gen.baseline.title'),
      description: sentences(
        t('gen.baseline.rewrite', { cue, label }),
        t('gen.baseline.list', { duration: loc.duration(Math.min(budget, 15)) })
      ),
      minutes: Math.min(budget, 15),
      load: 0,
    }
    const sessions: Step[] = Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
      const min = i < shape.week1 ? block1 : block2
      const block = rotate(BLOCKS, i)
      return {
        title: t('gen.session.title', { n: i + 1, title: t(`gen.b.${block}.title`), min }),
        description: sentences(
          t('gen.session.text', { cue, duration: loc.duration(min), does: t(`gen.b.${block}.does`, { label }) }),
          t('gen.log')
        ),
        minutes: min + 2,
        load: min,
      }
    })
    const cycles = ctx.deadlineWeeks ? Math.max(1, Math.min(8, Math.ceil(ctx.deadlineWeeks / 2) - 1)) : 4
    const milestones: Step[] = Array.from({ length: cycles }, (_, i) => {
      const share = Math.round(((i + 1) / cycles) * 100)
      const last = i === cycles - 1
      return {
        title: last ? titleWithLabel((l) => t('gen.ms.finish.title', { label: l }), goal.whole) : t('gen.ms.share.title', { share }),
        description: last
          ? t('gen.ms.finish.text')
          : sentences(
              t('gen.ms.share.text', { n: shape.sessionsPerWeek, duration: loc.duration(block2), share }),
              i === Math.floor(cycles / 2) - 1 ? t('gen.ms.cut') : null
            ),
        minutes: block2 + 2,
        load: share,
      }
    })
    return {
      baseline,
      sessions,
      recovery: [],
      midReview: midReview(input, t('gen.mid.what'), t('gen.mid.metric')),
      finalReview: {
        title: t('gen.final.title'),
        description: sentences(t('gen.final.compare', { duration: loc.duration(Math.min(budget, 15)) }), t('gen.final.pick')),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones,
      notes: [deadlineNote(ctx, milestones, t('gen.goal', { label }), loc)].filter((n): n is string => n !== null),
    }
  },
}
