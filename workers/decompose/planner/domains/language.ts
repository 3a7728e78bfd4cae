import { LANGUAGES, NATIVE_SCRIPTS } from '../classify'
import { duration, plural, ramp, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
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
const SCRIPTS: Record<string, { name: string; size: string }> = {
  Japanese: { name: 'hiragana', size: '46 characters' },
  Korean: { name: 'hangul', size: '24 letters' },
  Russian: { name: 'the Cyrillic alphabet', size: '33 letters' },
  Ukrainian: { name: 'the Cyrillic alphabet', size: '33 letters' },
  Greek: { name: 'the Greek alphabet', size: '24 letters' },
  Arabic: { name: 'the Arabic alphabet', size: '28 letters' },
  Hebrew: { name: 'the Hebrew alphabet', size: '22 letters' },
  Hindi: { name: 'Devanagari', size: 'about 47 letters' },
  Persian: { name: 'the Persian alphabet', size: '32 letters' },
  Chinese: { name: 'pinyin and the 4 tones', size: 'about 400 syllables' },
  Thai: { name: 'the Thai script', size: '44 consonants' },
}

const CEFR_HOURS: Record<string, number> = { A1: 90, A2: 190, B1: 375, B2: 550, C1: 750, C2: 1000 }
const START_HOURS: Record<Level, number> = { beginner: 0, intermediate: 375, advanced: 550 }

const article = (level: string) => (/^A/.test(level) ? 'an' : 'a')

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

export const language: Domain = {
  kind: 'language',
  defaults: { minutesPerDay: 20, daysPerWeek: 6, anchor: 'morning' },
  cues: { morning: 'After your morning coffee' },
  maxSessionsPerWeek: () => 7,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, goal } = input
    const lang = languageOf(goal.lower)
    const script = ctx.level === 'beginner' ? SCRIPTS[lang] : undefined
    const budget = ctx.minutesPerDay
    // Review time grows with the number of new cards: about 1 minute per 3 cards plus 2 for reviews.
    const srs = (cards: number) => Math.ceil(cards / 3) + 2
    const cardCap = Math.floor(((budget - 2) * 3) / 1.15)
    const cards1 = Math.max(3, Math.min(NEW_CARDS[ctx.level], cardCap))
    const cards2 = Math.min(ramp(cards1), (budget - 2) * 3)
    const skill = (cards: number) => Math.max(0, Math.min(Math.round(budget * SKILL_SHARE[ctx.level]), budget - srs(cards)))
    const unit = script ? 'characters or words' : 'words'

    const focuses = FOCUSES(ctx.level, lang, unit)
    const sessions = practiceSessions(input, {
      prefix: 'Study',
      dose1: cards1,
      dose2: cards2,
      minutes: (c) => srs(c) + skill(c),
      unit: (c) => `${c} new ${script ? 'cards' : 'words'}`,
      focuses: focuses.map((f) => ({
        title: f.title,
        does: (c: number) =>
          skill(c) > 0
            ? `review your due cards and learn ${c} new ${unit} (${duration(srs(c))}), then ${f.does(skill(c))}`
            : `review your due cards and learn ${c} new ${unit} (${duration(srs(c))}); ${f.short}`,
        then: skill(cards1) > 0 ? f.then : undefined,
      })),
    })

    const target = targetLevel(goal.lower, ctx.level)
    const hoursPerWeek = (sessions.reduce((s, x) => s + x.minutes, 0) / 2 / 60) || budget / 60
    const milestones = languageMilestones(ctx, lang, target, hoursPerWeek, cards2, input.shape.sessionsPerWeek)
    const notes: string[] = []
    if (HARD.has(lang)) {
      notes.push(`${lang} is one of the languages the US Foreign Service Institute rates hardest for English speakers (about 2,200 class hours to professional level), so expect slower progress than with Spanish or French and keep the daily habit above all.`)
    }
    const hoursNeeded = Math.max(0, (CEFR_HOURS[target] ?? 375) - START_HOURS[ctx.level])
    if (ctx.deadlineWeeks !== null && hoursNeeded / hoursPerWeek > ctx.deadlineWeeks) {
      notes.push(
        `Reaching ${target} from your level takes roughly ${hoursNeeded} hours of study (Cambridge estimates); in ${plural(ctx.deadlineWeeks, 'week')} that is about ${Math.ceil(hoursNeeded / ctx.deadlineWeeks)} hours a week, against about ${hoursPerWeek.toFixed(1)} in this plan. Add time if you can, and aim the exam at the skills the practice test shows weakest.`
      )
    } else {
      const dl = deadlineNote(ctx, milestones, `${target} in ${lang}`)
      if (dl) notes.push(dl)
    }

    return {
      baseline: baseline(ctx, cue, lang, script, cards1, budget),
      sessions,
      recovery: recovery(lang, budget),
      midReview: midReview(input, 'study sessions', 'check what share of cards you recalled on the first try (aim for about 85–90%)'),
      finalReview: {
        title: 'Day 14: self-test and set the next dose',
        description: sentences(
          `Test yourself on 20 random cards from week 1 without hints and ${ctx.level === 'beginner' ? 'say your day-1 phrases again' : 'record the same 2-minute voice memo as on day 1 and compare'}.`,
          `If you recalled 17 or more, raise new cards to ${ramp(cards2)} a day next cycle; if fewer, keep ${cards2} and review more.`
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

function FOCUSES(level: Level, lang: string, unit: string): LangFocus[] {
  const audio = { beginner: 'a podcast or video made for beginners', intermediate: 'a podcast for learners', advanced: 'a native podcast or radio show' }[level]
  const reading = { beginner: 'a graded reader or a children’s picture book', intermediate: 'a graded reader or a short news article for learners', advanced: 'a news article or a chapter of a novel' }[level]
  const sentencesToWrite = { beginner: 3, intermediate: 6, advanced: 10 }[level]
  return [
    {
      title: 'listening',
      does: (m) => `listen to ${audio} in ${lang} for ${duration(m)} and write down 5 words you caught.`,
      short: 'then replay 1 minute of audio you already know.',
    },
    {
      title: 'speaking by shadowing',
      does: (m) => `spend ${duration(m)} shadowing a 1-minute audio clip: play, pause, repeat aloud, 3 times through.`,
      short: 'then say 3 of today’s words aloud in a sentence.',
      then: 'Finish by saying 3 sentences about your day out loud.',
    },
    {
      title: 'reading',
      does: (m) => `read ${reading} for ${duration(m)}, marking unknown words.`,
      short: 'then read 1 short paragraph aloud.',
      then: `Add the 5 most useful unknown ${unit} to your deck.`,
    },
    {
      title: 'grammar',
      does: (m) => `spend ${duration(m)} on the next grammar point of your course and write 5 example sentences with it.`,
      short: 'then write 1 sentence with today’s grammar point.',
    },
    {
      title: 'writing',
      does: (m) => `write ${sentencesToWrite} sentences about your day in ${lang} (${duration(m)}) and check them with a dictionary or a correction tool.`,
      short: 'then write 1 sentence about your day.',
    },
    {
      title: 'speaking practice',
      does: (m) => `record a voice memo answering 1 question about yourself (${duration(m)} with preparation) and listen back once.`,
      short: 'then say today’s new words aloud twice.',
      then: 'Note 1 thing you wanted to say but could not.',
    },
  ]
}

function baseline(ctx: Context, cue: string, lang: string, script: { name: string; size: string } | undefined, cards: number, budget: number): Step {
  const minutes = Math.min(budget, 20)
  if (ctx.level === 'beginner') {
    return {
      title: `Set up: deck, course and first ${cards} words`,
      description: sentences(
        `${cue}, install a spaced-repetition app (Anki or similar) or make a paper Leitner box, and choose 1 beginner course for ${lang}.`,
        script
          ? `Start ${script.name} (${script.size}): learn the first ${cards} and add them as cards.`
          : `Learn ${cards} first words (greetings and the numbers 1–10) and say 3 phrases aloud.`
      ),
      minutes,
      load: cards,
    }
  }
  return {
    title: 'Baseline: self-assessment and voice memo',
    description: sentences(
      `${cue}, rate yourself on the CEFR self-assessment grid for listening, reading, speaking and writing, and record a 2-minute voice memo about your week in ${lang}.`,
      'Day 14 repeats the memo so you can hear the difference.'
    ),
    minutes,
    load: 0,
  }
}

function languageMilestones(ctx: Context, lang: string, target: string, hoursPerWeek: number, cards: number, perWeek: number): Step[] {
  const words = (cycles: number) => Math.round((cycles * 2 * perWeek * cards) / 10) * 10
  const minutes = ctx.minutesPerDay
  const steps: Step[] = [
    {
      title: 'First real conversations',
      description: `Keep the daily deck (about ${words(2)} ${lang === 'the language' ? '' : `${lang} `}words learned by day 28) and have a 15-minute conversation once a week with a tutor or a language-exchange partner.`,
      minutes,
      load: words(2),
    },
    {
      title: 'Read a short text without a dictionary',
      description: `Finish 1 graded reader or 5 short articles at your level, looking up only words that block the meaning. Keep 1 conversation a week.`,
      minutes,
      load: words(3),
    },
    {
      title: 'Write 150 words and get them corrected',
      description: 'Write a 150-word text about something you did and have a native speaker or tutor correct it. Turn every correction into a card.',
      minutes,
      load: words(4),
    },
    {
      title: `Take ${article(target)} ${target} practice test`,
      description: `Take a free practice test at ${target} level under timed conditions and list the 3 weakest skills for the next cycles.`,
      minutes,
      load: words(5),
    },
  ]
  const hoursNeeded = Math.max(0, (CEFR_HOURS[target] ?? 375) - START_HOURS[ctx.level])
  const weeks = Math.ceil(hoursNeeded / Math.max(0.5, hoursPerWeek))
  steps.push({
    title: `Goal: ${target} in ${lang}`,
    description:
      hoursNeeded > 0
        ? `At about ${hoursPerWeek.toFixed(1)} hours a week, ${target} takes roughly ${plural(weeks, 'week')} of practice (Cambridge guided-learning-hour estimates, about ${CEFR_HOURS[target]} hours in total). Add a weekly conversation hour to get there sooner.`
        : `Keep the daily habit and one conversation a week, and take the official ${target} exam when practice tests pass comfortably.`,
    minutes,
    load: words(6),
  })
  return steps
}

function recovery(lang: string, budget: number): Step[] {
  return [
    {
      title: 'Light day: reviews only',
      description: `No new words today: clear your due cards only (about ${duration(Math.min(budget, 5))}). Reviews on time keep retention near 90%.`,
      minutes: Math.min(budget, 5),
      load: 0,
    },
    {
      title: 'Light day: something fun in the language',
      description: `Watch 1 short video or listen to 2 songs in ${lang} with subtitles in the language, for no more than ${duration(Math.min(budget, 15))}.`,
      minutes: Math.min(budget, 15),
      load: 0,
    },
    {
      title: 'Light day: label your home',
      description: 'Stick 5 notes with the words for things you use every day (fridge, door, cup) where you will see them.',
      minutes: 5,
      load: 0,
    },
  ]
}

