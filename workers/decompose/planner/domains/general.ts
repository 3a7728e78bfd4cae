import { duration, ramp, sentences } from '../text'
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
const BLOCKS: Array<{ title: string; does: (label: string) => string }> = [
  { title: 'break the goal into steps', does: (l) => `list every step between today and “${l}”, each small enough for one session, and put them in order.` },
  { title: 'plan for the main obstacle', does: () => 'name the obstacle most likely to stop you and write an if-then plan for it, then do the first step on your list.' },
  { title: 'do the first step', does: () => 'work on the first step on your list with your phone in another room, and tick it off or note exactly where you stopped.' },
  { title: 'gather what you need', does: () => 'collect the tools, information or money the next three steps need, and order or book anything that takes time to arrive.' },
  { title: 'ask someone who has done it', does: () => 'message 1 person who has done something similar with 1 specific question, then carry on with the next step.' },
  { title: 'make visible progress', does: () => 'produce something you can show (a photo, a page, a sketch, a finished part) and save it where you can compare it later.' },
  { title: 'take the next step', does: () => 'take the next unticked step and finish it if you can; split it in two if it is bigger than one session.' },
  { title: 'fix what slowed you down', does: () => 'spend the first 5 minutes removing whatever slowed the last session down, then continue with the next step.' },
  { title: 'finish a whole sub-task', does: () => 'pick the sub-task closest to done and finish it completely before starting anything new.' },
  { title: 'show your progress', does: () => 'show what you have so far to 1 person and write down the most useful thing they say.' },
  { title: 'line up the next cycle', does: () => 'finish the current step, then order the next 10 steps on your list so the next cycle starts without planning.' },
]

export const general: Domain = {
  kind: 'general',
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal } = input
    const budget = ctx.minutesPerDay
    const share = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }[ctx.level]
    const block1 = Math.max(1, Math.min(Math.round((budget - 2) * share), Math.floor((budget - 2) / 1.15)))
    const block2 = Math.min(budget - 2, ramp(block1))
    const baseline: Step = {
      title: 'Day 1: write the finish line',
      description: sentences(
        `${cue}, rewrite “${goal.label}” as one sentence someone else could check, with a number and a date, such as “by day 70, X is finished and Y has seen it”.`,
        `Then list what you already have and the 3 biggest unknowns (${duration(Math.min(budget, 15))}).`
      ),
      minutes: Math.min(budget, 15),
      load: 0,
    }
    const sessions: Step[] = Array.from({ length: shape.week1 + shape.week2 }, (_, i) => {
      const min = i < shape.week1 ? block1 : block2
      const block = rotate(BLOCKS, i)
      return {
        title: `Block ${i + 1}: ${block.title} (${min} min)`,
        description: sentences(`${cue}, set a timer for ${duration(min)} and ${block.does(goal.label)}`, 'Log 1 line on what you finished.'),
        minutes: min + 2,
        load: min,
      }
    })
    const cycles = ctx.deadlineWeeks ? Math.max(1, Math.min(8, Math.ceil(ctx.deadlineWeeks / 2) - 1)) : 4
    const milestones: Step[] = Array.from({ length: cycles }, (_, i) => {
      const share = Math.round(((i + 1) / cycles) * 100)
      const last = i === cycles - 1
      return {
        title: last ? `Finish: ${goal.label}` : `Reach ${share}% of the steps on your list`,
        description: last
          ? `Complete the remaining steps, check the result against the finish line you wrote on day 1, and show it to someone.`
          : sentences(
              `Keep ${shape.sessionsPerWeek} blocks a week of ${duration(block2)} and tick off steps until about ${share}% of the list is done.`,
              i === Math.floor(cycles / 2) - 1 ? 'Re-read the finish line and cut any step that no longer serves it.' : null
            ),
        minutes: block2 + 2,
        load: share,
      }
    })
    return {
      baseline,
      sessions,
      recovery: [],
      midReview: midReview(input, 'blocks', 'list the steps you finished'),
      finalReview: {
        title: 'Day 14: check progress and plan cycle 2',
        description: sentences(
          `Compare what is done with the finish line from day 1 and count the steps left (${duration(Math.min(budget, 15))}).`,
          'Pick the 3 steps for the next cycle and change block length by at most 15% either way.'
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones,
      notes: [deadlineNote(ctx, milestones, `“${goal.label}”`)].filter((n): n is string => n !== null),
    }
  },
}
