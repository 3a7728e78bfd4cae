import { duration, plural, sentences } from '../text'
import type { BodyArea, Context, Domain, DomainInput, Equipment, Level, Step } from '../types'
import { deadlineNote, midReview } from './common'

/**
 * Strength, muscle and bodyweight skills.
 *
 * Sources:
 * - WHO 2020 guidelines: muscle-strengthening activity for all major muscle groups on 2 or
 *   more days a week.
 * - ACSM Position Stand 2009, "Progression models in resistance training for healthy adults":
 *   novices train the whole body 2–3 days a week, 1–3 sets of 8–12 repetitions; add 2–10% load
 *   once 1–2 repetitions over the target are done in two consecutive sessions; advanced
 *   lifters use more sets and heavier loads (1–6 RM) and up to 4–6 days a week.
 * - Repetitions in reserve (Zourdos et al. 2016): stopping 2–3 reps short of failure.
 * - Paired agonist–antagonist sets save time without losing volume (Robbins et al. 2010),
 *   which is how intermediate and advanced sessions fit the same minutes.
 * - McGill's "big three" (curl-up, side plank, bird dog) for people with back pain.
 * - Protein around 1.6 g per kg of body weight a day maximises gains (Morton et al. 2018,
 *   Br J Sports Med meta-analysis).
 */
type Pattern = 'squat' | 'push' | 'hinge' | 'pull' | 'lunge' | 'core'
type Exercise = { name: string; needs?: Equipment[]; avoid?: BodyArea[]; minLevel?: Level; maxLevel?: Level }

const LEVELS: Level[] = ['beginner', 'intermediate', 'advanced']
const HEAVY: Equipment[] = ['barbell', 'gym']

// Ordered from most to least preferred; the first one the person can do safely is used.
const EXERCISES: Record<Pattern, Exercise[]> = {
  squat: [
    { name: 'barbell back squat', needs: HEAVY, avoid: ['back', 'knee'], minLevel: 'intermediate' },
    { name: 'leg press', needs: ['gym'], avoid: ['knee'] },
    { name: 'goblet squat', needs: ['dumbbells', 'kettlebell'], avoid: ['knee'] },
    { name: 'squat to a chair', avoid: ['knee'] },
    { name: 'squat to a high chair (pain-free depth)' },
  ],
  push: [
    { name: 'bench press', needs: HEAVY, avoid: ['shoulder', 'wrist'], minLevel: 'intermediate' },
    { name: 'dumbbell floor press', needs: ['dumbbells'], avoid: ['wrist'] },
    { name: 'band chest press', needs: ['bands'] },
    { name: 'push-up', avoid: ['wrist', 'shoulder'], minLevel: 'intermediate' },
    { name: 'incline push-up (hands on a table)', avoid: ['wrist', 'shoulder'], maxLevel: 'beginner' },
    { name: 'wall push-up on your fists', avoid: ['shoulder'] },
  ],
  hinge: [
    { name: 'Romanian deadlift', needs: HEAVY, avoid: ['back', 'hamstring'], minLevel: 'intermediate' },
    { name: 'dumbbell Romanian deadlift', needs: ['dumbbells'], avoid: ['back', 'hamstring'] },
    { name: 'kettlebell deadlift', needs: ['kettlebell'], avoid: ['back'] },
    { name: 'single-leg glute bridge', minLevel: 'intermediate', avoid: ['hamstring'] },
    { name: 'glute bridge' },
  ],
  pull: [
    { name: 'pull-up negatives (5-second lowering)', needs: ['pullup-bar'], avoid: ['shoulder', 'elbow'], minLevel: 'intermediate' },
    { name: 'lat pulldown', needs: ['gym'], avoid: ['shoulder'] },
    { name: 'one-arm dumbbell row', needs: ['dumbbells'] },
    { name: 'kettlebell row', needs: ['kettlebell'] },
    { name: 'band row', needs: ['bands'] },
    { name: 'inverted row (under a sturdy table)', avoid: ['shoulder', 'elbow'], minLevel: 'intermediate' },
    { name: 'one-arm backpack row (other hand on a table)' },
  ],
  lunge: [
    { name: 'dumbbell split squat', needs: ['dumbbells', 'kettlebell'], avoid: ['knee'] },
    { name: 'reverse lunge', avoid: ['knee', 'ankle'], minLevel: 'intermediate' },
    { name: 'split squat holding a chair', avoid: ['knee', 'ankle'] },
    { name: 'side-lying leg raise' },
  ],
  core: [
    { name: 'dead bug' },
    { name: 'side plank', avoid: ['shoulder'] },
    { name: 'bird dog' },
    { name: 'forearm plank', avoid: ['shoulder'] },
  ],
}

const WORKOUT_A: Pattern[] = ['squat', 'push', 'hinge', 'core']
const WORKOUT_B: Pattern[] = ['lunge', 'pull', 'hinge', 'core']

/** Sets, reps and a rough intensity (share of one-rep max) per level; the load unit is their product. */
const DOSE: Record<Level, { sets: number; reps: number; intensity: number; setMinutes: number }> = {
  beginner: { sets: 2, reps: 8, intensity: 0.6, setMinutes: 2 },
  intermediate: { sets: 3, reps: 8, intensity: 0.7, setMinutes: 1.75 },
  advanced: { sets: 4, reps: 6, intensity: 0.85, setMinutes: 1.5 },
}

type Target = { kind: 'push-up' | 'pull-up' | 'lifts' | 'plank' | 'general'; count: number | null }

function target(goal: string, ctx: Context): Target {
  const count = (re: RegExp) => {
    const m = re.exec(goal)
    return m ? Number(m[1]) : null
  }
  if (/(push|press)-?\s?ups?|pompes|flexiones|liegestütz/.test(goal)) return { kind: 'push-up', count: count(/(\d{1,6})\s{0,3}(?:push|press)/) }
  if (/(pull|chin)-?\s?ups?|klimmzug|dominadas/.test(goal)) return { kind: 'pull-up', count: count(/(\d{1,6})\s{0,3}(?:pull|chin)/) ?? 1 }
  if (/plank/.test(goal)) return { kind: 'plank', count: count(/(\d{1,6})\s{0,3}(?:min|minute)/) }
  if (/squat|deadlift|bench|barbell|powerlift|\bkg\b|\blbs?\b/.test(goal) || ctx.equipment.some((e) => HEAVY.includes(e))) return { kind: 'lifts', count: null }
  return { kind: 'general', count: null }
}

function pick(pattern: Pattern, ctx: Context, avoidAlso: string[] = []): string | null {
  const rank = LEVELS.indexOf(ctx.level)
  const have = (e: Exercise) => !e.needs || e.needs.some((n) => ctx.equipment.includes(n))
  const safe = (e: Exercise) => !e.avoid?.some((a) => ctx.injuries.includes(a))
  const fits = (e: Exercise) =>
    (!e.minLevel || LEVELS.indexOf(e.minLevel) <= rank) && (!e.maxLevel || LEVELS.indexOf(e.maxLevel) >= rank)
  const choice = EXERCISES[pattern].find((e) => have(e) && safe(e) && fits(e) && !avoidAlso.includes(e.name))
    ?? EXERCISES[pattern].find((e) => have(e) && safe(e) && !avoidAlso.includes(e.name))
  return choice?.name ?? null
}

function workout(patterns: Pattern[], ctx: Context, t: Target): string[] {
  const names: string[] = []
  const ordered = t.kind === 'push-up' ? ['push' as Pattern, ...patterns.filter((p) => p !== 'push')] : patterns
  for (const p of ordered) {
    if (p === 'pull' && t.kind === 'pull-up' && ctx.equipment.includes('pullup-bar') && !ctx.injuries.includes('shoulder')) {
      names.push(ctx.level === 'beginner' ? 'dead hang from the bar' : 'pull-up negatives (5-second lowering)')
      continue
    }
    const name = pick(p, ctx, names)
    if (name) names.push(name)
  }
  return names
}

type Session = { exercises: string[]; sets: number; reps: number; warm: number; setMinutes: number }

/** Fits the level's dose into the daily minutes: fewer sets first, then fewer exercises, then shorter rests. */
function fitSession(exercises: string[], ctx: Context): Session {
  const d = DOSE[ctx.level]
  const budget = ctx.minutesPerDay
  let s: Session = { exercises, sets: d.sets, reps: d.reps, warm: budget >= 15 ? 5 : budget >= 8 ? 3 : 1, setMinutes: d.setMinutes }
  const minutes = (x: Session) => x.warm + Math.ceil(x.exercises.length * x.sets * x.setMinutes)
  while (minutes(s) > budget && s.sets > 2) s = { ...s, sets: s.sets - 1 }
  while (minutes(s) > budget && s.exercises.length > 2) s = { ...s, exercises: s.exercises.slice(0, -1) }
  while (minutes(s) > budget && s.sets > 1) s = { ...s, sets: s.sets - 1 }
  if (minutes(s) > budget) s = { ...s, setMinutes: 1.25 }
  return s
}

function sessionMinutes(s: Session): number {
  return s.warm + Math.ceil(s.exercises.length * s.sets * s.setMinutes)
}

function sessionLoad(s: Session, ctx: Context): number {
  return s.exercises.length * s.sets * s.reps * DOSE[ctx.level].intensity
}

function listNames(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]
}

function listExercises(s: Session): string {
  return listNames(s.exercises)
}

const TIPS = [
  'Lower each rep over about 3 seconds.',
  'Film 1 set of the first exercise to check your form.',
  'Breathe out on the effort and never hold your breath.',
  'Write down the reps of every set so next time you can beat one.',
  'Keep your back neutral and your trunk braced on every rep.',
  'Stop the set as soon as form slips, even if reps are left.',
]

function describe(s: Session, ctx: Context, cue: string, i: number): string {
  const paired = ctx.level !== 'beginner' && s.exercises.length >= 4
  const holds = s.exercises.some((e) => /plank|dead hang/.test(e))
  return sentences(
    `${cue}, warm up for ${duration(s.warm)}, then do ${plural(s.sets, 'set')} of ${s.reps} reps of ${listExercises(s)}${
      holds ? ` (hold planks and hangs for ${s.reps * 3} seconds)` : ''
    }.`,
    paired
      ? 'Pair the first two and the last two exercises, alternating sets with about 60 seconds between, and stop each set with 2 reps in reserve.'
      : 'Rest 60–90 seconds between sets and stop each set with 2–3 reps still in reserve.',
    TIPS[i % TIPS.length]
  )
}

export const strength: Domain = {
  kind: 'strength',
  defaults: { minutesPerDay: 30, daysPerWeek: 3, anchor: 'evening' },
  cues: { evening: 'When you get home from work', bedtime: 'When you get home from work', morning: 'After your morning coffee' },
  maxSessionsPerWeek: (ctx) => ({ beginner: 3, intermediate: 4, advanced: 5 })[ctx.level],
  retestOnDay14: true,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal } = input
    const t = target(goal.lower, ctx)
    // Push-up goals practise the push-up in both workouts; B drops its second hinge for it.
    const patternsB: Pattern[] = t.kind === 'push-up' ? ['lunge', 'pull', 'core'] : WORKOUT_B
    let a = fitSession(workout(WORKOUT_A, ctx, t), ctx)
    let b = fitSession(workout(patternsB, ctx, t), ctx)
    // Equal-sized workouts keep the dose comparable from one session to the next.
    const size = Math.min(a.exercises.length, b.exercises.length)
    a = { ...a, exercises: a.exercises.slice(0, size) }
    b = { ...b, exercises: b.exercises.slice(0, size) }
    const test = testText(t, ctx, a, b)

    const sessions: Step[] = []
    for (let i = 0; i < shape.week1 + shape.week2; i++) {
      const week2 = i >= shape.week1
      // Baseline is workout-free, so session 1 is A; they alternate A, B, A ...
      const base = i % 2 === 0 ? a : b
      const s = week2 ? { ...base, reps: base.reps + 1 } : base
      sessions.push({
        title: `Workout ${i % 2 === 0 ? 'A' : 'B'}${i + 1 > 2 ? ` #${Math.floor(i / 2) + 1}` : ''}: ${plural(s.sets, 'set')} × ${s.reps} reps`,
        description: describe(s, ctx, cue, i),
        minutes: sessionMinutes(s),
        load: sessionLoad(s, ctx),
      })
    }
    const testMinutes = Math.min(ctx.minutesPerDay, 15)
    const milestones = strengthMilestones(t, ctx, a)
    const notes = strengthNotes(ctx, t)
    const note = deadlineNote(ctx, milestones, goalName(t))
    if (note) notes.push(note)
    return {
      baseline: {
        title: 'Baseline: strength test',
        description: sentences(`${cue}, warm up for 3 minutes, then ${test}.`, 'Write the numbers down; day 14 repeats the same test.'),
        minutes: testMinutes,
        load: 0,
      },
      sessions,
      recovery: recovery(ctx),
      midReview: midReview(input, 'workouts', 'note which exercise felt hardest'),
      finalReview: {
        title: 'Day 14: retest and set the next cycle',
        description: sentences(
          `${cue}, repeat day 1’s test: ${test}.`,
          'If you beat week 2’s reps with 2 in reserve on two sessions in a row, add a set or move to the harder version next cycle; otherwise repeat week 2.'
        ),
        minutes: testMinutes,
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function testText(t: Target, ctx: Context, a: Session, b: Session): string {
  const push = pick('push', ctx)
  switch (t.kind) {
    case 'push-up':
      return push
        ? `do as many ${push.startsWith('push-up') ? 'push-ups' : `reps of ${push}`} as you can with a straight body, and hold a forearm plank as long as you can`
        : 'hold a forearm plank as long as you can and count wall push-ups in 60 seconds'
    case 'pull-up':
      return ctx.equipment.includes('pullup-bar')
        ? 'hang from the bar as long as you can, then count slow pull-up negatives (5-second lowering) until your form breaks'
        : `count ${pick('pull', ctx)} reps per arm until your form breaks, and hold a forearm plank as long as you can`
    case 'lifts':
      return `work up to a weight you can lift 10 times with 2 reps left for ${listNames([a.exercises[0], a.exercises[1], b.exercises[1]].filter(Boolean))}, and note each weight`
    case 'plank':
      return 'hold a forearm plank as long as you can with a straight body, then a side plank on each side'
    default:
      return `count ${pick('squat', ctx)} reps in 60 seconds, ${push ? `as many reps of ${push} as you can with good form, ` : ''}and hold a forearm plank as long as you can`
  }
}

function goalName(t: Target): string {
  switch (t.kind) {
    case 'push-up':
      return t.count ? `${t.count} push-ups in a row` : 'full push-ups'
    case 'pull-up':
      return t.count && t.count > 1 ? `${t.count} pull-ups` : 'a strict pull-up'
    case 'plank':
      return t.count ? `a ${t.count}-minute plank` : 'a 2-minute plank'
    case 'lifts':
      return 'stronger main lifts'
    default:
      return 'a lasting strength habit'
  }
}

function strengthMilestones(t: Target, ctx: Context, a: Session): Step[] {
  const perWeek = Math.min(ctx.daysPerWeek, { beginner: 3, intermediate: 4, advanced: 5 }[ctx.level])
  const minutes = sessionMinutes(a)
  // Double progression (ACSM 2009): reps up to the top of the range, then more load and back down.
  const top = ctx.level === 'advanced' ? 8 : 12
  const steps: Step[] = [
    {
      title: `Add reps: work up to ${top} per set`,
      description: `Keep ${perWeek} workouts a week and add 1 rep per set each week until you reach ${a.sets} × ${top} with 2 reps in reserve.`,
      minutes,
      load: a.exercises.length * a.sets * top,
    },
    {
      title: `Step up: harder version or ${ctx.level === 'advanced' ? '2–5%' : '2–10%'} more load`,
      description: `When an exercise reaches ${top} reps, move to its harder version or add ${ctx.level === 'advanced' ? '2–5%' : '2–10%'} load and drop back to ${a.reps} reps (ACSM double progression).`,
      minutes,
      load: a.exercises.length * a.sets * (top - 2),
    },
    {
      title: 'Add a set to the main lifts',
      description: `Add 1 set to the first 2 exercises of each workout if time allows, keeping ${perWeek} workouts a week. Sleep 7 hours or more; strength is built between sessions.`,
      minutes: minutes + 4,
      load: a.exercises.length * (a.sets + 1) * 10,
    },
    {
      title: 'Lighter week, then retest',
      description: 'Do the first week of this cycle at half the sets to recover, then repeat the day-1 test in the second week and compare.',
      minutes,
      load: a.exercises.length * a.sets * 6,
    },
  ]
  const finale: Record<Target['kind'], string> = {
    'push-up': `Test ${goalName(t)}: chest to a fist-height object, body straight, full lock-out each rep.`,
    'pull-up': `Test ${goalName(t)}: from a dead hang, chin over the bar, no kicking.`,
    lifts: 'Retest your 10-rep weights; expect 10–20% more after 10 weeks if sleep and protein held up.',
    plank: `Test ${goalName(t)} with a straight body from shoulders to heels.`,
    general: 'Keep 2–3 full-body workouts a week (WHO 2020) and retest every 8 weeks.',
  }
  steps.push({ title: `Goal: ${goalName(t)}`, description: finale[t.kind], minutes: Math.min(minutes, 20), load: 0 })
  return steps
}

function strengthNotes(ctx: Context, t: Target): string[] {
  const notes: string[] = []
  if (t.kind === 'pull-up' && !ctx.equipment.includes('pullup-bar')) {
    notes.push('A pull-up needs a bar; a doorway pull-up bar is cheap. Until you have one, rows train the same muscles.')
  }
  if (ctx.injuries.length) {
    notes.push(
      `Exercises that load your ${ctx.injuries.join(' and ')} were swapped for gentler ones. Work in a pain-free range, stop if pain goes above 3 out of 10, and check new exercises with a physiotherapist.`
    )
  }
  if (ctx.injuries.includes('back')) notes.push('With back pain, the core work uses dead bugs, side planks and bird dogs (McGill’s “big three” style) rather than sit-ups.')
  if (ctx.conditions.includes('blood-pressure') || ctx.conditions.includes('heart')) {
    notes.push('With a heart or blood-pressure condition, check with your doctor first, breathe out on every effort (never hold your breath), and keep 2–3 reps in reserve.')
  }
  if (ctx.conditions.includes('pregnancy')) {
    notes.push('In pregnancy, avoid lying flat on your back after the first trimester and check the plan with your midwife or doctor.')
  }
  return notes
}

function recovery(ctx: Context): Step[] {
  const budget = ctx.minutesPerDay
  return [
    {
      title: 'Rest day: brisk walk',
      description: `No lifting today. Walk briskly for ${duration(Math.min(budget, 20))}; light movement helps sore muscles recover.`,
      minutes: Math.min(budget, 20),
      load: 0,
    },
    {
      title: 'Rest day: protein check',
      description: 'Add a palm-sized portion of protein (eggs, beans, fish, tofu, yoghurt) to 2 meals today; around 1.6 g per kg of body weight a day supports strength gains.',
      minutes: 5,
      load: 0,
    },
    {
      title: 'Rest day: mobility for hips and shoulders',
      description: `Spend ${duration(Math.min(budget, 10))} on 10 slow arm circles each way, a 30-second hip-flexor stretch per side and 10 cat-cow stretches.`,
      minutes: Math.min(budget, 10),
      load: 0,
    },
    {
      title: 'Rest day: practise technique lightly',
      description: 'Do 2 slow, unloaded sets of 5 reps of the exercise that felt most awkward, filming one set on your phone to check form.',
      minutes: Math.min(budget, 8),
      load: 0,
    },
  ]
}

