import { sentences } from '../text'
import type { BodyArea, Context, Domain, DomainInput, Equipment, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
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
// `id` names the exercise's message (`str.ex.<id>` in locale/messages/<lang>.json); `name` is the English one the logic compares.
type Exercise = { id: string; name: string; needs?: Equipment[]; avoid?: BodyArea[]; minLevel?: Level; maxLevel?: Level }

const LEVELS: Level[] = ['beginner', 'intermediate', 'advanced']
const HEAVY: Equipment[] = ['barbell', 'gym']

// Ordered from most to least preferred; the first one the person can do safely is used.
const EXERCISES: Record<Pattern, Exercise[]> = {
  squat: [
    { id: 'back-squat', name: 'barbell back squat', needs: HEAVY, avoid: ['back', 'knee'], minLevel: 'intermediate' },
    { id: 'leg-press', name: 'leg press', needs: ['gym'], avoid: ['knee'] },
    { id: 'goblet-squat', name: 'goblet squat', needs: ['dumbbells', 'kettlebell'], avoid: ['knee'] },
    { id: 'chair-squat', name: 'squat to a chair', avoid: ['knee'] },
    { id: 'high-chair-squat', name: 'squat to a high chair (pain-free depth)' },
  ],
  push: [
    { id: 'bench-press', name: 'bench press', needs: HEAVY, avoid: ['shoulder', 'wrist'], minLevel: 'intermediate' },
    { id: 'floor-press', name: 'dumbbell floor press', needs: ['dumbbells'], avoid: ['wrist'] },
    { id: 'band-press', name: 'band chest press', needs: ['bands'] },
    { id: 'push-up', name: 'push-up', avoid: ['wrist', 'shoulder'], minLevel: 'intermediate' },
    { id: 'incline-push-up', name: 'incline push-up (hands on a table)', avoid: ['wrist', 'shoulder'], maxLevel: 'beginner' },
    { id: 'wall-push-up', name: 'wall push-up on your fists', avoid: ['shoulder'] },
  ],
  hinge: [
    { id: 'rdl', name: 'Romanian deadlift', needs: HEAVY, avoid: ['back', 'hamstring'], minLevel: 'intermediate' },
    { id: 'db-rdl', name: 'dumbbell Romanian deadlift', needs: ['dumbbells'], avoid: ['back', 'hamstring'] },
    { id: 'kb-deadlift', name: 'kettlebell deadlift', needs: ['kettlebell'], avoid: ['back'] },
    { id: 'sl-bridge', name: 'single-leg glute bridge', minLevel: 'intermediate', avoid: ['hamstring'] },
    { id: 'bridge', name: 'glute bridge' },
  ],
  pull: [
    {
      id: 'negatives',
      name: 'pull-up negatives (5-second lowering)',
      needs: ['pullup-bar'],
      avoid: ['shoulder', 'elbow'],
      minLevel: 'intermediate',
    },
    { id: 'pulldown', name: 'lat pulldown', needs: ['gym'], avoid: ['shoulder'] },
    { id: 'db-row', name: 'one-arm dumbbell row', needs: ['dumbbells'] },
    { id: 'kb-row', name: 'kettlebell row', needs: ['kettlebell'] },
    { id: 'band-row', name: 'band row', needs: ['bands'] },
    { id: 'inverted-row', name: 'inverted row (under a sturdy table)', avoid: ['shoulder', 'elbow'], minLevel: 'intermediate' },
    { id: 'backpack-row', name: 'one-arm backpack row (other hand on a table)' },
  ],
  lunge: [
    { id: 'db-split-squat', name: 'dumbbell split squat', needs: ['dumbbells', 'kettlebell'], avoid: ['knee'] },
    { id: 'reverse-lunge', name: 'reverse lunge', avoid: ['knee', 'ankle'], minLevel: 'intermediate' },
    { id: 'chair-split-squat', name: 'split squat holding a chair', avoid: ['knee', 'ankle'] },
    { id: 'side-leg-raise', name: 'side-lying leg raise' },
  ],
  core: [
    { id: 'dead-bug', name: 'dead bug' },
    { id: 'side-plank', name: 'side plank', avoid: ['shoulder'] },
    { id: 'bird-dog', name: 'bird dog' },
    { id: 'plank', name: 'forearm plank', avoid: ['shoulder'] },
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
  if (/(push|press)-?\s?ups?|pompes|flexiones|liegestütz/.test(goal))
    return { kind: 'push-up', count: count(/(\d{1,6})\s{0,3}(?:push|press)/) }
  if (/(pull|chin)-?\s?ups?|klimmzug|dominadas/.test(goal)) return { kind: 'pull-up', count: count(/(\d{1,6})\s{0,3}(?:pull|chin)/) ?? 1 }
  if (/plank/.test(goal)) return { kind: 'plank', count: count(/(\d{1,6})\s{0,3}(?:min|minute)/) }
  if (/squat|deadlift|bench|barbell|powerlift|\bkg\b|\blbs?\b/.test(goal) || ctx.equipment.some((e) => HEAVY.includes(e)))
    return { kind: 'lifts', count: null }
  return { kind: 'general', count: null }
}

function pick(pattern: Pattern, ctx: Context, avoidAlso: string[] = []): string | null {
  const rank = LEVELS.indexOf(ctx.level)
  const have = (e: Exercise) => !e.needs || e.needs.some((n) => ctx.equipment.includes(n))
  const safe = (e: Exercise) => !e.avoid?.some((a) => ctx.injuries.includes(a))
  const fits = (e: Exercise) => (!e.minLevel || LEVELS.indexOf(e.minLevel) <= rank) && (!e.maxLevel || LEVELS.indexOf(e.maxLevel) >= rank)
  const choice =
    EXERCISES[pattern].find((e) => have(e) && safe(e) && fits(e) && !avoidAlso.includes(e.name)) ??
    EXERCISES[pattern].find((e) => have(e) && safe(e) && !avoidAlso.includes(e.name))
  return choice?.name ?? null
}

function workout(patterns: Pattern[], ctx: Context, t: Target): string[] {
  const names: string[] = []
  const ordered = t.kind === 'push-up' ? ['push' as Pattern, ...patterns.filter((p) => p !== 'push')] : patterns
  for (const p of ordered) {
    if (p === 'pull' && t.kind === 'pull-up' && ctx.equipment.includes('pullup-bar') && !ctx.injuries.includes('shoulder')) {
      names.push(ctx.level === 'beginner' ? DEAD_HANG : 'pull-up negatives (5-second lowering)')
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

const DEAD_HANG = 'dead hang from the bar'
const EXERCISE_ID = new Map<string, string>([
  [DEAD_HANG, 'dead-hang'],
  ...Object.values(EXERCISES)
    .flat()
    .map((e): [string, string] => [e.name, e.id]),
])

/** An exercise (by its English name) as the plan's language writes it. */
function exName(name: string, loc: Loc): string {
  return loc.t(`str.ex.${EXERCISE_ID.get(name)}`).text
}

/** "a, b and c" in the plan's language. */
function listNames(names: string[], loc: Loc): string {
  const local = names.map((n) => exName(n, loc))
  return local.length > 1 ? `${local.slice(0, -1).join(', ')}${loc.t('list.and').text}${local[local.length - 1]}` : local[0]
}

const sets = (n: number, loc: Loc) => loc.t(n === 1 ? 'str.sets.one' : 'str.sets.other', { n }).text

// Tips rotate through `str.tip.<i>`.
const TIPS = 6

function describe(s: Session, ctx: Context, cue: string, i: number, loc: Loc): string {
  const paired = ctx.level !== 'beginner' && s.exercises.length >= 4
  const holds = s.exercises.some((e) => e.includes('plank') || e === DEAD_HANG)
  return sentences(
    loc.t('str.w.text', {
      cue,
      warm: loc.duration(s.warm),
      sets: sets(s.sets, loc),
      reps: s.reps,
      list: listNames(s.exercises, loc),
      holds: holds ? loc.t('str.w.holds', { n: s.reps * 3 }).text : '',
    }).text,
    loc.t(paired ? 'str.w.paired' : 'str.w.rest').text,
    loc.t(`str.tip.${i % TIPS}`).text
  )
}

export const strength: Domain = {
  kind: 'strength',
  defaults: { minutesPerDay: 30, daysPerWeek: 3, anchor: 'evening' },
  // Every sentence is a message of locale/messages/<lang>.json (`str.*`).
  langs: ['en', 'fr', 'es', 'de'],
  cues: { evening: 'str.cue.evening', bedtime: 'str.cue.evening', morning: 'str.cue.morning' },
  maxSessionsPerWeek: (ctx) => ({ beginner: 3, intermediate: 4, advanced: 5 })[ctx.level],
  retestOnDay14: true,
  plan(input: DomainInput) {
    const { ctx, cue, shape, goal, loc } = input
    const tr = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const t = target(goal.lower, ctx)
    // Push-up goals practise the push-up in both workouts; B drops its second hinge for it.
    const patternsB: Pattern[] = t.kind === 'push-up' ? ['lunge', 'pull', 'core'] : WORKOUT_B
    let a = fitSession(workout(WORKOUT_A, ctx, t), ctx)
    let b = fitSession(workout(patternsB, ctx, t), ctx)
    // Equal-sized workouts keep the dose comparable from one session to the next.
    const size = Math.min(a.exercises.length, b.exercises.length)
    a = { ...a, exercises: a.exercises.slice(0, size) }
    b = { ...b, exercises: b.exercises.slice(0, size) }
    const test = testText(t, ctx, a, b, loc)

    const sessions: Step[] = []
    for (let i = 0; i < shape.week1 + shape.week2; i++) {
      const week2 = i >= shape.week1
      // Baseline is workout-free, so session 1 is A; they alternate A, B, A ...
      const base = i % 2 === 0 ? a : b
      const s = week2 ? { ...base, reps: base.reps + 1 } : base
      sessions.push({
        title: tr('str.w.title', {
          ab: i % 2 === 0 ? 'A' : 'B',
          num: i + 1 > 2 ? tr('str.w.num', { n: Math.floor(i / 2) + 1 }) : '',
          sets: sets(s.sets, loc),
          reps: s.reps,
        }),
        description: describe(s, ctx, cue, i, loc),
        minutes: sessionMinutes(s),
        load: sessionLoad(s, ctx),
      })
    }
    const testMinutes = Math.min(ctx.minutesPerDay, 15)
    const milestones = strengthMilestones(t, ctx, a, loc)
    const notes = strengthNotes(ctx, t, loc)
    const note = deadlineNote(ctx, milestones, goalName(t, loc), loc)
    if (note) notes.push(note)
    return {
      baseline: {
        title: tr('str.base.title'),
        description: sentences(tr('str.base.a', { cue, test }), tr('str.base.b')),
        minutes: testMinutes,
        load: 0,
      },
      sessions,
      recovery: recovery(ctx, loc),
      midReview: midReview(input, tr('str.mid.what'), tr('str.mid.metric')),
      finalReview: {
        title: tr('str.final.title'),
        description: sentences(tr('str.final.a', { cue, test }), tr('str.final.b')),
        minutes: testMinutes,
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function testText(t: Target, ctx: Context, a: Session, b: Session, loc: Loc): string {
  const tr = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const push = pick('push', ctx)
  switch (t.kind) {
    case 'push-up':
      if (!push) return tr('str.test.pushup.none')
      return push.startsWith('push-up') ? tr('str.test.pushup.pushups') : tr('str.test.pushup.reps', { ex: exName(push, loc) })
    case 'pull-up':
      return ctx.equipment.includes('pullup-bar')
        ? tr('str.test.pullup.bar')
        : tr('str.test.pullup.row', { ex: exName(pick('pull', ctx) ?? '', loc) })
    case 'lifts':
      return tr('str.test.lifts', { list: listNames([a.exercises[0], a.exercises[1], b.exercises[1]].filter(Boolean), loc) })
    case 'plank':
      return tr('str.test.plank')
    default:
      return tr('str.test.general', {
        ex: exName(pick('squat', ctx) ?? '', loc),
        push_part: push ? tr('str.test.general.push', { ex: exName(push, loc) }) : '',
      })
  }
}

function goalName(t: Target, loc: Loc): string {
  const tr = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  switch (t.kind) {
    case 'push-up':
      return t.count ? tr('str.goal.pushup.n', { n: t.count }) : tr('str.goal.pushup')
    case 'pull-up':
      return t.count && t.count > 1 ? tr('str.goal.pullup.n', { n: t.count }) : tr('str.goal.pullup')
    case 'plank':
      return t.count ? tr('str.goal.plank.n', { n: t.count }) : tr('str.goal.plank')
    case 'lifts':
      return tr('str.goal.lifts')
    default:
      return tr('str.goal.general')
  }
}

function strengthMilestones(t: Target, ctx: Context, a: Session, loc: Loc): Step[] {
  const tr = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const perWeek = Math.min(ctx.daysPerWeek, { beginner: 3, intermediate: 4, advanced: 5 }[ctx.level])
  const minutes = sessionMinutes(a)
  // Double progression (ACSM 2009): reps up to the top of the range, then more load and back down.
  const top = ctx.level === 'advanced' ? 8 : 12
  const pct = tr(ctx.level === 'advanced' ? 'str.pct.advanced' : 'str.pct.other')
  const steps: Step[] = [
    {
      title: tr('str.ms.reps.title', { top }),
      description: tr('str.ms.reps.text', { per: perWeek, sets: a.sets, top }),
      minutes,
      load: a.exercises.length * a.sets * top,
    },
    {
      title: tr('str.ms.step.title', { pct }),
      description: tr('str.ms.step.text', { top, pct, reps: a.reps }),
      minutes,
      load: a.exercises.length * a.sets * (top - 2),
    },
    {
      title: tr('str.ms.set.title'),
      description: tr('str.ms.set.text', { per: perWeek }),
      minutes: minutes + 4,
      load: a.exercises.length * (a.sets + 1) * 10,
    },
    { title: tr('str.ms.light.title'), description: tr('str.ms.light.text'), minutes, load: a.exercises.length * a.sets * 6 },
  ]
  const goal = goalName(t, loc)
  steps.push({
    title: tr('str.ms.goal.title', { goal }),
    description: tr(`str.fin.${t.kind}`, { goal }),
    minutes: Math.min(minutes, 20),
    load: 0,
  })
  return steps
}

function strengthNotes(ctx: Context, t: Target, loc: Loc): string[] {
  const tr = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const notes: string[] = []
  if (t.kind === 'pull-up' && !ctx.equipment.includes('pullup-bar')) notes.push(tr('str.note.bar'))
  if (ctx.injuries.length) notes.push(tr('str.note.injury', { areas: ctx.injuries.map((a) => tr(`area.${a}`)).join(tr('list.and')) }))
  if (ctx.injuries.includes('back')) notes.push(tr('str.note.back'))
  if (ctx.conditions.includes('blood-pressure') || ctx.conditions.includes('heart')) notes.push(tr('str.note.heart'))
  if (ctx.conditions.includes('pregnancy')) notes.push(tr('str.note.pregnancy'))
  return notes
}

function recovery(ctx: Context, loc: Loc): Step[] {
  const tr = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const budget = ctx.minutesPerDay
  return [
    {
      title: tr('str.rec.walk.title'),
      description: tr('str.rec.walk.text', { duration: loc.duration(Math.min(budget, 20)) }),
      minutes: Math.min(budget, 20),
      load: 0,
    },
    { title: tr('str.rec.protein.title'), description: tr('str.rec.protein.text'), minutes: 5, load: 0 },
    {
      title: tr('str.rec.mobility.title'),
      description: tr('str.rec.mobility.text', { duration: loc.duration(Math.min(budget, 10)) }),
      minutes: Math.min(budget, 10),
      load: 0,
    },
    { title: tr('str.rec.technique.title'), description: tr('str.rec.technique.text'), minutes: Math.min(budget, 8), load: 0 },
  ]
}
