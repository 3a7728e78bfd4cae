import { interval, ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, DomainPlan, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { deadlineNote, midReview } from './common'

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

// Every sentence is a message of locale/messages/<lang>.json (`run.*`): a target's name and
// race-day text are `run.target.<key>.name|race`; the rotating tips `run.tip.<set>.<i>`.
const LONG_RUN: Record<TargetKey, number> = { '5k': 40, '10k': 70, half: 120, marathon: 180, fitness: 30 }
const TIP_COUNT = { steady: 6, iv: 7, mode: 6 } as const

function tip(loc: Loc, set: keyof typeof TIP_COUNT, i: number): string {
  return loc.t(`run.tip.${set}.${i % TIP_COUNT[set]}`).text
}

const LOWER_LIMB = ['knee', 'ankle', 'foot', 'shin', 'achilles', 'hip', 'hamstring'] as const
const lowerLimb = (a: string) => (LOWER_LIMB as readonly string[]).includes(a)

function target(goal: string): TargetKey {
  if (/\b(marathon|42(?:\.2)?\s?km?)\b|maratona|マラソン|马拉松/.test(goal) && !/\bhalf|semi|halb|21/.test(goal)) return 'marathon'
  if (/\b(half[- ]?marathon|semi[- ]?marath\w{0,24}|halbmarathon|21(?:\.1)?\s?km?|13\.1)\b/.test(goal)) return 'half'
  if (/\b10\s?km?\b|\b6\.2 ?mi/.test(goal)) return '10k'
  if (/\b5\s?km?\b|couch to 5k|c25k|parkrun|\b3\.1 ?mi/.test(goal)) return '5k'
  return 'fitness'
}

function modality(goal: string, ctx: Context): { mode: Modality; swapped: boolean } {
  let mode: Modality = 'run'
  if (/\bswim|natation|schwimm|nadar|\bnager\b|\bnado\b/.test(goal)) mode = 'swim'
  else if (/\b(cycl|bike|biking|ride|riding|velo|vélo|radfahr)/.test(goal)) mode = 'cycle'
  else if (
    /\b(walk|walking|steps|hike|hiking|caminar|caminata|pasos|senderismo|marcher|marche rapide|marche nordique|randonn\w{0,24}|schritte|wandern|spazieren)\b|\d\s?pas\b/.test(
      goal
    ) &&
    !/\b(run|jog|correr|courir|laufen|joggen)/.test(goal)
  )
    mode = 'walk'
  const injured = ctx.injuries.some(lowerLimb)
  if (mode === 'run' && injured) {
    const swap: Modality = ctx.equipment.includes('bike') ? 'cycle' : ctx.equipment.includes('pool') ? 'swim' : 'walk'
    return { mode: swap, swapped: true }
  }
  return { mode, swapped: false }
}

export const running: Domain = {
  kind: 'running',
  defaults: { minutesPerDay: 30, daysPerWeek: 3, anchor: 'morning' },
  langs: ['en', 'fr', 'es', 'de'],
  cues: { morning: 'run.cue.morning', evening: 'run.cue.evening', commute: 'run.cue.commute', bedtime: 'run.cue.evening' },
  // C25K: 3 runs a week with a rest day between for beginners; more only with experience.
  maxSessionsPerWeek: (ctx) => ({ beginner: 3, intermediate: 4, advanced: 5 })[ctx.level],
  retestOnDay14: true,
  staged: true,
  plan(input) {
    const { mode, swapped } = modality(input.goal.lower, input.ctx)
    const key = target(input.goal.lower)
    const plan = mode === 'run' ? runPlan(input, key) : steadyPlan(input, mode)
    const { loc } = input
    const notes = [...plan.notes, ...safetyNotes(input.ctx, loc)]
    if (swapped) {
      const area = input.ctx.injuries
        .filter(lowerLimb)
        .map((a) => loc.t(`area.${a}`).text)
        .join(loc.t('list.and').text)
      notes.unshift(loc.t(`run.swap.${mode}`, { area }).text)
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

/** "{cue}, brisk-walk 5 minutes, then jog 60 s and walk 90 s, 8 times, then walk …" */
function intervalText(s: Intervals, cue: string, loc: Loc): string {
  const cool = s.cool ? loc.t('run.iv.cool', { duration: loc.duration(s.cool) }).text : ''
  const times = s.reps === 1 ? loc.t('run.iv.once').text : loc.t('run.iv.times', { n: s.reps }).text
  return loc.t('run.iv.text', { cue, warm: loc.duration(s.warm), run: interval(s.run), walk: interval(s.walk), times, cool }).text
}

function intervalTitle(id: string, n: number, s: Intervals, loc: Loc): string {
  return loc.t(id, { n, reps: s.reps, run: interval(s.run), walk: interval(s.walk) }).text
}

function runPlan(input: DomainInput, key: TargetKey): DomainPlan {
  const intervals = input.ctx.level === 'beginner' || input.ctx.minutesPerDay < 20
  return intervals ? runWalkPlan(input, key) : continuousPlan(input, key)
}

/** Beginners (and anyone with under 20 minutes): Couch to 5K style run-walk intervals. */
function runWalkPlan(input: DomainInput, key: TargetKey): DomainPlan {
  const { ctx, cue, shape, loc } = input
  const t = (id: string) => loc.t(id).text
  const budget = ctx.minutesPerDay
  const [run, walk] = { beginner: [60, 90], intermediate: [120, 60], advanced: [240, 60] }[ctx.level]
  const mainCap = ctx.level === 'beginner' ? 20 : budget
  // A later cycle continues the roadmap: its week 1 is one week-2 step past the last cycle's
  // week 2 (issue 31 §3), never a jump to another level's runs.
  // Once a step no longer fits the person's minutes, the cycle holds the last one that does.
  let w1 = fitIntervals(budget, run, walk, mainCap)
  for (let s = 0; s < 2 * (input.stage ?? 0); s++) {
    const next = rampIntervals(w1, budget, mainCap)
    if (intervalMinutes(next) > budget) break
    w1 = next
  }
  const ramped = rampIntervals(w1, budget, mainCap)
  const w2 = input.stage && intervalMinutes(ramped) > budget ? w1 : ramped
  const load = (s: Intervals) => (s.reps * s.run) / 60

  const baseline: Step = input.stage
    ? {
        title: intervalTitle('run.iv.title', 1, w1, loc),
        description: sentences(intervalText(w1, cue, loc), tip(loc, 'iv', 0)),
        minutes: intervalMinutes(w1),
        load: load(w1),
      }
    : {
        title: intervalTitle('run.iv.base.title', 1, w1, loc),
        description: sentences(intervalText(w1, cue, loc), t('run.iv.base.b')),
        minutes: intervalMinutes(w1),
        load: load(w1),
      }
  const sessions: Step[] = []
  for (let i = 0; i < shape.week1 + shape.week2; i++) {
    const s = i < shape.week1 ? w1 : w2
    sessions.push({
      title: intervalTitle('run.iv.title', i + 2, s, loc),
      description: sentences(intervalText(s, cue, loc), tip(loc, 'iv', i)),
      minutes: intervalMinutes(s),
      load: load(s),
    })
  }
  const retest = retestIntervals(w1, budget)
  const finalReview: Step = {
    title: t('run.iv.final.title'),
    description: sentences(intervalText(retest, cue, loc), t(ctx.level === 'beginner' ? 'run.iv.final.beginner' : 'run.iv.final.other')),
    minutes: intervalMinutes(retest) + reviewMinutes(budget, intervalMinutes(retest)),
    load: load(retest),
  }
  const milestones = runMilestones(key, ctx, ctx.level === 'beginner' ? 0 : (w2.reps * w2.run) / 60, loc)
  return {
    baseline,
    sessions,
    recovery: runRecovery(ctx, loc),
    midReview: midReview(input, t('run.mid.what'), t('run.mid.hardest')),
    finalReview,
    milestones,
    notes: runNotes(ctx, key, milestones, loc),
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
  const { ctx, cue, shape, loc } = input
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const budget = ctx.minutesPerDay
  const room = budget - 5
  const share = ctx.level === 'advanced' ? 0.72 : 0.6
  const cap = ctx.level === 'advanced' ? 50 : 35
  // Week 2's long run (1.2 x 1.15 = 1.38 x the easy run) must still fit the budget.
  // A later cycle starts from the last one's week-2 run and adds one week-2 step per week.
  let easy1 = Math.max(8, Math.min(cap, Math.round(room * share), Math.floor(room / 1.38)))
  for (let s = 0; s < 2 * (input.stage ?? 0); s++) easy1 = Math.min(Math.floor(room / 1.38), ramp(easy1, 1.1))
  const easy2 = Math.min(room, ramp(easy1))
  const long1 = Math.min(room, Math.round(easy1 * 1.2))
  const long2 = Math.min(room, ramp(long1))
  const rotation: RunKind[] = ctx.level === 'advanced' ? ['intervals', 'easy', 'tempo', 'easy'] : ['strides', 'easy', 'easy']

  const week = (count: number, offset: number): RunKind[] => {
    if (count === 0) return []
    const kinds = Array.from({ length: count - 1 }, (_, i) => rotation[(i + offset) % rotation.length])
    return [...kinds, 'long']
  }
  const kinds = [...week(shape.week1, 0), ...week(shape.week2, 0)]
  const sessions = kinds.map((kind, i) => {
    const w2 = i >= shape.week1
    return continuousRun(kind, i + 2, kind === 'long' ? (w2 ? long2 : long1) : w2 ? easy2 : easy1, cue, i, loc)
  })
  const baseline: Step = {
    title: t('run.c.base.title', { n: easy1 }),
    description: sentences(t('run.c.base.a', { cue, duration: loc.duration(easy1) }), t('run.c.base.b')),
    minutes: easy1 + 5,
    load: easy1,
  }
  const retest = Math.min(easy1, budget - 8)
  const finalReview: Step = {
    title: t('run.c.final.title'),
    description: sentences(t('run.c.final.a', { cue, duration: loc.duration(retest) }), t('run.c.final.b')),
    minutes: retest + 5 + reviewMinutes(budget, retest + 5),
    load: retest,
  }
  const milestones = runMilestones(key, ctx, long2, loc)
  return {
    baseline,
    sessions,
    recovery: runRecovery(ctx, loc),
    midReview: midReview(input, t('run.mid.what'), t('run.mid.long')),
    finalReview,
    milestones,
    notes: runNotes(ctx, key, milestones, loc),
  }
}

function continuousRun(kind: RunKind, n: number, minutes: number, cue: string, i: number, loc: Loc): Step {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const step = (title: string, description: string): Step => ({ title, description, minutes: minutes + 5, load: minutes })
  const duration = loc.duration(minutes)
  switch (kind) {
    case 'long':
      return step(t('run.long.title', { n, min: minutes }), sentences(t('run.long.a', { duration }), t('run.long.b')))
    case 'strides': {
      const strides = minutes >= 20 ? 6 : 4
      return step(t('run.strides.title', { n, strides }), sentences(t('run.strides.a', { cue, duration, strides }), tip(loc, 'steady', i)))
    }
    case 'intervals': {
      const warm = minutes >= 25 ? 10 : 5
      const reps = Math.max(1, Math.floor((minutes - warm) / 5))
      return step(
        t('run.intervals.title', { n, reps }),
        sentences(t('run.intervals.a', { cue, warm: loc.duration(warm), reps }), t('run.intervals.b', { duration }))
      )
    }
    case 'tempo': {
      const tempo = Math.max(8, Math.round(minutes * 0.45))
      return step(
        t('run.tempo.title', { n, tempo }),
        sentences(t('run.tempo.a', { cue, duration, tempo: loc.duration(tempo) }), tip(loc, 'steady', i))
      )
    }
    default:
      return step(t('run.easy.title', { n, min: minutes }), sentences(t('run.easy.a', { cue, duration }), tip(loc, 'steady', i)))
  }
}

/** The cycles after the first: the rest of C25K for beginners, then a growing long run, then the event. */
function runMilestones(key: TargetKey, ctx: Context, currentLong: number, loc: Loc): Step[] {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const longRun = LONG_RUN[key]
  const out: Step[] = []
  currentLong = Math.round(currentLong)
  if (ctx.level === 'beginner') {
    out.push(
      { title: t('run.ms.c25k34.title'), description: t('run.ms.c25k34.text'), minutes: 30, load: 16 },
      { title: t('run.ms.c25k56.title'), description: t('run.ms.c25k56.text'), minutes: 35, load: 25 },
      { title: t('run.ms.c25k78.title'), description: t('run.ms.c25k78.text'), minutes: 38, load: 28 }
    )
    if (key === '5k' || key === 'fitness') {
      out.push({
        title: t(key === '5k' ? 'run.ms.first5k.title' : 'run.ms.goal30.title'),
        description: t(key === '5k' ? 'run.ms.first5k.text' : 'run.ms.goal30.c25k'),
        minutes: 40,
        load: 30,
      })
      return out
    }
    currentLong = 30
  }
  let long = currentLong
  while (long < longRun && out.length < 20) {
    long = Math.min(longRun, Math.max(long + 5, Math.round((long * 1.15) / 5) * 5))
    const recovery = out.length > 0 && (out.length + 1) % 3 === 0
    out.push({
      title: t('run.ms.build.title', { n: long }),
      description: sentences(
        t('run.ms.build.a', { runs: ctx.level === 'advanced' ? 4 : 3, duration: loc.duration(long) }),
        recovery ? t('run.ms.build.recover') : null,
        ctx.level === 'advanced' ? t('run.ms.build.advanced') : null
      ),
      minutes: long + 5,
      load: long,
    })
  }
  if (key === 'marathon' || key === 'half') {
    out.push({
      title: t('run.ms.taper.title'),
      description: t('run.ms.taper.text'),
      minutes: Math.round(longRun * 0.5),
      load: Math.round(longRun * 0.6),
    })
  }
  out.push({
    title: key === 'fitness' ? t('run.ms.goal30.title') : t('run.ms.goal.title', { name: t(`run.target.${key}.name`) }),
    description: t(`run.target.${key}.race`),
    minutes: key === 'fitness' ? 40 : longRun + 10,
    load: longRun,
  })
  return out
}

function runNotes(ctx: Context, key: TargetKey, milestones: Step[], loc: Loc): string[] {
  const notes: string[] = []
  const longest = Math.max(...milestones.map((m) => m.minutes))
  if (longest > ctx.minutesPerDay) notes.push(loc.t('run.note.longer', { duration: loc.duration(longest), min: ctx.minutesPerDay }).text)
  if (ctx.level === 'beginner' && (key === 'marathon' || key === 'half')) notes.push(loc.t(`run.note.novice.${key}`).text)
  const note = deadlineNote(ctx, milestones, loc.t(`run.target.${key}.name`).text, loc)
  if (note) notes.push(note)
  return notes
}

function runRecovery(ctx: Context, loc: Loc): Step[] {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const sore = ctx.injuries.some(lowerLimb)
  const budget = ctx.minutesPerDay
  return [
    sore
      ? {
          title: t('run.rec.hips.title'),
          description: t('run.rec.hips.text', { duration: loc.duration(Math.min(budget, 8)) }),
          minutes: Math.min(budget, 8),
          load: 0,
        }
      : {
          title: t('run.rec.strength.title'),
          description: t('run.rec.strength.text', { rounds: budget >= 10 ? 3 : 2 }),
          minutes: Math.min(budget, 10),
          load: 0,
        },
    {
      title: t('run.rec.mobility.title'),
      description: t('run.rec.mobility.text', { duration: loc.duration(Math.min(budget, 8)) }),
      minutes: Math.min(budget, 8),
      load: 0,
    },
    { title: t('run.rec.shoes.title'), description: t('run.rec.shoes.text'), minutes: 5, load: 0 },
    { title: t('run.rec.route.title'), description: t('run.rec.route.text'), minutes: 5, load: 0 },
    { title: t('run.rec.fuel.title'), description: t('run.rec.fuel.text'), minutes: 2, load: 0 },
  ]
}

function safetyNotes(ctx: Context, loc: Loc): string[] {
  const notes: string[] = []
  const c = ctx.conditions
  if (c.includes('heart') || c.includes('blood-pressure') || c.includes('diabetes')) notes.push(loc.t('run.safe.heart').text)
  if (c.includes('pregnancy')) notes.push(loc.t('run.safe.pregnancy').text)
  if (c.includes('asthma')) notes.push(loc.t('run.safe.asthma').text)
  if (c.includes('older-adult')) notes.push(loc.t('run.safe.older').text)
  if (ctx.injuries.length || ctx.injuryUnplaced) notes.push(loc.t('run.safe.pain').text)
  return notes
}

// ------------------------------------------------------------------ walking, cycling, swimming

// Minutes of the first steady session by level; the texts are `run.steady.<mode>.*`.
const STEADY_BASE: Record<Exclude<Modality, 'run'>, Record<Context['level'], number>> = {
  walk: { beginner: 10, intermediate: 20, advanced: 30 },
  cycle: { beginner: 12, intermediate: 20, advanced: 30 },
  swim: { beginner: 10, intermediate: 18, advanced: 25 },
}

function steadyPlan(input: DomainInput, mode: Exclude<Modality, 'run'>): DomainPlan {
  const { ctx, cue, shape, loc } = input
  const t = (id: string, params?: Record<string, string | number>) => loc.t(`run.steady.${id}`, params).text
  const budget = ctx.minutesPerDay
  const w1 = Math.max(1, Math.min(Math.floor((budget - 2) / 1.15), Math.round(STEADY_BASE[mode][ctx.level] * Math.min(1.5, budget / 30))))
  const w2 = Math.min(budget - 2, ramp(w1))
  const baseline: Step = {
    title: t(`${mode}.base.title`, { n: w1 }),
    description: sentences(t(`${mode}.base.a`, { cue, duration: loc.duration(w1) }), t(mode === 'walk' ? 'base.b.walk' : 'base.b.other')),
    minutes: w1 + 2,
    load: w1,
  }
  const sessions = Array.from({ length: shape.week1 + shape.week2 }, (_, i): Step => {
    const min = i < shape.week1 ? w1 : w2
    return {
      title: t(`${mode}.sess.title`, { n: i + 2, min }),
      description: sentences(t(`${mode}.sess.a`, { cue, duration: loc.duration(min) }), tip(loc, 'mode', i)),
      minutes: min + 2,
      load: min,
    }
  })
  const finalReview: Step = {
    title: t(`${mode}.final.title`, { n: w1 }),
    description: sentences(t(`${mode}.final.a`, { cue }), t(`${mode}.final.b`)),
    minutes: Math.min(budget, w1 + 5),
    load: w1,
  }
  const milestones: Step[] = []
  let min = w2
  while (min < 45 && milestones.length < 12) {
    min = Math.min(45, Math.max(min + 3, ramp(min)))
    milestones.push({
      title: t(`${mode}.build.title`, { min, per: ctx.daysPerWeek >= 5 ? 5 : 3 }),
      description: t(`${mode}.build.text`, { duration: loc.duration(min) }),
      minutes: min + 2,
      load: min,
    })
  }
  milestones.push({ title: t(`${mode}.goal.title`), description: t(`${mode}.goal.text`), minutes: 45, load: 150 })
  return {
    baseline,
    sessions,
    recovery: steadyRecovery(ctx, mode, loc),
    midReview: midReview(input, t(`${mode}.mid`), loc.t('run.mid.hardest').text),
    finalReview,
    milestones,
    notes: [
      ...(milestones.some((s) => s.minutes > budget)
        ? [t('note.longer', { duration: loc.duration(Math.max(...milestones.map((s) => s.minutes))) })]
        : []),
    ],
  }
}

function steadyRecovery(ctx: Context, mode: Exclude<Modality, 'run'>, loc: Loc): Step[] {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(`run.steady.${id}`, params).text
  const budget = ctx.minutesPerDay
  const short = loc.duration(Math.min(budget, 8))
  return [
    { title: t('rec.strength.title'), description: t(`${mode}.rec.strength`, { duration: short }), minutes: Math.min(budget, 8), load: 0 },
    { title: t('rec.mobility.title'), description: t(`${mode}.rec.mobility`, { duration: short }), minutes: Math.min(budget, 8), load: 0 },
    { title: t(`${mode}.rec.plan.title`), description: t(`${mode}.rec.plan.text`), minutes: 5, load: 0 },
    { title: t('rec.fuel.title'), description: t('rec.fuel.text'), minutes: 2, load: 0 },
  ]
}
