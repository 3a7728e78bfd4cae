import { LANGUAGES, NATIVE_SCRIPTS } from '../classify'
import { ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import type { Loc } from '../../locale/translate'
import { deadlineNote, midReview, practiceSessions } from './common'

/**
 * Language learning.
 *
 * Sources:
 * - Spacing effect (Cepeda et al. 2006, Psychological Bulletin meta-analysis) and the Leitner
 *   box: new words on cards reviewed at growing intervals; SRS apps target about 90% recall.
 * - Retrieval practice (Roediger & Karpicke 2006) and Dunlosky et al. 2013: practice testing
 *   and distributed practice are the two high-utility study techniques.
 * - Output hypothesis (Swain 1985): producing language (speaking, writing) exposes gaps, so
 *   every week has speaking and writing tasks, not just input.
 * - CEFR (Council of Europe 2001/2020) levels A1–C2 and its self-assessment grid.
 * - Cambridge English "guided learning hours": roughly A2 180–200, B1 350–400, B2 500–600,
 *   C1 700–800 cumulative hours.
 * - US Foreign Service Institute language categories: Spanish, French, Italian, Portuguese,
 *   Dutch and the Scandinavian languages about 600–750 class hours to professional working
 *   proficiency; German about 900; Arabic, Chinese, Japanese and Korean about 2,200.
 */
const HARD = new Set(['Arabic', 'Chinese', 'Cantonese', 'Japanese', 'Korean'])
// Languages whose script a beginner learns first; its name and size are `lang.script.<Language>.name|size`.
const SCRIPTS = new Set(['Japanese', 'Korean', 'Russian', 'Ukrainian', 'Greek', 'Arabic', 'Hebrew', 'Hindi', 'Persian', 'Chinese', 'Thai'])

const CEFR_HOURS: Record<string, number> = { A1: 90, A2: 190, B1: 375, B2: 550, C1: 750, C2: 1000 }
const START_HOURS: Record<Level, number> = { beginner: 0, intermediate: 375, advanced: 550 }

function languageOf(goal: string): string {
  for (const [re, name] of NATIVE_SCRIPTS) if (re.test(goal)) return name
  const names = Object.keys(LANGUAGES).sort((a, b) => b.length - a.length)
  for (const key of names) if (new RegExp(`\\b${key}\\b`).test(goal)) return LANGUAGES[key]
  return 'the language'
}

function targetLevel(goal: string, level: Level): string {
  const m = /\b([abc][12])\b/.exec(goal)
  if (m) return m[1].toUpperCase()
  if (/fluent|fluency|flie(ss|ß)end|courant|fluido/.test(goal)) return 'C1'
  if (/conversational|conversation|get by|travel|holiday|vacation/.test(goal)) return 'B1'
  return { beginner: 'A2', intermediate: 'B2', advanced: 'C1' }[level]
}

const NEW_CARDS: Record<Level, number> = { beginner: 8, intermediate: 12, advanced: 15 }
// Share of the daily time given to the skill block after the cards; beginners keep it shorter.
const SKILL_SHARE: Record<Level, number> = { beginner: 0.6, intermediate: 0.75, advanced: 0.85 }

type Params = Record<string, string | number>

/** One decimal always shown ("2.0 hours"), with the language's decimal mark. */
const fixed1 = (n: number, loc: Loc) => n.toFixed(1).replace('.', loc.t('num.decimal').text)

/** How the plan's language names the target language: "Spanish" / "espagnol", and the phrases built on it (`lang.*`). */
function names(lang: string, loc: Loc) {
  const known = lang !== 'the language'
  const name = known ? loc.t(`langname.${lang}`).text : lang
  const p = (id: string) => loc.t(known ? id : `${id}.unknown`, { lang: name }).text
  return { name, in: p('lang.in'), for: p('lang.for'), words: p('lang.words') }
}

export const language: Domain = {
  kind: 'language',
  // Every sentence is a message of locale/messages/<lang>.json (`lang.*`, language names `langname.*`).
  langs: ['en', 'fr', 'es', 'de'],
  defaults: { minutesPerDay: 20, daysPerWeek: 6, anchor: 'morning' },
  cues: { morning: 'lang.cue.morning' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, goal, loc } = input
    const t = (id: string, params?: Params) => loc.t(id, params).text
    const lang = languageOf(goal.lower)
    const n = names(lang, loc)
    const script = ctx.level === 'beginner' && SCRIPTS.has(lang)
    const budget = ctx.minutesPerDay
    // Review time grows with the number of new cards: about 1 minute per 3 cards plus 2 for reviews.
    const srs = (cards: number) => Math.ceil(cards / 3) + 2
    const cardCap = Math.floor(((budget - 2) * 3) / 1.15)
    const cards1 = Math.max(3, Math.min(NEW_CARDS[ctx.level], cardCap))
    const cards2 = Math.min(ramp(cards1), (budget - 2) * 3)
    const skill = (cards: number) => Math.max(0, Math.min(Math.round(budget * SKILL_SHARE[ctx.level]), budget - srs(cards)))
    const unit = t(script ? 'lang.unit.chars' : 'lang.unit.words')

    const focuses = FOCUSES(ctx.level, n.in, unit, loc)
    const sessions = practiceSessions(input, {
      prefix: t('lang.prefix'),
      dose1: cards1,
      dose2: cards2,
      minutes: (c) => srs(c) + skill(c),
      unit: (c) => t(script ? 'lang.title.cards' : 'lang.title.words', { n: c }),
      focuses: focuses.map((f) => ({
        title: f.title,
        does: (c: number) =>
          skill(c) > 0
            ? t('lang.session.then', { n: c, unit, srs: loc.duration(srs(c)), text: f.does(skill(c)) })
            : t('lang.session.short', { n: c, unit, srs: loc.duration(srs(c)), text: f.short }),
        then: skill(cards1) > 0 ? f.then : undefined,
      })),
    })

    const target = targetLevel(goal.lower, ctx.level)
    const hoursPerWeek = sessions.reduce((s, x) => s + x.minutes, 0) / 2 / 60 || budget / 60
    const milestones = languageMilestones(ctx, n, target, hoursPerWeek, cards2, input.shape.sessionsPerWeek, loc)
    const notes: string[] = []
    if (HARD.has(lang)) notes.push(t('lang.note.hard', { lang: n.name }))
    const hoursNeeded = Math.max(0, (CEFR_HOURS[target] ?? 375) - START_HOURS[ctx.level])
    if (ctx.deadlineWeeks !== null && hoursNeeded / hoursPerWeek > ctx.deadlineWeeks) {
      notes.push(
        t('lang.note.hours', {
          target,
          hours: hoursNeeded,
          weeks: t(ctx.deadlineWeeks === 1 ? 'unit.week.one' : 'unit.week.other', { n: ctx.deadlineWeeks }),
          per_week: Math.ceil(hoursNeeded / ctx.deadlineWeeks),
          plan: fixed1(hoursPerWeek, loc),
        })
      )
    } else {
      const dl = deadlineNote(ctx, milestones, t('lang.target', { target, in_lang: n.in }), loc)
      if (dl) notes.push(dl)
    }

    return {
      baseline: baseline(ctx, cue, n, lang, script, cards1, budget, loc),
      sessions,
      recovery: recovery(n, budget, loc),
      midReview: midReview(input, t('lang.mid.what'), t('lang.mid.metric')),
      finalReview: {
        title: t('lang.final.title'),
        description: sentences(
          t(ctx.level === 'beginner' ? 'lang.final.a.beginner' : 'lang.final.a.memo'),
          t('lang.final.b', { next: ramp(cards2), cards: cards2 })
        ),
        minutes: Math.min(budget, 15),
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

type LangFocus = { title: string; does: (minutes: number) => string; short: string; then?: string }
type Names = ReturnType<typeof names>

// Skill focuses (`lang.f.<id>.title|does|short|then`).
const FOCUS_IDS = ['listen', 'shadow', 'read', 'grammar', 'write', 'speak'] as const
const WITH_THEN = new Set(['shadow', 'read', 'speak'])

function FOCUSES(level: Level, inLang: string, unit: string, loc: Loc): LangFocus[] {
  const t = (id: string, params?: Params) => loc.t(id, params).text
  const audio = t(`lang.audio.${level}`)
  const reading = t(`lang.reading.${level}`)
  const sentencesToWrite = { beginner: 3, intermediate: 6, advanced: 10 }[level]
  return FOCUS_IDS.map((id) => ({
    title: t(`lang.f.${id}.title`),
    does: (m: number) => t(`lang.f.${id}.does`, { duration: loc.duration(m), audio, reading, in_lang: inLang, n: sentencesToWrite }),
    short: t(`lang.f.${id}.short`),
    then: WITH_THEN.has(id) ? t(`lang.f.${id}.then`, { unit }) : undefined,
  }))
}

function baseline(ctx: Context, cue: string, n: Names, lang: string, script: boolean, cards: number, budget: number, loc: Loc): Step {
  const t = (id: string, params?: Params) => loc.t(id, params).text
  const minutes = Math.min(budget, 20)
  if (ctx.level === 'beginner') {
    return {
      title: t('lang.base.new.title', { n: cards }),
      description: sentences(
        t('lang.base.new.a', { cue, for_lang: n.for }),
        script
          ? t('lang.base.new.script', { script: t(`lang.script.${lang}.name`), size: t(`lang.script.${lang}.size`), n: cards })
          : t('lang.base.new.words', { n: cards })
      ),
      minutes,
      load: cards,
    }
  }
  return {
    title: t('lang.base.memo.title'),
    description: sentences(t('lang.base.memo.a', { cue, in_lang: n.in }), t('lang.base.memo.b')),
    minutes,
    load: 0,
  }
}

function languageMilestones(
  ctx: Context,
  n: Names,
  target: string,
  hoursPerWeek: number,
  cards: number,
  perWeek: number,
  loc: Loc
): Step[] {
  const t = (id: string, params?: Params) => loc.t(id, params).text
  const words = (cycles: number) => Math.round((cycles * 2 * perWeek * cards) / 10) * 10
  const minutes = ctx.minutesPerDay
  const steps: Step[] = [
    { title: t('lang.ms.talk.title'), description: t('lang.ms.talk.text', { n: words(2), words: n.words }), minutes, load: words(2) },
    { title: t('lang.ms.read.title'), description: t('lang.ms.read.text'), minutes, load: words(3) },
    { title: t('lang.ms.write.title'), description: t('lang.ms.write.text'), minutes, load: words(4) },
    {
      title: t(/^A/.test(target) ? 'lang.ms.test.title.an' : 'lang.ms.test.title.a', { target }),
      description: t('lang.ms.test.text', { target }),
      minutes,
      load: words(5),
    },
  ]
  const hoursNeeded = Math.max(0, (CEFR_HOURS[target] ?? 375) - START_HOURS[ctx.level])
  const weeks = Math.ceil(hoursNeeded / Math.max(0.5, hoursPerWeek))
  steps.push({
    title: t('lang.ms.goal.title', { target, in_lang: n.in }),
    description:
      hoursNeeded > 0
        ? t('lang.ms.goal.hours', {
            per_week: fixed1(hoursPerWeek, loc),
            target,
            weeks: t(weeks === 1 ? 'unit.week.one' : 'unit.week.other', { n: weeks }),
            total: CEFR_HOURS[target],
          })
        : t('lang.ms.goal.keep', { target }),
    minutes,
    load: words(6),
  })
  return steps
}

function recovery(n: Names, budget: number, loc: Loc): Step[] {
  const t = (id: string, params?: Params) => loc.t(id, params).text
  return [
    {
      title: t('lang.rec.reviews.title'),
      description: t('lang.rec.reviews.text', { duration: loc.duration(Math.min(budget, 5)) }),
      minutes: Math.min(budget, 5),
      load: 0,
    },
    {
      title: t('lang.rec.fun.title'),
      description: t('lang.rec.fun.text', { in_lang: n.in, duration: loc.duration(Math.min(budget, 15)) }),
      minutes: Math.min(budget, 15),
      load: 0,
    },
    { title: t('lang.rec.label.title'), description: t('lang.rec.label.text'), minutes: 5, load: 0 },
  ]
}
