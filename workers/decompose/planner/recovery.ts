import { duration, minutesLong } from './text'
import type { Step } from './types'

/**
 * Off-day tasks any plan can use once a domain's own list runs out: they protect the habit
 * (planning, preparation, a witness) without adding load on a rest day.
 */
export function sharedRecovery(label: string, budget: number): Step[] {
  const walk = Math.min(budget, 10)
  return [
    {
      title: 'Off day: book your next three sessions',
      description: `Put the next 3 sessions in your calendar with a time and a place, and set a reminder 15 minutes before each. A session with a slot is one you will actually start.`,
      minutes: 5,
      load: 0,
    },
    {
      title: 'Off day: set up tomorrow in advance',
      description: `Tonight, lay out what the next session needs (clothes, notes, app or book open) so starting takes under 2 minutes.`,
      minutes: 5,
      load: 0,
    },
    {
      title: 'Off day: easy walk outside',
      description: `Take a relaxed ${minutesLong(walk)} walk in daylight with no target. It clears the head and costs no recovery.`,
      minutes: walk,
      load: 0,
    },
    {
      title: 'Off day: rate how the week is going',
      description: `Rate energy, mood and motivation from 1 to 10 in your log, and write 1 sentence about what made the last session easier or harder.`,
      minutes: 3,
      load: 0,
    },
    {
      title: 'Off day: tell someone your plan',
      description: `Message 1 person what you are working on (${label}) and that you will tell them how day 14 went. Saying it to someone makes it easier to follow through.`,
      minutes: 5,
      load: 0,
    },
    {
      title: 'Off day: protect tonight’s sleep',
      description: `Set a bedtime alarm for 30 minutes before your usual lights-out and start winding down when it rings. Recovery and learning both happen in sleep.`,
      minutes: 5,
      load: 0,
    },
    {
      title: 'Off day: clear your space',
      description: `Spend 5 minutes making the place where you work on this goal ready and free of distractions.`,
      minutes: 5,
      load: 0,
    },
    {
      title: 'Off day: learn one idea',
      description: `Read or watch 1 short piece (under ${duration(Math.min(budget, 10))}) about ${label} and write down 1 idea to try in the next session.`,
      minutes: Math.min(budget, 10),
      load: 0,
    },
    {
      title: 'Off day: write down one win',
      description: 'Write 1 thing that went better this week than the week before, however small, and what made it possible (3 minutes).',
      minutes: 3,
      load: 0,
    },
    {
      title: 'Off day: plan for a bad day',
      description: 'Write the 2-minute version of your next session, the one you will do on a day when everything goes wrong.',
      minutes: 3,
      load: 0,
    },
    {
      title: 'Off day: stretch and breathe',
      description: `Stand up and stretch for ${duration(Math.min(budget, 5))}: neck, shoulders, back and legs, with 5 slow breaths at the end.`,
      minutes: Math.min(budget, 5),
      load: 0,
    },
    {
      title: 'Off day: choose a small reward',
      description: 'Pick a small reward for finishing day 14 (a meal out, a book, an afternoon off) and write it on your plan.',
      minutes: 2,
      load: 0,
    },
  ].map((s) => ({ ...s, minutes: Math.min(s.minutes, budget) }))
}
