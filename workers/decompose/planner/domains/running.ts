import { duration, interval, ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, DomainPlan, Step } from '../types'
import { deadlineNote, midReview, rotate } from './common'

/**
 * Running and other cardio.
 *
 * Sources:
 * - NHS Couch to 5K (nhs.uk/live-well/exercise/running-and-aerobic-exercises/get-running-with-couch-to-5k):
 *   9 weeks, 3 runs a week with a rest day between; every run starts with a 5-minute brisk
 *   walk. Week 1: alternate 60 s running and 90 s walking for 20 minutes. Week 2: 90 s running,
 *   2 minutes walking. Week 5 ends with 20 minutes non-stop, week 9 is 30 minutes non-stop.
 * - The "talk test" for moderate intensity (NHS physical activity guidelines; you can talk
 *   but not sing) keeps easy runs easy.
 * - WHO 2020 guidelines on physical activity: 150–300 minutes of moderate or 75–150 minutes
 *   of vigorous aerobic activity a week for adults.
 * - Lauersen, Bertelsen & Andersen 2014 (Br J Sports Med, meta-analysis): strength training
 *   cut sports injuries to under a third, hence the strength work on rest days.
 * - Long-run ceilings: novice marathon plans (Hal Higdon Novice 1) peak at a 20-mile (32 km)
 *   long run, about 3 hours for a recreational runner; the cycles below grow the long run by
 *   roughly 15% a fortnight, in line with the week-2 ramp.
 * - Paluch et al. 2022 (Lancet Public Health, 15 cohorts): the mortality benefit of daily
 *   steps levels off around 6,000–8,000 (age 60+) and 8,000–10,000 (under 60).
 * - Pain rule: a cautious form of the pain-monitoring model (Silbernagel et al. 2007): stop if
 *   pain passes 3/10 or is worse the next morning.
 */
type Modality = 'run' | 'walk' | 'cycle' | 'swim'
type TargetKey = '5k' | '10k' | 'half' | 'marathon' | 'fitness'

const TARGETS: Record<TargetKey, { name: string; longRun: number; race: string }> = {
  '5k': { name: 'a 5K', longRun: 40, race: 'Run 5 km at an easy, even pace; a parkrun is a friendly first event.' },
  '10k': { name: 'a 10K', longRun: 70, race: 'Run 10 km, starting slower than feels necessary for the first 2 km.' },
  half: { name: 'a half marathon', longRun: 120, race: 'Run the 21.1 km at the pace of your long runs for the first 15 km, then decide.' },
  marathon: { name: 'a marathon', longRun: 180, race: 'Race the 42.2 km after a 2-week taper, at a pace you practised on long runs.' },
  fitness: { name: 'a 30-minute run', longRun: 30, race: 'Run 30 minutes non-stop, then keep 3 runs a week to stay within the WHO 150 minutes.' },
}

const STEADY_RUN_TIPS = [
  'If you cannot speak in full sentences, slow down.',
  'Relax your shoulders and hands, and breathe out slowly.',
  'Keep the first 5 minutes the slowest of the run.',
  'Run tall with your eyes on the horizon.',
  'Pick a route with few crossings so you can keep an even effort.',
  'Check your cadence: short, light steps rather than long strides.',
]

const LOWER_LIMB = ['knee', 'ankle', 'foot', 'shin', 'achilles', 'hip', 'hamstring'] as const

const TIPS = [
  'Keep the jogs slow enough to speak in full sentences.',
  'Take short, quick steps that land under your hips.',
  'Relax your shoulders and hands, and breathe out slowly.',
  'Run tall with your eyes on the horizon.',
  'If a jog feels too hard, slow down before you stop.',
  'Pick a flat route so the effort stays even.',
  'Count your breaths for 1 minute in the middle to stay relaxed.',
]

function target(goal: string): TargetKey {
  if (/\b(marathon|42(?:\.2)?\s?km?)\b|maratona|マラソン|马拉松/.test(goal) && !/\bhalf|semi|halb|21/.test(goal)) return 'marathon'
  if (/\b(half[- ]?marathon|semi[- ]?marath\w{0,24}|halbmarathon|21(?:\.1)?\s?km?|13\.1)\b/.test(goal)) return 'half'
  if (/\b10\s?km?\b|\b6\.2 ?mi/.test(goal)) return '10k'
  if (/\b5\s?km?\b|couch to 5k|c25k|parkrun|\b3\.1 ?mi/.test(goal)) return '5k'
  return 'fitness'
}

function modality(goal: string, ctx: Context): { mode: Modality; swapped: boolean } {
  let mode: Modality = 'run'
  if (/\bswim|natation|schwimm|nadar/.test(goal)) mode = 'swim'
  else if (/\b(cycl|bike|biking|ride|riding|velo|vélo|radfahr)/.test(goal)) mode = 'cycle'
  else if (/\b(walk|walking|steps|hike|hiking)\b/.test(goal) && !/\b(run|jog)/.test(goal)) mode = 'walk'
  const injured = ctx.injuries.some((a) => (LOWER_LIMB as readonly string[]).includes(a))
  if (mode === 'run' && injured) {
    const swap: Modality = ctx.equipment.includes('bike') ? 'cycle' : ctx.equipment.includes('pool') ? 'swim' : 'walk'
    return { mode: swap, swapped: true }
  }
  return { mode, swapped: false }
}

export const running: Domain = {
  kind: 'running',
  defaults: { minutesPerDay: 30, daysPerWeek: 3, anchor: 'morning' },
  cues: {
    morning: 'After your morning glass of water',
    evening: 'When you get home, before dinner',
    commute: 'Before your commute',
    bedtime: 'When you get home, before dinner',
  },
  // C25K: 3 runs a week with a rest day between for beginners; more only with experience.
  maxSessionsPerWeek: (ctx) => ({ beginner: 3, intermediate: 4, advanced: 5 })[ctx.level],
  retestOnDay14: true,
  plan(input) {
    const { mode, swapped } = modality(input.goal.lower, input.ctx)
    const key = target(input.goal.lower)
    const plan = mode === 'run' ? runPlan(input, key) : steadyPlan(input, mode)
    const notes = [...plan.notes, ...safetyNotes(input.ctx)]
    if (swapped) {
      const area = input.ctx.injuries.filter((a) => (LOWER_LIMB as readonly string[]).includes(a)).join(' and ')
      notes.unshift(
        `Because of your ${area}, this first cycle uses ${mode === 'walk' ? 'brisk walking' : mode === 'cycle' ? 'cycling' : 'swimming'} instead of running. Ask a physiotherapist before you run; go back to run-walk intervals only once 30 minutes of brisk walking is pain-free the next morning.`
      )
    }
    return { ...plan, notes }
  },
}

// ------------------------------------------------------------------ run-walk and running

type Intervals = { warm: number; run: number; walk: number; reps: number; cool: number }

function intervalMinutes(s: Intervals): number {
  return s.warm + Math.ceil((s.reps * (s.run + s.walk)) / 60) + s.cool
}

function fitIntervals(budget: number, run: number, walk: number, mainCap: number, reps?: number): Intervals {
  const warm = budget >= 20 ? 5 : budget >= 10 ? 3 : 1
  const main = Math.min(mainCap, budget - warm)
  // When one full interval does not fit (tiny budgets), the run part shrinks to fit.
  const fitted = Math.min(run, Math.max(30, Math.floor((main * 60 - walk) / 5) * 5))
  const n = reps ?? Math.max(1, Math.floor((main * 60) / (fitted + walk)))
  const used = Math.ceil((n * (fitted + walk)) / 60)
  return { warm, run: fitted, walk, reps: n, cool: Math.max(0, Math.min(5, budget - warm - used)) }
}

/** Week 2 of a run-walk block: about 15% more running (C25K's own week-2 step when it fits). */
function rampIntervals(w1: Intervals, budget: number, mainCap: number): Intervals {
  const before = w1.reps * w1.run
  if (w1.run === 60 && w1.walk === 90) {
    const reps = Math.round((before * 1.15) / 90)
    const c25k = fitIntervals(budget, 90, 120, mainCap + 2, reps)
    const ratio = (reps * 90) / before
    if (ratio >= 1.08 && ratio <= 1.22 && intervalMinutes(c25k) <= budget) return c25k
  }
  const run = Math.max(w1.run + 5, Math.round((w1.run * 1.15) / 5) * 5)
  let walk = w1.walk
  const room = (budget - w1.warm) * 60
  if (w1.reps * (run + walk) > room) walk = Math.max(30, Math.floor((room / w1.reps - run) / 5) * 5)
  return fitIntervals(budget, run, walk, budget, w1.reps)
}

function intervalText(s: Intervals, verb: string): string {
  const cool = s.cool ? `, then walk ${duration(s.cool)} to cool down` : ''
  const times = s.reps === 1 ? 'once' : `${s.reps} times`
  return `brisk-walk ${duration(s.warm)}, then ${verb} ${interval(s.run)} and walk ${interval(s.walk)}, ${times}${cool}.`
}

function intervalTitle(n: number, s: Intervals): string {
  return `Run ${n}: ${s.reps} × ${interval(s.run)} jog / ${interval(s.walk)} walk`
}

function runPlan(input: DomainInput, key: TargetKey): DomainPlan {
  const intervals = input.ctx.level === 'beginner' || input.ctx.minutesPerDay < 20
  return intervals ? runWalkPlan(input, key) : continuousPlan(input, key)
}

/** Beginners (and anyone with under 20 minutes): Couch to 5K style run-walk intervals. */
function runWalkPlan(input: DomainInput, key: TargetKey): DomainPlan {
  const { ctx, cue, shape } = input
  const budget = ctx.minutesPerDay
  const [run, walk] = { beginner: [60, 90], intermediate: [120, 60], advanced: [240, 60] }[ctx.level]
  const mainCap = ctx.level === 'beginner' ? 20 : budget
  const w1 = fitIntervals(budget, run, walk, mainCap)
  const w2 = rampIntervals(w1, budget, mainCap)
  const load = (s: Intervals) => (s.reps * s.run) / 60

  const baseline: Step = {
    title: `Baseline run: ${w1.reps} × ${interval(w1.run)} jog / ${interval(w1.walk)} walk`,
    description: sentences(
      `${cue}, ${intervalText(w1, 'jog')}`,
      'Write down how many jogs felt comfortable and rate the whole run from 1 to 10; day 14 repeats it.'
    ),
    minutes: intervalMinutes(w1),
    load: load(w1),
  }
  const sessions: Step[] = []
  for (let i = 0; i < shape.week1 + shape.week2; i++) {
    const s = i < shape.week1 ? w1 : w2
    sessions.push({
      title: intervalTitle(i + 2, s),
      description: sentences(`${cue}, ${intervalText(s, 'jog')}`, rotate(TIPS, i)),
      minutes: intervalMinutes(s),
      load: load(s),
    })
  }
  const retest = retestIntervals(w1, budget)
  const finalReview: Step = {
    title: 'Day 14: repeat the baseline run and review',
    description: sentences(
      `${cue}, ${intervalText(retest, 'jog')}`,
      ctx.level === 'beginner'
        ? `Then compare with day 1: if every jog felt 6 out of 10 or easier, move on to Couch to 5K week 3 (90 s and 3-minute runs); if not, repeat week 2 first.`
        : `Then compare with day 1: if it felt easier, lengthen each jog by about 15% next cycle; if not, repeat this cycle.`
    ),
    minutes: intervalMinutes(retest) + reviewMinutes(budget, intervalMinutes(retest)),
    load: load(retest),
  }
  const milestones = runMilestones(key, ctx, ctx.level === 'beginner' ? 0 : (w2.reps * w2.run) / 60)
  return {
    baseline,
    sessions,
    recovery: runRecovery(ctx),
    midReview: midReview(input, 'runs', 'rate the hardest one from 1 to 10'),
    finalReview,
    milestones,
    notes: runNotes(ctx, key, milestones),
  }
}

/** The baseline structure again, trimmed if needed so the 5-minute review fits the same day. */
function retestIntervals(w1: Intervals, budget: number): Intervals {
  let s = { ...w1, cool: 0 }
  while (s.reps > 1 && intervalMinutes(s) + 2 > budget) s = { ...s, reps: s.reps - 1 }
  return s
}

function reviewMinutes(budget: number, used: number): number {
  return Math.max(0, Math.min(5, budget - used))
}

type RunKind = 'easy' | 'strides' | 'long' | 'intervals' | 'tempo'

/** Intermediate and advanced runners with 20+ minutes: continuous runs, one long run a week. */
function continuousPlan(input: DomainInput, key: TargetKey): DomainPlan {
  const { ctx, cue, shape } = input
  const budget = ctx.minutesPerDay
  const room = budget - 5
  const share = ctx.level === 'advanced' ? 0.72 : 0.6
  const cap = ctx.level === 'advanced' ? 50 : 35
  // Week 2's long run (1.2 x 1.15 = 1.38 x the easy run) must still fit the budget.
  const easy1 = Math.max(8, Math.min(cap, Math.round(room * share), Math.floor(room / 1.38)))
  const easy2 = Math.min(room, ramp(easy1))
  const long1 = Math.min(room, Math.round(easy1 * 1.2))
  const long2 = Math.min(room, ramp(long1))
  const rotation: RunKind[] =
    ctx.level === 'advanced' ? ['intervals', 'easy', 'tempo', 'easy'] : ['strides', 'easy', 'easy']

  const week = (count: number, offset: number): RunKind[] => {
    if (count === 0) return []
    const kinds = Array.from({ length: count - 1 }, (_, i) => rotate(rotation, i + offset))
    return [...kinds, 'long']
  }
  const kinds = [...week(shape.week1, 0), ...week(shape.week2, 0)]
  const sessions = kinds.map((kind, i) => {
    const w2 = i >= shape.week1
    return continuousRun(kind, i + 2, kind === 'long' ? (w2 ? long2 : long1) : w2 ? easy2 : easy1, cue, i)
  })
  const baseline: Step = {
    title: `Baseline: ${easy1}-minute steady run`,
    description: sentences(
      `${cue}, walk or jog very easily for 5 minutes, then run ${duration(easy1)} at a steady pace where you can still talk.`,
      'Record the distance and rate the effort from 1 to 10; day 14 repeats this run.'
    ),
    minutes: easy1 + 5,
    load: easy1,
  }
  const retest = Math.min(easy1, budget - 8)
  const finalReview: Step = {
    title: 'Day 14: repeat the steady run and review',
    description: sentences(
      `${cue}, repeat day 1: 5 easy minutes, then ${duration(retest)} at the same talking pace.`,
      'If you covered more distance or it felt easier, add about 15% to the long run next cycle; if not, repeat this cycle before adding more.'
    ),
    minutes: retest + 5 + reviewMinutes(budget, retest + 5),
    load: retest,
  }
  const milestones = runMilestones(key, ctx, long2)
  return {
    baseline,
    sessions,
    recovery: runRecovery(ctx),
    midReview: midReview(input, 'runs', 'compare the long run’s effort with day 1'),
    finalReview,
    milestones,
    notes: runNotes(ctx, key, milestones),
  }
}

function continuousRun(kind: RunKind, n: number, minutes: number, cue: string, i: number): Step {
  const tip = rotate(STEADY_RUN_TIPS, i)
  switch (kind) {
    case 'long':
      return {
        title: `Run ${n}: long easy run, ${minutes} min`,
        description: sentences(
          `Run ${duration(minutes)} at a pace where you could chat the whole way, after a 5-minute walk or easy jog.`,
          'This is the week’s longest run; slower is better than stopping.'
        ),
        minutes: minutes + 5,
        load: minutes,
      }
    case 'strides': {
      const strides = minutes >= 20 ? 6 : 4
      return {
        title: `Run ${n}: easy run with ${strides} strides`,
        description: sentences(
          `${cue}, walk 5 minutes, then run ${duration(minutes)} easily, using the last few minutes for ${strides} relaxed 20-second strides at a fast but smooth pace.`,
          tip
        ),
        minutes: minutes + 5,
        load: minutes,
      }
    }
    case 'intervals': {
      const warm = minutes >= 25 ? 10 : 5
      const reps = Math.max(1, Math.floor((minutes - warm) / 5))
      return {
        title: `Run ${n}: ${reps} × 3 min at 5K effort`,
        description: sentences(
          `${cue}, walk 5 minutes and jog ${duration(warm)}, then run ${reps} × 3 minutes at the effort you could hold for a 5K race, with 2 minutes of easy jogging after each.`,
          `Jog easily to finish ${duration(minutes)} of running in all.`
        ),
        minutes: minutes + 5,
        load: minutes,
      }
    }
    case 'tempo': {
      const tempo = Math.max(8, Math.round(minutes * 0.45))
      return {
        title: `Run ${n}: tempo run, ${tempo} min comfortably hard`,
        description: sentences(
          `${cue}, run ${duration(minutes)} in all: 10 easy minutes, ${duration(tempo)} at a comfortably hard pace (only a few words at a time), then easy to finish.`,
          tip
        ),
        minutes: minutes + 5,
        load: minutes,
      }
    }
    default:
      return {
        title: `Run ${n}: easy run, ${minutes} min`,
        description: sentences(`${cue}, walk 5 minutes, then run ${duration(minutes)} at an easy talking pace.`, tip),
        minutes: minutes + 5,
        load: minutes,
      }
  }
}

/** The cycles after the first: the rest of C25K for beginners, then a growing long run, then the event. */
function runMilestones(key: TargetKey, ctx: Context, currentLong: number): Step[] {
  const t = TARGETS[key]
  const out: Step[] = []
  currentLong = Math.round(currentLong)
  if (ctx.level === 'beginner') {
    out.push(
      {
        title: 'Couch to 5K weeks 3–4: 3- and 5-minute runs',
        description:
          'Three runs a week with a rest day between: week 3 alternates 90 s and 3-minute runs with equal walks, week 4 builds to 5-minute runs. Move on only when the current week feels manageable.',
        minutes: 30,
        load: 16,
      },
      {
        title: 'Couch to 5K weeks 5–6: first 20–25 minutes non-stop',
        description:
          'Week 5 ends with a 20-minute continuous run and week 6 with 25 minutes. Slow down rather than stop; repeating a week is part of the plan.',
        minutes: 35,
        load: 25,
      },
      {
        title: 'Couch to 5K weeks 7–8: 25 then 28 minutes non-stop',
        description:
          'Three runs a week at an easy pace: 25 minutes each in week 7, 28 minutes each in week 8. Keep the 5-minute warm-up walk every time.',
        minutes: 38,
        load: 28,
      }
    )
    if (key === '5k' || key === 'fitness') {
      out.push({
        title: key === '5k' ? 'Goal: week 9, then run your first 5K' : 'Goal: run 30 minutes non-stop',
        description:
          key === '5k'
            ? 'Three 30-minute runs in week 9, then run 5 km at an easy, even pace in week 10; a parkrun is a friendly first event.'
            : 'Three 30-minute runs in week 9 (the last week of Couch to 5K), then keep 3 runs a week to stay within the WHO 150 minutes.',
        minutes: 40,
        load: 30,
      })
      return out
    }
    currentLong = 30
  }
  let long = currentLong
  while (long < t.longRun && out.length < 20) {
    long = Math.min(t.longRun, Math.max(long + 5, Math.round((long * 1.15) / 5) * 5))
    const recovery = out.length > 0 && (out.length + 1) % 3 === 0
    out.push({
      title: `Build: long run of ${long} minutes`,
      description: sentences(
        `Keep ${ctx.level === 'advanced' ? 4 : 3} runs a week, mostly at a talking pace, and lengthen the weekly long run to ${duration(long)}.`,
        recovery ? 'In the first week of this cycle cut every run by a third to recover, then build again.' : null,
        ctx.level === 'advanced' ? 'Keep one interval or tempo session a week.' : null
      ),
      minutes: long + 5,
      load: long,
    })
  }
  if (key === 'marathon' || key === 'half') {
    out.push({
      title: 'Taper: cut volume by about 40% for two weeks',
      description: 'Keep the number of runs and a little pace work, but shorten every run so you start the race fresh.',
      minutes: Math.round(t.longRun * 0.5),
      load: Math.round(t.longRun * 0.6),
    })
  }
  out.push({
    title: key === 'fitness' ? 'Goal: run 30 minutes non-stop' : `Goal: run ${t.name}`,
    description: t.race,
    minutes: key === 'fitness' ? 40 : t.longRun + 10,
    load: t.longRun,
  })
  return out
}

function runNotes(ctx: Context, key: TargetKey, milestones: Step[]): string[] {
  const notes: string[] = []
  const longest = Math.max(...milestones.map((m) => m.minutes))
  if (longest > ctx.minutesPerDay) {
    notes.push(
      `Later steps need sessions of up to ${duration(longest)}, more than your ${ctx.minutesPerDay} minutes a day; put the long run on the day of the week when you have more time.`
    )
  }
  if (ctx.level === 'beginner' && (key === 'marathon' || key === 'half')) {
    notes.push(
      `Most novice ${key === 'half' ? 'half-marathon' : 'marathon'} plans expect you to run 30–40 minutes comfortably before they start; the steps below get you there first. Running a 5K and a 10K event on the way is good practice.`
    )
  }
  const note = deadlineNote(ctx, milestones, TARGETS[key].name)
  if (note) notes.push(note)
  return notes
}

function runRecovery(ctx: Context): Step[] {
  const sore = ctx.injuries.some((a) => (LOWER_LIMB as readonly string[]).includes(a))
  const budget = ctx.minutesPerDay
  return [
    sore
      ? {
          title: 'Rest day: hip and glute strength',
          description: `No running today. Do 2 rounds of 10 glute bridges, 10 side-lying leg raises per side and a 20-second plank, about ${duration(Math.min(budget, 8))} in all, staying pain-free.`,
          minutes: Math.min(budget, 8),
          load: 0,
        }
      : {
          title: 'Rest day: strength for runners',
          description: `No running today. Do ${budget >= 10 ? 3 : 2} rounds of 8 squats to a chair, 10 calf raises and a 20-second side plank per side; stronger hips and calves make runs easier.`,
          minutes: Math.min(budget, 10),
          load: 0,
        },
    {
      title: 'Rest day: gentle mobility',
      description: `No running today. Spend ${duration(Math.min(budget, 8))} on calf stretches against a wall, a 30-second hip-flexor stretch per side and 10 slow leg swings per leg.`,
      minutes: Math.min(budget, 8),
      load: 0,
    },
    {
      title: 'Rest day: check shoes and kit',
      description:
        'Check your shoes: if they have done about 500–800 km or the midsole is creased, plan new ones. Lay out tomorrow’s kit tonight so the next run starts within 2 minutes of your cue.',
      minutes: 5,
      load: 0,
    },
    {
      title: 'Rest day: plan a flat route',
      description: 'Map a flat 2–3 km loop near home for the next runs and 1 indoor or sheltered back-up for bad weather.',
      minutes: 5,
      load: 0,
    },
    {
      title: 'Rest day: fuel and sleep',
      description: 'Drink a glass of water with each meal today and set a bedtime that gives you 7 or more hours of sleep before the next run.',
      minutes: 2,
      load: 0,
    },
  ]
}

function safetyNotes(ctx: Context): string[] {
  const notes: string[] = []
  const c = ctx.conditions
  if (c.includes('heart') || c.includes('blood-pressure') || c.includes('diabetes')) {
    notes.push('With a heart, blood-pressure or blood-sugar condition, check with your doctor before starting, and stop at once if you feel chest pain, dizziness or unusual breathlessness.')
  }
  if (c.includes('pregnancy')) {
    notes.push('In pregnancy, keep to a pace where you can talk and check with your midwife or doctor; if you did not run before, walk briskly instead of starting to run.')
  }
  if (c.includes('asthma')) notes.push('Carry your reliever inhaler and warm up for the full 5 minutes; cold, dry air is a common trigger.')
  if (c.includes('older-adult')) notes.push('Over 65, add balance work twice a week (WHO 2020) and build up a little more slowly if joints ache the next day.')
  if (ctx.injuries.length || ctx.injuryUnplaced) {
    notes.push('Stop a session if pain goes above 3 out of 10 or is worse the next morning, and see a physiotherapist if it does.')
  }
  return notes
}

// ------------------------------------------------------------------ walking, cycling, swimming

const STEADY = {
  walk: { noun: 'walk', verb: 'walk briskly', unit: 'Walk', base: { beginner: 10, intermediate: 20, advanced: 30 } },
  cycle: { noun: 'ride', verb: 'ride at a steady effort', unit: 'Ride', base: { beginner: 12, intermediate: 20, advanced: 30 } },
  swim: { noun: 'swim', verb: 'swim easy lengths, resting 20–30 s at the wall as needed,', unit: 'Swim', base: { beginner: 10, intermediate: 18, advanced: 25 } },
} as const

const STEADY_TIPS = [
  'Aim for breathing harder but still able to talk in sentences.',
  'Keep the effort even; the last minutes should feel like the first.',
  'Add 2 short spells of a slightly harder effort in the middle.',
  'Focus on long, relaxed breaths out.',
  'Pick a route or lane you enjoy so it is easy to repeat.',
  'Finish with 2 easy minutes before you stop.',
]

function steadyPlan(input: DomainInput, mode: Exclude<Modality, 'run'>): DomainPlan {
  const { ctx, cue, shape } = input
  const m = STEADY[mode]
  const budget = ctx.minutesPerDay
  const w1 = Math.max(1, Math.min(Math.floor((budget - 2) / 1.15), Math.round(m.base[ctx.level] * Math.min(1.5, budget / 30))))
  const w2 = Math.min(budget - 2, ramp(w1))
  const baseline: Step = {
    title: `Baseline: ${w1}-minute steady ${m.noun}`,
    description: sentences(
      `${cue}, ${m.verb} for ${duration(w1)}.`,
      mode === 'walk'
        ? 'Note the distance or steps and how hard it felt (1–10); day 14 repeats it.'
        : 'Note the distance and how hard it felt (1–10); day 14 repeats it.'
    ),
    minutes: w1 + 2,
    load: w1,
  }
  const sessions = Array.from({ length: shape.week1 + shape.week2 }, (_, i): Step => {
    const min = i < shape.week1 ? w1 : w2
    return {
      title: `${m.unit} ${i + 2}: ${min} minutes steady`,
      description: sentences(`${cue}, ${m.verb} for ${duration(min)}, then 2 easy minutes.`, rotate(STEADY_TIPS, i)),
      minutes: min + 2,
      load: min,
    }
  })
  const finalReview: Step = {
    title: `Day 14: repeat the ${w1}-minute ${m.noun} and review`,
    description: sentences(
      `${cue}, repeat day 1’s ${m.noun} and compare distance and effort.`,
      `If it felt easier, add about 15% to every ${m.noun} next cycle; if not, repeat this cycle.`
    ),
    minutes: Math.min(budget, w1 + 5),
    load: w1,
  }
  const milestones: Step[] = []
  let min = w2
  while (min < 45 && milestones.length < 12) {
    min = Math.min(45, Math.max(min + 3, ramp(min)))
    milestones.push({
      title: `Build: ${min}-minute ${m.noun}s, ${ctx.daysPerWeek >= 5 ? 5 : 3} a week`,
      description: `Lengthen each ${m.noun} to ${duration(min)} at the same effort. Add time before you add speed.`,
      minutes: min + 2,
      load: min,
    })
  }
  milestones.push({
    title: `Goal: ${m.noun} 150 minutes a week`,
    description:
      mode === 'walk'
        ? 'Reach 150 minutes of brisk walking a week (WHO 2020), or about 8,000–10,000 steps a day if you are under 60 and 6,000–8,000 if older.'
        : `Reach 150 minutes a week of ${m.noun}s at a talking-but-breathing-harder effort, the WHO 2020 guideline for adults.`,
    minutes: 45,
    load: 150,
  })
  return {
    baseline,
    sessions,
    recovery: steadyRecovery(ctx, m.noun),
    midReview: midReview(input, `${m.noun}s`, 'rate the hardest one from 1 to 10'),
    finalReview,
    milestones,
    notes: [
      ...(milestones.some((s) => s.minutes > budget)
        ? [`Later steps need up to ${duration(Math.max(...milestones.map((s) => s.minutes)))} per session; fit the longest one on a day with more time.`]
        : []),
    ],
  }
}

function steadyRecovery(ctx: Context, noun: string): Step[] {
  const budget = ctx.minutesPerDay
  return [
    {
      title: 'Off day: strength for your legs and core',
      description: `No ${noun} today. Do 2 rounds of 10 glute bridges, 10 calf raises and a 20-second plank, about ${duration(Math.min(budget, 8))} in all.`,
      minutes: Math.min(budget, 8),
      load: 0,
    },
    {
      title: 'Off day: gentle mobility',
      description: `No ${noun} today. Spend ${duration(Math.min(budget, 8))} on slow calf, hip and chest stretches, 30 seconds each side.`,
      minutes: Math.min(budget, 8),
      load: 0,
    },
    {
      title: `Off day: plan the next ${noun}s`,
      description: `Pick the time and place of the next 3 ${noun}s and 1 back-up for bad weather or a busy day.`,
      minutes: 5,
      load: 0,
    },
    {
      title: 'Off day: fuel and sleep',
      description: 'Drink a glass of water with each meal today and set a bedtime that gives you 7 or more hours of sleep.',
      minutes: 2,
      load: 0,
    },
  ]
}
