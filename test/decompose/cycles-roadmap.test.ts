import { describe, expect, it } from 'vitest'
import type { CheckIn } from '../../workers/decompose/schemas'
import { nextCycle } from '../../workers/decompose/domain/planner/cycles'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 31 §3: the next cycle continues the roadmap of the first answer (week 3 follows week 2),
// with steps no larger than the archetype's progression rules — running: one week-2 step of the
// run-walk plan (about 15 % more running, Couch to 5K's own step), never another level's runs;
// the data archetypes: at most 10 % more session time a week (1.1² a fortnight).
const done = (cycle: number): CheckIn => ({ cycle, completed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], difficulty: 2 })

/** Four cycles after the first, each closed as "all done, easy": the roadmap's next stage every time. */
function walk(goal: string, context: string) {
  const request = { goal, context, profile: {} }
  const cycles = [planGoal(goal, context).first_cycle_actions]
  const checkins: CheckIn[] = []
  for (let k = 1; k <= 4; k++) {
    checkins.push(done(k))
    const next = nextCycle(request, checkins)
    expect(next.adaptation).toBe('progress')
    cycles.push(next.actions)
  }
  return cycles
}

/** "Run 1: 6 × 3 min 35 s jog / 35 s walk" → seconds of running in the session. */
function runSeconds(title: string): number | null {
  const m = /(\d+) × ((?:\d+ min ?)?(?:\d+ s)?) jog/.exec(title)
  if (!m) return null
  const min = /(\d+) min/.exec(m[2])
  const sec = /(\d+) s/.exec(m[2])
  return Number(m[1]) * ((min ? Number(min[1]) * 60 : 0) + (sec ? Number(sec[1]) : 0))
}

describe('next cycles follow the roadmap', () => {
  it('couch to 5K: four cycles, each week one step past the last, never a jump to continuous runs', () => {
    const cycles = walk('Run my first 5K', 'complete beginner, 30 minutes, 3 times a week')
    const weeks = cycles.map((days) =>
      [days.filter((a) => a.day <= 7), days.filter((a) => a.day > 7 && a.day < 14)].map((w) =>
        Math.max(...w.map((a) => runSeconds(a.title) ?? 0))
      )
    )
    const series = weeks.flat()
    for (let i = 1; i < series.length; i++) {
      expect(series[i], `week ${i + 1} after ${series[i - 1]} s`).toBeGreaterThanOrEqual(series[i - 1])
      expect(series[i] / series[i - 1], `week ${i + 1}`).toBeLessThanOrEqual(1.2)
    }
    // It does progress: cycle 5 runs well over the first cycle's 8 minutes of jogging.
    expect(series.at(-1)!).toBeGreaterThan(series[0] * 1.5)
    for (const days of cycles.slice(1)) {
      // A later cycle starts where the last ended, not with a new baseline.
      expect(days[0].title).not.toMatch(/baseline/i)
      expect(days.every((a) => a.minutes <= 30)).toBe(true)
    }
  })

  it('triathlon: each cycle opens with the roadmap’s next phase; sessions grow at most 10 % a week', () => {
    const context = 'ran two half marathons, swim 1 km, own a road bike, 60 minutes a day'
    const first = planGoal('Prepare for my first Ironman 70.3', context)
    const phases = first.actions.slice(14).map((a) => a.title)
    const cycles = walk('Prepare for my first Ironman 70.3', context)
    for (let k = 1; k < cycles.length; k++) {
      expect(cycles[k][0].title).toBe(phases[Math.min(k, phases.length) - 1])
      const before = cycles[k - 1].filter((a) => / min\)/.test(a.title))
      const after = cycles[k].filter((a) => / min\)/.test(a.title))
      const longest = (days: typeof before) => Math.max(...days.map((a) => a.minutes))
      expect(longest(after) / longest(before)).toBeLessThanOrEqual(1.21)
      expect(longest(after)).toBeGreaterThanOrEqual(longest(before))
      expect(cycles[k].every((a) => a.minutes <= 60)).toBe(true)
    }
    expect(cycles[1].some((a) => /swim/i.test(a.title)) && cycles[1].some((a) => /brick|bike/i.test(a.title))).toBe(true)
  })

  it('an eased cycle goes a stage back with less time; the level the person gave stays', () => {
    const request = { goal: 'Run my first 5K', context: 'complete beginner, 30 minutes, 3 times a week', profile: {} }
    const up = nextCycle(request, [done(1)])
    const down = nextCycle(request, [done(1), { cycle: 2, completed: [1, 2], difficulty: 5 }])
    expect(up.level).toBe('beginner')
    expect([down.adaptation, down.level]).toEqual(['ease', 'beginner'])
    expect(down.minutes_per_day).toBeLessThan(30)
  })
})
