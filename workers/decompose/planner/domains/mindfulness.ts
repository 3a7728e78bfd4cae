import { duration, ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
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
 */
const PRACTICE: Record<Level, number> = { beginner: 5, intermediate: 10, advanced: 20 }

const FOCUSES: Focus[] = [
  { title: 'breath awareness', does: (m) => `sit comfortably and follow your breath for ${duration(m)}, gently returning each time your mind wanders.`, then: 'Counting wanderings is part of the practice, not a failure.' },
  { title: 'body scan', does: (m) => `lie or sit and move your attention slowly from toes to head for ${duration(m)}, noticing without changing anything.` },
  { title: 'slow breathing', does: (m) => `breathe in for 4 and out for 6 (about 6 breaths a minute) for ${duration(m)}.`, then: 'Notice how your body feels before and after.' },
  { title: 'mindful walk', does: (m) => `walk slowly for ${duration(m)} paying attention to your feet, the air and the sounds around you, phone away.` },
  { title: 'loving-kindness', does: (m) => `spend ${duration(m)} silently wishing well to yourself, someone you love, a neutral person, then everyone: “May you be safe, may you be well.”` },
  { title: 'noting thoughts', does: (m) => `sit for ${duration(m)} and label each thought as it comes (“planning”, “worrying”, “remembering”), then return to the breath.` },
]

export const mindfulness: Domain = {
  kind: 'mindfulness',
  defaults: { minutesPerDay: 15, daysPerWeek: 7, anchor: 'morning' },
  cues: { morning: 'After you brush your teeth in the morning', evening: 'After dinner, before screens' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue } = input
    const budget = ctx.minutesPerDay
    const p1 = Math.max(2, Math.min(PRACTICE[ctx.level], Math.floor((budget - 2) / 1.15)))
    const p2 = Math.min(budget - 2, ramp(p1))
    const sessions = practiceSessions(input, {
      prefix: 'Practice',
      dose1: p1,
      dose2: p2,
      minutes: (m) => m + 2,
      unit: (m) => `${m} min`,
      focuses: FOCUSES.map((f) => ({ ...f, then: f.then ?? 'Then rate your stress from 0 to 10.' })),
    })
    return {
      baseline: {
        title: 'Day 1: rate your stress and first practice',
        description: sentences(
          `${cue}, rate your stress from 0 to 10 and list the 3 situations that raise it most.`,
          `Then sit and follow ${Math.min(10, Math.max(3, p1))} slow breaths, noticing where you feel them (${duration(Math.min(budget, 10))} in all).`
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      sessions,
      recovery: [
        { title: 'Informal practice: one mindful meal', description: 'Eat 1 meal today without a screen, noticing taste and texture for the first 5 bites.', minutes: 5, load: 0 },
        { title: 'Informal practice: 3-minute breathing space', description: 'At a stressful moment today, stop for 3 minutes: notice what is here, follow 10 breaths, then widen attention to your whole body.', minutes: 3, load: 0 },
        { title: 'Informal practice: three good things', description: 'Before bed, write down 3 things that went well today and why, in 5 minutes.', minutes: 5, load: 0 },
        { title: 'Informal practice: connect', description: 'Call or meet 1 person you like for at least 10 minutes, giving them your full attention.', minutes: Math.min(budget, 10), load: 0 },
      ],
      midReview: midReview(input, 'practices', 'compare your average stress rating with day 1'),
      finalReview: {
        title: 'Day 14: rate stress again and choose practices',
        description: sentences(
          `Rate your stress from 0 to 10 again, compare with day 1 and note which practice helped most (${duration(Math.min(budget, 10))}).`,
          `Keep that one daily next cycle at about ${ramp(p2)} minutes and add the 3-minute breathing space at your top stress point.`
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      milestones: milestones(ctx, p2),
      notes: notes(ctx),
    }
  },
}

function milestones(ctx: Context, p2: number): Step[] {
  const m = ctx.minutesPerDay
  const step = (n: number) => Math.min(ctx.minutesPerDay - 2, Math.max(n + 1, Math.round(n * 1.15)))
  const a = step(p2)
  const b = step(a)
  return [
    { title: `Daily practice of ${a} minutes`, description: `Practise ${a} minutes on at least 5 days a week, same cue, and use the breathing space once a day.`, minutes: Math.min(m, a + 2), load: a },
    { title: `Longer sits: ${b} minutes`, description: `Extend the daily practice to ${b} minutes and try 1 longer body scan at the weekend.`, minutes: Math.min(m, b + 2), load: b },
    { title: 'Try a structured 8-week course', description: 'Join or follow an 8-week MBSR or MBCT course (many are free online) to deepen the practice with guidance.', minutes: m, load: b },
    { title: 'Goal: a calmer baseline', description: 'Stress ratings lower than on day 1 on most days, and a practice you keep without reminders. Re-rate monthly.', minutes: m, load: b },
  ]
}

function notes(ctx: Context): string[] {
  const out = ['If a practice brings up distressing memories or panic, open your eyes, shorten it or switch to a walking practice, and talk to a professional if it keeps happening.']
  if (ctx.conditions.includes('depression') || ctx.conditions.includes('anxiety')) {
    out.push('If low mood or anxiety is there most days for more than 2 weeks, see your doctor; mindfulness helps alongside treatment, not instead of it.')
  }
  if (ctx.conditions.includes('asthma')) out.push('With asthma, keep slow breathing gentle and stop if you feel short of breath.')
  return out
}
