import { ramp, sentences, shorten } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { type Focus, deadlineNote, midReview, practiceSessions } from './common'
import { type Instrument, firstLesson, instrumentOf, namesPerformance, practicePrefix, techniqueOf } from './instrument'

/**
 * Studying for an exam and learning a skill (programming, an instrument, chess ...).
 *
 * Sources:
 * - Dunlosky et al. 2013 (Psychological Science in the Public Interest): practice testing and
 *   distributed practice are the high-utility techniques; re-reading and highlighting are low.
 * - Retrieval practice (Roediger & Karpicke 2006): closed-book recall after studying.
 * - Spacing (Cepeda et al. 2006) and interleaving of topics (Rohrer & Taylor 2007).
 * - Deliberate practice (Ericsson, Krampe & Tesch-Römer 1993): short focused work on the
 *   weakest sub-skill with immediate feedback, rather than playing through what is easy.
 * - The Pomodoro technique (Cirillo): 25-minute focused blocks with short breaks.
 */
type Subtype = 'exam' | 'coding' | 'music' | 'skill'

export function subtype(goal: string): Subtype {
  if (
    /\b(exam|exams|test|certification|certified|certificate|pass|bar|cpa|cfa|gmat|gre|sat|mcat|lsat|aws|comptia|pmp|syllabus|revise|revision|finals|prüfung|examen)\b|试験|考试|資格|試験/.test(
      goal
    )
  )
    return 'exam'
  if (
    /\b(programming|coding|code|python|javascript|typescript|java|rust|golang|go lang|sql|excel|data science|machine learning|web development|developer|app|programmer|programmation|programar|programación|programmieren)\b/.test(
      goal
    )
  )
    return 'coding'
  if (
    instrumentOf(goal, 'en') ||
    /\b(piano|guitar|violin|cello|drums|ukulele|bass|saxophone|flute|trumpet|sing|singing|instrument|music|guitare|guitarra|gitarre|klavier|geige|violon|musique|música|musik)\b/.test(
      goal
    )
  )
    return 'music'
  return 'skill'
}

const SHARE: Record<Level, number> = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }
const QUESTIONS: Record<Level, number> = { beginner: 8, intermediate: 12, advanced: 16 }
// Share of the session spent on questions (about a minute each); beginners study more first.
const Q_SHARE: Record<Level, number> = { beginner: 0.35, intermediate: 0.45, advanced: 0.55 }

function subject(goal: string, fallback: string): string {
  const m =
    /\b(?:learn|master|pass|study for|study|practise|practice|improve at|get better at|get good at)\s{1,3}(?:the\s{1,3}|my\s{1,3}|to\s{1,3}play\s{1,3}the\s{1,3}|to\s{1,3}play\s{1,3}|how\s{1,3}to\s{1,3})?([^,.;]{2,40})/i.exec(
      goal
    )
  return m ? shorten(m[1].trim(), 30) : fallback
}

type Params = Record<string, string | number>

export const study: Domain = {
  kind: 'study',
  // Every sentence is a message of locale/messages/<lang>.json (`stu.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, goal, loc } = input
    const t = (id: string, params?: Params) => loc.t(id, params).text
    const kind = subtype(goal.lower)
    const budget = ctx.minutesPerDay
    // The subject is read from English verbs ("learn", "pass"); other languages name the kind, or quote the goal.
    const fallback =
      kind === 'skill' ? (loc.lang === 'en' ? goal.label : t('stu.topic.quoted', { label: goal.label })) : t(`stu.topic.${kind}`)
    const topic = loc.lang === 'en' ? subject(goal.text, fallback) : fallback
    if (kind === 'exam') return examPlan(input, topic)

    const overhead = budget >= 10 ? 3 : 1
    const m1 = Math.max(1, Math.min(Math.round((budget - overhead) * SHARE[ctx.level]), Math.floor((budget - overhead) / 1.15)))
    const m2 = Math.min(budget - overhead, ramp(m1))
    // An instrument goal names its instrument in every session ("Piano practice 3: …") and its own technique.
    const instrument = kind === 'music' ? instrumentOf(goal.text, loc.lang) : null
    const technique = instrument ? techniqueOf(instrument, loc.lang) : t('stu.music.technique')
    const focuses = practiceFocuses(kind === 'coding' ? CODING : kind === 'music' ? MUSIC : SKILL, topic, loc, technique)
    const sessions = practiceSessions(input, {
      prefix: instrument ? practicePrefix(instrument, loc.lang) : t('stu.prefix.practice'),
      dose1: m1,
      dose2: m2,
      minutes: (m) => m + overhead,
      unit: (m) => t('stu.unit.min', { n: m }),
      focuses,
    })
    const milestones = steps(kind === 'coding' ? 'code' : kind === 'music' ? 'music' : 'skill', ctx, loc, { topic })
    const note = deadlineNote(ctx, milestones, topic, loc)
    return {
      baseline: instrument
        ? instrumentBaseline(instrument, goal.text, ctx, input.cue, loc)
        : skillBaseline(kind, ctx, input.cue, topic, loc),
      sessions,
      recovery: recovery(kind, budget, loc),
      midReview: midReview(input, t('stu.mid.practice.what'), t('stu.mid.practice.metric')),
      finalReview: {
        title: t('stu.final.practice.title'),
        description: sentences(
          t(kind === 'music' ? 'stu.final.practice.recording' : 'stu.final.practice.test', {
            duration: loc.duration(Math.min(budget, 20)),
          }),
          t('stu.final.practice.b')
        ),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      milestones,
      notes: note ? [note] : [],
    }
  },
}

// Exam focuses (`stu.ex.<id>.title|does`); `block_part` is the study block before the questions, empty when none fits.
const EXAM_FOCUSES = ['weak', 'timed', 'cards', 'mixed', 'teach', 'past'] as const

function examPlan(input: DomainInput, topic: string) {
  const { ctx, cue, loc } = input
  const t = (id: string, params?: Params) => loc.t(id, params).text
  const budget = ctx.minutesPerDay
  // About a minute per question plus 3 minutes of closed-book recall; the rest is study.
  const recall = budget >= 15 ? 3 : 1
  const q1 = Math.max(1, Math.min(QUESTIONS[ctx.level], Math.floor(((budget - recall) * Q_SHARE[ctx.level]) / 1.15)))
  const q2 = ramp(q1)
  const block = Math.max(0, budget - recall - q2)
  const focuses: Focus[] = EXAM_FOCUSES.map((id) => ({
    title: t(`stu.ex.${id}.title`),
    does: (q) =>
      t(`stu.ex.${id}.does`, {
        q,
        recall: loc.duration(recall),
        block_part: block ? t(`stu.ex.${id}.block`, { block: loc.duration(block) }) : '',
      }),
  }))
  const sessions = practiceSessions(input, {
    prefix: t('stu.prefix.study'),
    dose1: q1,
    dose2: q2,
    minutes: (q) => block + recall + q,
    unit: (q) => t(q === 1 ? 'stu.unit.q.one' : 'stu.unit.q.other', { n: q }),
    focuses,
  })
  const milestones = examMilestones(ctx, loc)
  const note = deadlineNote(ctx, milestones, t('stu.goal.examday'), loc)
  return {
    baseline: {
      title: t('stu.exam.base.title'),
      description: sentences(t('stu.exam.base.a', { cue, topic }), t('stu.exam.base.b', { n: Math.min(20, Math.max(5, budget - 10)) })),
      minutes: budget,
      load: 0,
    },
    sessions,
    recovery: recovery('exam', budget, loc),
    midReview: midReview(input, t('stu.mid.exam.what'), t('stu.mid.exam.metric')),
    finalReview: {
      title: t('stu.exam.final.title'),
      description: sentences(t('stu.exam.final.a', { duration: loc.duration(budget) }), t('stu.exam.final.b')),
      minutes: budget,
      load: 0,
    },
    milestones,
    notes: note ? [note] : [],
  }
}

function examMilestones(ctx: Context, loc: Loc): Step[] {
  const m = ctx.minutesPerDay
  const t = (id: string, params?: Params) => loc.t(id, params).text
  const cycles = ctx.deadlineWeeks ? Math.max(1, Math.min(8, Math.ceil(ctx.deadlineWeeks / 2) - 1)) : 4
  const out: Step[] = []
  for (let c = 0; c < cycles - 1; c++) {
    const phase = c / Math.max(1, cycles - 1)
    out.push(
      phase < 0.5
        ? {
            title: t('stu.ms.cover.title', { round: c ? t('stu.ms.cover.round', { n: c + 1 }) : '' }),
            description: t('stu.ms.cover.text'),
            minutes: m,
            load: 0,
          }
        : {
            title: t('stu.ms.paper.title', { num: c ? t('stu.ms.paper.num', { n: c }) : '' }),
            description: t('stu.ms.paper.text'),
            minutes: m,
            load: 0,
          }
    )
  }
  out.push({ title: t('stu.ms.exam.title'), description: t('stu.ms.exam.text'), minutes: m, load: 0 })
  return out
}

// Practice focuses per kind (`stu.<kind>.<id>.title|does`); `{short}`/`{rest}` split the music warm-up from the rest.
const CODING = ['lesson', 'exercise', 'feature', 'read', 'debug', 'tests'].map((id) => `code.${id}`)
const MUSIC = ['slow', 'section', 'record', 'drill', 'through', 'ear'].map((id) => `music.${id}`)
const SKILL = ['drill', 'feedback', 'technique', 'attempt', 'mistakes', 'teach'].map((id) => `skill.${id}`)

function practiceFocuses(ids: string[], topic: string, loc: Loc, technique: string): Focus[] {
  return ids.map((id) => ({
    title: loc.t(`stu.${id}.title`).text,
    does: (m: number) =>
      loc.t(`stu.${id}.does`, {
        duration: loc.duration(m),
        topic,
        technique,
        warm: loc.duration(m >= 10 ? 5 : 1),
        rest: loc.duration(m >= 10 ? m - 5 : m - 1),
      }).text,
  }))
}

/**
 * Day 1 on a named instrument: a beginner's first lesson of its family (instruments.json), a
 * player who is past it or names a performance ("my piano recital") records where they are.
 */
function instrumentBaseline(instrument: Instrument, goal: string, ctx: Context, cue: string, loc: Loc): Step {
  const minutes = Math.min(ctx.minutesPerDay, 20)
  if (ctx.level !== 'beginner' || namesPerformance(goal)) {
    const t = (id: string) => loc.t(id, { cue, duration: loc.duration(minutes) }).text
    return {
      title: t('stu.base.music.record.title'),
      description: sentences(t('stu.base.music.record.a'), t('stu.base.music.record.b')),
      minutes,
      load: 0,
    }
  }
  const lesson = firstLesson(instrument, loc.lang, cue)
  return { title: lesson.title, description: lesson.text, minutes, load: 0 }
}

function skillBaseline(kind: Subtype, ctx: Context, cue: string, topic: string, loc: Loc): Step {
  const t = (id: string, params?: Params) => loc.t(id, params).text
  const minutes = Math.min(ctx.minutesPerDay, 20)
  const id =
    kind === 'coding'
      ? ctx.level === 'beginner'
        ? 'code.new'
        : 'code.build'
      : kind === 'music'
        ? ctx.level === 'beginner'
          ? 'music.new'
          : 'music.record'
        : 'skill'
  const params = { cue, topic, duration: loc.duration(minutes) }
  return {
    title: t(`stu.base.${id}.title`),
    description: sentences(t(`stu.base.${id}.a`, params), t(`stu.base.${id}.b`)),
    minutes,
    load: 0,
  }
}

/** Later cycles (`stu.ms.<set>.<i>.title|text`, four each). */
function steps(set: 'code' | 'music' | 'skill', ctx: Context, loc: Loc, params: Params): Step[] {
  return [0, 1, 2, 3].map((i) => ({
    title: loc.t(`stu.ms.${set}.${i}.title`, params).text,
    description: loc.t(`stu.ms.${set}.${i}.text`, params).text,
    minutes: ctx.minutesPerDay,
    load: 0,
  }))
}

function recovery(kind: Subtype | 'exam', budget: number, loc: Loc): Step[] {
  const t = (id: string, params?: Params) => loc.t(id, params).text
  const music = kind === 'music'
  return [
    {
      title: t('stu.rec.recall.title'),
      description: t('stu.rec.recall.text', { duration: loc.duration(Math.min(budget, 10)) }),
      minutes: Math.min(budget, 10),
      load: 0,
    },
    {
      title: t(music ? 'stu.rec.listen.title' : 'stu.rec.expert.title'),
      description: t(music ? 'stu.rec.listen.text' : 'stu.rec.expert.text', { duration: loc.duration(Math.min(budget, 15)) }),
      minutes: Math.min(budget, 15),
      load: 0,
    },
  ]
}
