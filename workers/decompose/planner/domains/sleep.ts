import { duration, ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'

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
  if (/wake up (?:earlier|at|by)|get up (?:earlier|at)|early riser|morning person|earlier (?:wake|start)|早起/.test(goal)) return 'earlier'
  if (/more sleep|sleep more|(?:go|get) to bed earlier|bed earlier|\b[78]\+? hours|enough sleep|less tired|rested/.test(goal)) return 'more'
  return 'insomnia'
}

type Component = { title: string; does: (relax: number) => string }

const TECHNIQUES = ['slow breathing (in for 4, out for 6)', 'progressive muscle relaxation', 'a body scan', 'slow breathing (in for 4, out for 6)']

function relaxText(relax: number, i: number): string {
  return `spend ${duration(relax)} on ${TECHNIQUES[i % TECHNIQUES.length]} before lights out.`
}

const WEEK1: Component[] = [
  { title: 'caffeine cut-off', does: (r) => `From today, no caffeine within 8 hours of bedtime (swap the afternoon coffee for decaf or herbal tea); tonight, ${relaxText(r, 0)}` },
  { title: 'a wind-down hour', does: (r) => `Set an alarm 1 hour before bed: when it rings, dim the lights and put screens away, then ${relaxText(r, 1)}` },
  { title: 'bed is for sleep', does: (r) => `Go to bed only when sleepy, and if you are awake for about 20 minutes, get up, sit somewhere dim and return when sleepy; tonight, ${relaxText(r, 2)}` },
  { title: 'morning daylight', does: (r) => `Within an hour of waking, spend 10 minutes outdoors in daylight; tonight, ${relaxText(r, 3)}` },
  { title: 'worry time', does: (r) => `In the early evening, write down what is on your mind with 1 next step for each (15 minutes, well before bed); at bedtime, ${relaxText(r, 0)}` },
  { title: 'no clock-watching', does: (r) => `Turn the clock away from the bed and keep the phone out of reach; tonight, ${relaxText(r, 1)}` },
]

const WEEK2: Record<Subtype, Component[]> = {
  insomnia: [
    { title: 'set your sleep window', does: (r) => `Average your diary’s total sleep, add 30 minutes (never less than 6 hours) and count back from your wake time to get your bedtime; tonight, ${relaxText(r, 2)}` },
    { title: 'no naps', does: (r) => `Skip naps this week, or keep one under 20 minutes before 3 pm if you are unsafe without it; tonight, ${relaxText(r, 3)}` },
    { title: 'alcohol and late meals', does: (r) => `No alcohol within 3 hours of bed and finish dinner 2–3 hours before it; tonight, ${relaxText(r, 0)}` },
    { title: 'bedroom check', does: (r) => `Make the bedroom cool (about 18 °C), dark and quiet: block light, add earplugs if needed; tonight, ${relaxText(r, 1)}` },
    { title: 'daytime movement', does: (r) => `Get 20–30 minutes of daytime activity, ideally outdoors and not in the last 2 hours before bed; tonight, ${relaxText(r, 2)}` },
    { title: 'hold the window', does: (r) => `Keep the sleep window exactly, weekend included, even after a bad night; tonight, ${relaxText(r, 3)}` },
  ],
  earlier: [
    { title: 'move wake time 15 minutes', does: (r) => `Set your alarm 15 minutes earlier and go to bed 15 minutes earlier than last week; tonight, ${relaxText(r, 2)}` },
    { title: 'light on waking', does: (r) => `As soon as you get up, open the curtains and spend 10 minutes in daylight to pull your body clock earlier; tonight, ${relaxText(r, 3)}` },
    { title: 'dim evenings', does: (r) => `From 2 hours before the new bedtime, use dim, warm lights only; tonight, ${relaxText(r, 0)}` },
    { title: 'move wake time another 15', does: (r) => `If the last 3 mornings went well, move alarm and bedtime another 15 minutes earlier; tonight, ${relaxText(r, 1)}` },
    { title: 'a reason to get up', does: (r) => `Plan 1 thing you enjoy for the first 15 minutes after the alarm (coffee outside, music, a walk); tonight, ${relaxText(r, 2)}` },
    { title: 'weekend alarm', does: (r) => `Keep the new wake time on the weekend too (at most 1 hour later); tonight, ${relaxText(r, 3)}` },
  ],
  more: [
    { title: 'bedtime 15 minutes earlier', does: (r) => `Start your wind-down and lights out 15 minutes earlier than last week, keeping the same wake time; tonight, ${relaxText(r, 2)}` },
    { title: 'cut the late scroll', does: (r) => `Charge your phone outside the bedroom from tonight, then ${relaxText(r, 3)}` },
    { title: 'alcohol and late meals', does: (r) => `No alcohol within 3 hours of bed and finish dinner 2–3 hours before it; tonight, ${relaxText(r, 0)}` },
    { title: 'another 15 minutes earlier', does: (r) => `If you fell asleep within about 30 minutes on most nights, move lights out another 15 minutes earlier; tonight, ${relaxText(r, 1)}` },
    { title: 'bedroom check', does: (r) => `Make the bedroom cool (about 18 °C), dark and quiet; tonight, ${relaxText(r, 2)}` },
    { title: 'protect the routine', does: (r) => `Say no to 1 late-evening commitment this week to keep the earlier bedtime; tonight, ${relaxText(r, 3)}` },
  ],
}

export const sleep: Domain = {
  kind: 'sleep',
  defaults: { minutesPerDay: 20, daysPerWeek: 7, anchor: 'evening' },
  // Sleep habits hang on the bedtime routine whatever time of day the person named.
  cues: { morning: 'When your wind-down alarm rings', lunch: 'When your wind-down alarm rings', evening: 'When your wind-down alarm rings', commute: 'When your wind-down alarm rings' },
  maxSessionsPerWeek: () => 7,
  minSessionsPerWeek: 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, shape, goal } = input
    const kind = subtype(goal.lower)
    const budget = ctx.minutesPerDay
    const relax1 = Math.max(2, Math.min(RELAX[ctx.level], Math.floor((budget - 2) / 1.2)))
    const relax2 = Math.min(budget - 2, ramp(relax1))
    const sessions: Step[] = []
    for (let i = 0; i < shape.week1 + shape.week2; i++) {
      const week2 = i >= shape.week1
      const list = week2 ? WEEK2[kind] : WEEK1
      const c = list[(week2 ? i - shape.week1 : i) % list.length]
      const relax = week2 ? relax2 : relax1
      sessions.push({
        title: `Habit ${i + 1}: ${c.title}`,
        description: sentences(c.does(relax), 'Fill in the diary when you get up.'),
        minutes: relax + 2,
        load: relax,
      })
    }
    const windowWords =
      kind === 'insomnia'
        ? 'If sleep efficiency was 90% or more, go to bed 15 minutes earlier next week; under 85%, 15 minutes later (never below 6 hours in bed).'
        : kind === 'earlier'
          ? 'If you woke on time on 5 of 7 days without feeling worse, move another 15 minutes earlier next cycle; otherwise hold this time.'
          : 'If you fell asleep within about 30 minutes on most nights, move lights out another 15 minutes earlier next cycle.'
    return {
      baseline: {
        title: 'Day 1: fix your wake time and start a diary',
        description: sentences(
          'Choose 1 wake-up time you can keep 7 days a week and set the alarm.',
          'From tonight, keep a sleep diary each morning: bedtime, time to fall asleep, wakings, wake time and a 1–5 rating (about 3 minutes).'
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      sessions,
      recovery: [],
      midReview: {
        title: 'Day 7 review: what the diary shows',
        description: sentences(
          `Take ${duration(Math.min(budget, 10))} to average your diary: hours asleep, hours in bed and sleep efficiency (asleep ÷ in bed × 100).`,
          'Write 1 if-then plan for the night habit that slipped most, such as “If I am still on my phone at 10 pm, then I put it on the kitchen charger.”'
        ),
        minutes: Math.min(budget, 10),
        load: 0,
      },
      finalReview: {
        title: 'Day 14: review two weeks of diary',
        description: sentences(
          `Average week 2 of the diary and compare it with week 1 (${duration(Math.min(budget, 15))}).`,
          windowWords
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones: milestones(kind, ctx),
      notes: notes(kind, ctx),
    }
  },
}

function milestones(kind: Subtype, ctx: Context): Step[] {
  const m = Math.min(ctx.minutesPerDay, 15)
  const steps: Step[] = [
    {
      title: kind === 'insomnia' ? 'Adjust the sleep window weekly' : 'Keep moving 15 minutes at a time',
      description:
        kind === 'insomnia'
          ? 'Each week, lengthen time in bed by 15 minutes if sleep efficiency was 90% or more, shorten it by 15 if under 85%. Keep the wake time fixed.'
          : 'Shift by 15 minutes only after 3 good days at the current time, and keep the same time at weekends.',
      minutes: m,
      load: 0,
    },
    {
      title: 'Keep the rules on bad nights too',
      description: 'Keep getting up after about 20 minutes awake and keep the wake time after a poor night; that is what rebuilds the link between bed and sleep.',
      minutes: m,
      load: 0,
    },
    {
      title: 'Diary twice a week, habits every day',
      description: 'Cut the diary to 2 mornings a week, keeping the wind-down, caffeine cut-off and morning light daily.',
      minutes: m,
      load: 0,
    },
  ]
  steps.push({
    title:
      kind === 'earlier' ? 'Goal: wake at your target time, rested' : kind === 'more' ? 'Goal: 7 or more hours most nights' : 'Goal: asleep within 30 minutes, most nights',
    description:
      kind === 'insomnia'
        ? 'Most nights you fall asleep within about 30 minutes and wake rested at the same time. If poor sleep still affects your days after 3 months, ask your doctor about CBT-I with a therapist.'
        : 'Hold the new schedule for 2 more weeks, weekends included, then keep only the habits that made the difference.',
    minutes: m,
    load: 0,
  })
  return steps
}

function notes(kind: Subtype, ctx: Context): string[] {
  const out: string[] = []
  const c = ctx.conditions
  if (c.includes('sleep-apnea')) {
    out.push('Loud snoring, gasping or choking at night can be sleep apnoea: see your doctor before shortening time in bed, since restriction is not for untreated apnoea.')
  }
  if (kind === 'insomnia' && (c.includes('bipolar') || c.includes('epilepsy'))) {
    out.push('With bipolar disorder or epilepsy, do not shorten your time in bed (sleep loss can trigger episodes); use the other steps and talk to your doctor.')
  }
  if (kind === 'insomnia') {
    out.push('A shorter sleep window makes you sleepier for the first week or two: do not drive or use machines when drowsy.')
  }
  if (c.includes('shift-work')) {
    out.push('With shift work, fix the wake time for each shift pattern separately and darken the bedroom fully for daytime sleep.')
  }
  if (c.includes('depression') || c.includes('anxiety')) {
    out.push('Sleep and mood affect each other; if low mood or anxiety lasts more than 2 weeks, talk to your doctor as well.')
  }
  if (c.includes('pregnancy')) out.push('In pregnancy, skip the sleep-window step and talk to your midwife about sleep problems.')
  return out
}
