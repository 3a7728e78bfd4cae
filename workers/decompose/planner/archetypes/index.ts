import { compile, find, mayMatch, tokenize, type Phrase } from '../../safety/tokens'
import { sentences, duration, ramp } from '../text'
import type { Anchor, Domain, DomainInput, GoalKind, Step } from '../types'
import DATA from './archetypes.json'
import GENERIC from './generic.json'

type Text = { title: string; text: string }
export type ArchetypeData = {
  id: string
  kind: string
  label: string
  minutes: number
  days: number
  anchor: string
  baseline: Text
  sessions: Text[]
  offdays: Text[]
  mid: string
  final: string
  phases: Text[]
}
type Entry = { id: string; domain?: GoalKind; match: string[] } & Partial<ArchetypeData>

const ENTRIES = DATA.archetypes as Entry[]
const PHRASES: Array<{ entry: Entry; phrase: Phrase }> = ENTRIES.flatMap((entry) => entry.match.map((m) => ({ entry, phrase: compile(m) })))

export type Recognised = { id: string; domain: GoalKind } | { id: string; data: ArchetypeData }

/**
 * The goal's archetype by the meaning of its words: the longest phrase of archetypes.json
 * found in the goal wins (ties: file order), so "plan my wedding on a budget" is a wedding and
 * "lose weight for my daughter's wedding" is weight loss. An archetype planned by a domain
 * module is returned as that domain; the caller lets the domain classifier confirm it.
 * Linear: one tokenisation, then each phrase compared at each word (safety/tokens.ts).
 */
export function recognise(goal: string): Recognised | null {
  const tokens = tokenize(goal)
  const present = new Set(tokens)
  let best: { entry: Entry; length: number } | null = null
  for (const { entry, phrase } of PHRASES) {
    if (!mayMatch(phrase, present) || find(tokens, phrase) < 0) continue
    if (!best || phrase.parts.length > best.length) best = { entry, length: phrase.parts.length }
  }
  if (!best) return null
  const e = best.entry
  return e.domain ? { id: e.id, domain: e.domain } : { id: e.id, data: e as ArchetypeData }
}

/** Every archetype id, with the domain or kind that plans it (for the eval and the docs). */
export const ARCHETYPES: Array<{ id: string; kind: string }> = ENTRIES.map((e) => ({ id: e.id, kind: e.domain ?? e.kind! }))

const SKILL_LEAD = /^(?:learn(?: how)? to|learn|get better at|get good at|improve my|improve at|practi[cs]e|master|become good at)\s{1,3}(.{2,40})$/i

/** "learn to juggle" → the general skill plan about "how to juggle"; null when the goal names no skill. */
export function genericSkill(label: string): ArchetypeData | null {
  const m = SKILL_LEAD.exec(label.trim())
  if (!m) return null
  const object = /^learn to|^learn how to/i.test(label.trim()) ? `how to ${m[1]}` : m[1]
  const fill = (s: string) => s.replaceAll('{object}', object)
  const t = GENERIC.skill
  const text = (x: Text) => ({ title: fill(x.title), text: fill(x.text) })
  return { ...t, label: fill(t.label), baseline: text(t.baseline), sessions: t.sessions.map(text), offdays: t.offdays.map(text), mid: fill(t.mid), final: fill(t.final), phases: t.phases.map(text) }
}

/** A planner domain built from an archetype's data (the engine places the days). */
export function archetypeDomain(a: ArchetypeData): Domain {
  return {
    kind: 'general',
    defaults: { minutesPerDay: a.minutes, daysPerWeek: a.days, anchor: a.anchor as Anchor },
    maxSessionsPerWeek: () => 6,
    retestOnDay14: false,
    plan(input: DomainInput) {
      const { ctx, cue, shape } = input
      const budget = ctx.minutesPerDay
      const share = { beginner: 0.7, intermediate: 0.8, advanced: 0.9 }[ctx.level]
      const block1 = Math.max(1, Math.min(Math.round(budget * share), Math.floor(budget / 1.15)))
      const block2 = Math.min(budget, ramp(block1))
      const short = Math.min(budget, 10)
      const planned = shape.week1 + 1
      const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)
      const baseline: Step = {
        title: a.baseline.title,
        description: sentences(`${cue}, take ${duration(Math.min(budget, 15))} to ${lower(a.baseline.text)}`),
        minutes: Math.min(budget, 15),
        load: 0,
      }
      const sessions: Step[] = Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
        const min = i < shape.week1 ? block1 : block2
        const s = a.sessions[i % a.sessions.length]
        const round = Math.floor(i / a.sessions.length)
        return {
          title: round ? `${s.title} again (${min} min)` : `${s.title} (${min} min)`,
          description: sentences(`${cue}, take ${duration(min)} to ${lower(s.text)}`, round ? `Round ${round + 1}: aim for 1 thing done better than last time.` : null),
          minutes: min,
          load: min,
        }
      })
      // Every day carries a number (a dose or a deliverable), off days included.
      const recovery: Step[] = a.offdays.map((o) => ({ title: o.title, description: /\d/.test(o.text) ? o.text : `${o.text} It takes ${duration(short)}.`, minutes: short, load: 0 }))
      return {
        baseline,
        sessions,
        recovery,
        midReview: {
          title: 'Day 7 review: how week one went',
          description: `Take ${duration(short)} to ${a.mid.replaceAll('{planned}', String(planned))}.`,
          minutes: short,
          load: 0,
        },
        finalReview: {
          title: 'Day 14: review and plan the next cycle',
          description: `Take ${duration(Math.min(budget, 15))} to ${lower(a.final)}`,
          minutes: Math.min(budget, 15),
          load: 0,
        },
        milestones: a.phases.map((p) => ({ title: p.title, description: p.text, minutes: block2, load: block2 })),
        notes: [],
      }
    },
  }
}
