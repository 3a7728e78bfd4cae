import READINGS from '../context/readings.json'
import { sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { type Focus, deadlineNote, midReview, practiceSessions } from './common'

/**
 * Writing and other creative work (drawing, painting, songwriting).
 *
 * Sources:
 * - Boice 1990 (Professors as Writers): brief daily sessions produced several times more
 *   pages than occasional binges; Silvia 2007 (How to Write a Lot): a fixed writing slot.
 * - Freewriting (Elbow 1973, Writing Without Teachers): timed writing without editing.
 * - NaNoWriMo's 1,667 words a day (50,000 in 30 days) as an upper reference; commercial
 *   novels commonly run 70,000–90,000 words.
 * - Drafting speed: the plan assumes about 15 (beginner), 20 (intermediate) and 25
 *   (advanced) words a minute of drafting and checks it against day 1’s freewrite.
 * - Timed gesture drawing (short poses, many repetitions) is the standard drawing warm-up.
 */
type Subtype = 'fiction' | 'nonfiction' | 'academic' | 'art'

function subtype(goal: string): Subtype {
  if (/\b(draw|drawing|sketch\w{0,24}|paint|painting|illustrat\w{0,24}|comic|watercolou?r|art)\b|絵/.test(goal)) return 'art'
  if (
    /\b(thesis|dissertation|paper|journal article|phd|literature review|grant|tesis|doktorarbeit|dissertation|masterarbeit|bachelorarbeit|abschlussarbeit)\b|th[èe]se|mémoire de|tfg|tfm/.test(
      goal
    )
  )
    return 'academic'
  if (
    /\b(blog|newsletter|substack|articles?|essays?|posts?|column|non-?fiction|memoir|book proposal|artículos?|art[íi]culos?|artikel|essais?|ensayos?|memorias|sachbuch)\b|mémoires/.test(
      goal
    )
  )
    return 'nonfiction'
  return 'fiction'
}

const WPM: Record<Level, number> = { beginner: 15, intermediate: 20, advanced: 25 }
const CAP: Record<Level, number> = { beginner: 300, intermediate: 600, advanced: 1000 }

const WORDS_PER_PAGE = READINGS.quantities.words_per_page.value

function statedLength(ctx: Context): { words: number; pages?: number } | null {
  const words = ctx.facts.find((f) => f.field === 'words' && typeof f.value === 'number' && f.value >= 100)
  if (words) return { words: words.value as number }
  const pages = ctx.facts.find((f) => f.field === 'pages' && typeof f.value === 'number' && f.value >= 1 && f.value <= 2000)
  return pages ? { words: (pages.value as number) * WORDS_PER_PAGE, pages: pages.value as number } : null
}

function projectWords(goal: string, kind: Subtype): number {
  const m = /(\d[\d,.]{0,12})\s{0,3}(k)?\s{0,3}words/.exec(goal)
  if (m) return Math.round(Number(m[1].replace(/[,.]/g, '')) * (m[2] ? 1000 : 1))
  if (/short stor/.test(goal)) return 5000
  if (/poem|poetry|song/.test(goal)) return 3000
  if (kind === 'academic') return /thesis|dissertation/.test(goal) ? 60000 : 8000
  if (kind === 'nonfiction') return /book|memoir/.test(goal) ? 60000 : 12000
  return 80000
}

// Focus ids per kind (`wri.<kind>.<id>.title|does` in locale/messages/<lang>.json), in turn.
const FOCUS_IDS = {
  fic: ['scene', 'character', 'outline', 'avoid', 'dialogue', 'readback'],
  non: ['piece', 'ideas', 'headline', 'aloud', 'sources', 'publish'],
  aca: ['known', 'notes', 'outline', 'revise', 'refs', 'send'],
  art: ['gesture', 'life', 'master', 'values', 'fundamental', 'finished'],
}

function wordFocuses(group: 'fic' | 'non' | 'aca', loc: Loc): Focus[] {
  return FOCUS_IDS[group].map((id) => ({
    title: loc.t(`wri.${group}.${id}.title`).text,
    does: (w: number) => loc.t(`wri.${group}.${id}.does`, { w }).text,
  }))
}

function artFocuses(loc: Loc): Focus[] {
  return FOCUS_IDS.art.map((id) => ({
    title: loc.t(`wri.art.${id}.title`).text,
    does: (m: number) => loc.t(`wri.art.${id}.does`, { n: Math.max(2, Math.round(m / 2)), duration: loc.duration(m) }).text,
  }))
}

export const writing: Domain = {
  kind: 'writing',
  // Every sentence is a message of locale/messages/<lang>.json (`wri.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'morning' },
  cues: { morning: 'wri.cue.morning' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, goal, shape, loc } = input
    const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
    const kind = subtype(goal.lower)
    const budget = ctx.minutesPerDay
    if (kind === 'art') return artPlan(input)
    const wpm = WPM[ctx.level]
    // Whole tens (fives for very short sessions) keep targets easy to read.
    const step = (n: number) => (n < 100 ? 5 : 10)
    const round = (n: number) => Math.max(5, Math.floor(n / step(n)) * step(n))
    const words1 = round(Math.min(CAP[ctx.level], ((budget - 3) * wpm) / 1.2))
    const words2 = Math.max(words1 + step(words1), round(words1 * 1.15))
    const minutes = (w: number) => Math.ceil(w / wpm) + 3
    const sessions = practiceSessions(input, {
      prefix: t('wri.prefix'),
      dose1: words1,
      dose2: words2,
      minutes,
      unit: (w) => t('wri.unit.words', { n: w }),
      focuses: wordFocuses(kind === 'academic' ? 'aca' : kind === 'nonfiction' ? 'non' : 'fic', loc),
    }).map((s) => ({ ...s, description: `${s.description} ${t('wri.log')}` }))
    // A length stated in the context keeps its unit (issue 31 §2): words as words, pages paced at
    // the convention of readings.json and said so, never a default length.
    const stated = statedLength(ctx)
    const total = stated?.words ?? projectWords(goal.lower, kind)
    const perCycle = words2 * shape.sessionsPerWeek * 2
    const series = kind === 'nonfiction' && /\b(newsletter|blog|weekly|substack|column|posts?|articles?)\b/.test(goal.lower)
    const milestones = series ? seriesMilestones(ctx, loc) : writingMilestones(kind, total, perCycle, ctx, loc)
    const notes: string[] = []
    if (stated?.pages)
      notes.push(t('wri.note.pages', { pages: loc.int(stated.pages), words: loc.int(stated.words), per_page: WORDS_PER_PAGE }))
    const cycles = Math.ceil(total / perCycle)
    if (!series && cycles > 8) {
      notes.push(t('wri.note.cycles', { per: loc.int(perCycle), total: loc.int(total), cycles }))
    }
    const note = deadlineNote(ctx, milestones, t('wri.goal.draft'), loc)
    if (note) notes.push(note)
    return {
      baseline: {
        title: t('wri.base.title'),
        description: sentences(
          t('wri.base.slot', { cue_lower: cue.charAt(0).toLowerCase() + cue.slice(1) }),
          t(`wri.base.para.${kind === 'academic' ? 'academic' : kind === 'nonfiction' ? 'nonfiction' : 'fiction'}`, {
            duration: loc.duration(Math.min(budget, 20)),
          })
        ),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      sessions,
      recovery: [
        {
          title: t('wri.rec.read.title'),
          description: t('wri.rec.read.text', { duration: loc.duration(Math.min(budget, 20)) }),
          minutes: Math.min(budget, 20),
          load: 0,
        },
        { title: t('wri.rec.ideas.title'), description: t('wri.rec.ideas.text'), minutes: 5, load: 0 },
      ],
      midReview: midReview(input, t('wri.mid.what'), t('wri.mid.metric', { n: loc.int(words1 * (shape.week1 + 1)) })),
      finalReview: {
        title: t('wri.final.title'),
        description: sentences(
          t('wri.final.read', { duration: loc.duration(Math.min(budget, 30)) }),
          t('wri.final.raise', { n: Math.round((words2 * 1.15) / 10) * 10 })
        ),
        minutes: Math.min(budget, 30),
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function writingMilestones(kind: Subtype, total: number, perCycle: number, ctx: Context, loc: Loc): Step[] {
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const m = ctx.minutesPerDay
  // Cycle 1 writes one cycle's worth; checkpoints every `every` cycles after it, at most 6.
  const cycles = Math.max(2, Math.ceil(total / perCycle))
  const every = Math.max(1, Math.ceil((cycles - 1) / 6))
  const steps: Step[] = []
  for (let c = 1 + every; c < cycles; c += every) {
    const words = Math.min(total, perCycle * c)
    steps.push({
      title: t('wri.ms.at.title', { n: loc.int(words) }),
      description: t('wri.ms.at.text', { n: loc.int(words), day: 14 * c }),
      minutes: m,
      load: words,
      day: 14 * c,
    })
  }
  steps.push({
    title: t('wri.ms.complete.title', { n: loc.int(total) }),
    description: t('wri.ms.complete.text'),
    minutes: m,
    load: total,
    day: 14 * cycles,
  })
  steps.push({
    title: t('wri.ms.revise.title'),
    description: t(kind === 'academic' ? 'wri.ms.revise.academic' : 'wri.ms.revise.other'),
    minutes: m,
    load: total,
  })
  const goalKind = kind === 'nonfiction' ? 'nonfiction' : kind === 'academic' ? 'academic' : 'fiction'
  steps.push({
    title: t(`wri.ms.goal.${goalKind}.title`),
    description: t(kind === 'academic' ? 'wri.ms.goal.academic.text' : 'wri.ms.goal.other.text'),
    minutes: m,
    load: total,
  })
  return steps
}

/** A newsletter or blog is a schedule of finished pieces rather than one long draft. */
function seriesMilestones(ctx: Context, loc: Loc): Step[] {
  const m = ctx.minutesPerDay
  return ['one', 'four', 'ask', 'goal'].map((id) => ({
    title: loc.t(`wri.ser.${id}.title`).text,
    description: loc.t(`wri.ser.${id}.text`).text,
    minutes: m,
    load: 0,
  }))
}

function artPlan(input: DomainInput) {
  const { ctx, cue, loc } = input
  const t = (id: string, params?: Record<string, string | number>) => loc.t(id, params).text
  const budget = ctx.minutesPerDay
  const share = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }[ctx.level]
  const m1 = Math.max(1, Math.min(Math.round((budget - 2) * share), Math.floor((budget - 2) / 1.15)))
  const m2 = Math.min(budget - 2, Math.max(m1 + 1, Math.round(m1 * 1.15)))
  const sessions = practiceSessions(input, {
    prefix: t('wri.prefix'),
    dose1: m1,
    dose2: m2,
    minutes: (m) => m + 2,
    unit: (m) => t('wri.unit.min', { n: m }),
    focuses: artFocuses(loc),
  })
  const mm = Math.min(budget, 20)
  const step = (id: string): Step => ({
    title: t(`wri.art.ms.${id}.title`),
    description: t(`wri.art.ms.${id}.text`),
    minutes: budget,
    load: 0,
  })
  return {
    baseline: {
      title: t('wri.art.base.title'),
      description: sentences(t('wri.art.base.draw', { cue, duration: loc.duration(mm - 2) }), t('wri.art.base.repeat')),
      minutes: mm,
      load: 0,
    },
    sessions,
    recovery: [
      {
        title: t('wri.art.rec.look.title'),
        description: t('wri.art.rec.look.text', { duration: loc.duration(Math.min(budget, 15)) }),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      { title: t('wri.art.rec.sketch.title'), description: t('wri.art.rec.sketch.text'), minutes: 5, load: 0 },
    ],
    midReview: midReview(input, t('wri.art.mid.what'), t('wri.art.mid.metric')),
    finalReview: {
      title: t('wri.art.final.title'),
      description: sentences(t('wri.art.final.draw', { duration: loc.duration(mm) }), t('wri.art.final.pick')),
      minutes: mm,
      load: 0,
    },
    milestones: [step('book'), step('fund'), step('share'), step('goal')],
    notes: [],
  }
}
