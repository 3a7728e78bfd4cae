import { duration, ramp, sentences, shorten } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
import { type Focus, deadlineNote, midReview, practiceSessions } from './common'

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
  if (/\b(exam|exams|test|certification|certified|certificate|pass|bar|cpa|cfa|gmat|gre|sat|mcat|lsat|aws|comptia|pmp|syllabus|revise|revision|finals|prüfung|examen)\b|试験|考试|資格|試験/.test(goal)) return 'exam'
  if (/\b(programming|coding|code|python|javascript|typescript|java|rust|golang|go lang|sql|excel|data science|machine learning|web development|developer|app)\b/.test(goal)) return 'coding'
  if (/\b(piano|guitar|violin|cello|drums|ukulele|bass|saxophone|flute|trumpet|sing|singing|instrument|music)\b/.test(goal)) return 'music'
  return 'skill'
}

const SHARE: Record<Level, number> = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }
const QUESTIONS: Record<Level, number> = { beginner: 8, intermediate: 12, advanced: 16 }
// Share of the session spent on questions (about a minute each); beginners study more first.
const Q_SHARE: Record<Level, number> = { beginner: 0.35, intermediate: 0.45, advanced: 0.55 }

function subject(goal: string, fallback: string): string {
  const m = /\b(?:learn|master|pass|study for|study|practise|practice|improve at|get better at|get good at)\s{1,3}(?:the\s{1,3}|my\s{1,3}|to\s{1,3}play\s{1,3}the\s{1,3}|to\s{1,3}play\s{1,3}|how\s{1,3}to\s{1,3})?([^,.;]{2,40})/i.exec(goal)
  return m ? shorten(m[1].trim(), 30) : fallback
}

export const study: Domain = {
  kind: 'study',
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'evening' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, goal } = input
    const kind = subtype(goal.lower)
    const budget = ctx.minutesPerDay
    const topic = subject(goal.text, { exam: 'the exam', coding: 'programming', music: 'your instrument', skill: goal.label }[kind])
    if (kind === 'exam') return examPlan(input, topic)

    const overhead = budget >= 10 ? 3 : 1
    const m1 = Math.max(1, Math.min(Math.round((budget - overhead) * SHARE[ctx.level]), Math.floor((budget - overhead) / 1.15)))
    const m2 = Math.min(budget - overhead, ramp(m1))
    const focuses = kind === 'coding' ? CODING : kind === 'music' ? MUSIC : SKILL(topic)
    const sessions = practiceSessions(input, {
      prefix: 'Practice',
      dose1: m1,
      dose2: m2,
      minutes: (m) => m + overhead,
      unit: (m) => `${m} min`,
      focuses,
    })
    const milestones = kind === 'coding' ? codingMilestones(ctx) : kind === 'music' ? musicMilestones(ctx) : skillMilestones(ctx, topic)
    const note = deadlineNote(ctx, milestones, topic)
    return {
      baseline: skillBaseline(kind, ctx, input.cue, topic),
      sessions,
      recovery: recovery(kind, budget),
      midReview: midReview(input, 'practice sessions', 'name the sub-skill that improved most and the one that still trips you up'),
      finalReview: {
        title: 'Day 14: repeat the baseline and compare',
        description: sentences(
          `Repeat day 1’s ${kind === 'music' ? 'recording' : 'test'} and compare it side by side (${duration(Math.min(budget, 20))}).`,
          'Pick the weakest sub-skill as the main focus of the next cycle and raise practice time by about 15% if this cycle felt manageable.'
        ),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      milestones,
      notes: note ? [note] : [],
    }
  },
}

function examPlan(input: DomainInput, topic: string) {
  const { ctx, cue } = input
  const budget = ctx.minutesPerDay
  // About a minute per question plus 3 minutes of closed-book recall; the rest is study.
  const recall = budget >= 15 ? 3 : 1
  const q1 = Math.max(1, Math.min(QUESTIONS[ctx.level], Math.floor(((budget - recall) * Q_SHARE[ctx.level]) / 1.15)))
  const q2 = ramp(q1)
  const block = Math.max(0, budget - recall - q2)
  const focuses: Focus[] = [
    { title: 'weakest topic', does: (q) => `${block ? `study your weakest (red) topic for ${duration(block)}, then ` : ''}close the book and write down everything you remember for ${duration(recall)}, then answer ${q} practice questions on it.` },
    { title: 'timed questions', does: (q) => `${block ? `review your notes on 1 amber topic for ${duration(block)}, then ` : ''}answer ${q} practice questions against the clock and write why each wrong answer was wrong.` },
    { title: 'cards from mistakes', does: (q) => `turn your recent mistakes into flashcards${block ? ` and review all due cards (${duration(block)})` : ''}, then answer ${q} fresh questions.` },
    { title: 'mixed topics', does: (q) => `${block ? `skim 3 different topics for ${duration(block)}, then ` : ''}answer ${q} questions mixed across them; mixing topics feels harder and sticks better.` },
    { title: 'teach it back', does: (q) => `explain 1 topic aloud as if teaching a friend${block ? ` for ${duration(block)}` : ''}, fill the gaps you hit, then answer ${q} questions on it.` },
    { title: 'past-paper section', does: (q) => `${block ? `spend ${duration(block)} on 1 timed section of a past paper, then ` : ''}mark it and redo ${q} questions you got wrong or guessed.` },
  ]
  const sessions = practiceSessions(input, {
    prefix: 'Study',
    dose1: q1,
    dose2: q2,
    minutes: (q) => block + recall + q,
    unit: (q) => `${q} questions`,
    focuses,
  })
  const milestones = examMilestones(ctx)
  const note = deadlineNote(ctx, milestones, 'exam day')
  return {
    baseline: {
      title: 'Day 1: map the syllabus and take a diagnostic',
      description: sentences(
        `${cue}, get the official syllabus or exam outline for ${topic} and list every topic.`,
        `Answer a short diagnostic (${Math.min(20, Math.max(5, budget - 10))} questions or 1 timed section) and mark each topic red, amber or green.`
      ),
      minutes: budget,
      load: 0,
    },
    sessions,
    recovery: recovery('exam', budget),
    midReview: midReview(input, 'study sessions', 'recolour each topic red, amber or green from your practice scores'),
    finalReview: {
      title: 'Day 14: second diagnostic and next priorities',
      description: sentences(
        `Take a fresh diagnostic of the same length as day 1 and compare the scores topic by topic (${duration(budget)}).`,
        'Put the 3 weakest topics first in the next cycle and keep practice questions in every session.'
      ),
      minutes: budget,
      load: 0,
    },
    milestones,
    notes: note ? [note] : [],
  }
}

function examMilestones(ctx: Context): Step[] {
  const m = ctx.minutesPerDay
  const cycles = ctx.deadlineWeeks ? Math.max(1, Math.min(8, Math.ceil(ctx.deadlineWeeks / 2) - 1)) : 4
  const steps: Step[] = []
  for (let c = 0; c < cycles - 1; c++) {
    const phase = c / Math.max(1, cycles - 1)
    steps.push(
      phase < 0.5
        ? {
            title: `Cover every topic once${c ? ` (round ${c + 1})` : ''}`,
            description: 'Work through the remaining red and amber topics with recall and questions each session, until none is left untouched.',
            minutes: m,
            load: 0,
          }
        : {
            title: `Full timed practice paper${c ? ` #${c}` : ''}`,
            description: 'Sit 1 complete past paper under exam conditions each week, mark it honestly and spend the other sessions on the topics that lost marks.',
            minutes: m,
            load: 0,
          }
    )
  }
  steps.push({
    title: 'Exam: light review, sleep and sit it',
    description: 'In the last 3 days, only review your flashcards and summary sheets, sleep 7 hours or more, and plan the route and kit for the day.',
    minutes: m,
    load: 0,
  })
  return steps
}

const CODING: Focus[] = [
  { title: 'one lesson, typed out', does: (m) => `work through 1 lesson of your course for ${duration(m)}, typing every example yourself instead of copying.` },
  { title: 'solve an exercise', does: (m) => `solve 1 small exercise (a kata or a course problem) in ${duration(m)}, without looking at the solution for the first 10 minutes.` },
  { title: 'build a feature', does: (m) => `add 1 small feature to your practice project in ${duration(m)} and commit it with a clear message.` },
  { title: 'read and explain code', does: (m) => `read a short piece of someone else’s code for ${duration(m)} and write a comment explaining each block.` },
  { title: 'debug and tidy', does: (m) => `spend ${duration(m)} fixing 1 bug or tidying 1 messy function in your project, running it after every change.` },
  { title: 'write tests', does: (m) => `write tests for the code you wrote this week (${duration(m)}), one for each case that could break.` },
]

const MUSIC: Focus[] = [
  { title: 'slow practice of hard bars', does: (m) => `warm up with scales for ${duration(m >= 10 ? 5 : 1)}, then spend ${duration(m >= 10 ? m - 5 : m - 1)} on the 2 hardest bars of your piece with a metronome, 4 bpm faster only after 3 clean runs.` },
  { title: 'learn a new section', does: (m) => `learn the next 4–8 bars of your piece for ${duration(m)}, hands separately first if you play a keyboard.` },
  { title: 'record and listen', does: (m) => `practise for ${duration(m)}, then record 1 minute and listen back for 1 thing to fix.` },
  { title: 'technique drill', does: (m) => `spend ${duration(m)} on 1 technique exercise (scales, chord changes or arpeggios) at a tempo you can keep clean.` },
  { title: 'play it through', does: (m) => `play the whole piece through without stopping for mistakes, then spend the rest of ${duration(m)} on the bars that slipped.` },
  { title: 'ear and reading', does: (m) => `spend ${duration(m)} sight-reading 1 easy new piece or playing a simple tune by ear.` },
]

function SKILL(topic: string): Focus[] {
  return [
    { title: 'drill the weakest part', does: (m) => `pick the weakest sub-skill of ${topic} and drill it for ${duration(m)}, slowly enough to do it right.` },
    { title: 'practise with feedback', does: (m) => `practise ${topic} for ${duration(m)} and record or photograph your attempt to compare with a good example.` },
    { title: 'learn one technique', does: (m) => `learn 1 technique from a good teacher, book or video, then try it 10 times (${duration(m)} in all).` },
    { title: 'a full attempt', does: (m) => `spend ${duration(m)} on 1 complete, real piece of ${topic} (a whole game, a whole piece of work) and note the moment it went wrong.` },
    { title: 'review your mistakes', does: (m) => `spend ${duration(m)} going through your last attempts and write the 3 most common mistakes with 1 fix each.` },
    { title: 'teach it', does: (m) => `explain or show 1 thing you learned to someone (or to a voice memo) for ${duration(m)}, filling gaps you notice.` },
  ]
}

function skillBaseline(kind: Subtype, ctx: Context, cue: string, topic: string): Step {
  const minutes = Math.min(ctx.minutesPerDay, 20)
  if (kind === 'coding') {
    return {
      title: ctx.level === 'beginner' ? 'Day 1: set up and run your first program' : 'Day 1: a timed mini-build',
      description:
        ctx.level === 'beginner'
          ? sentences(`${cue}, install what your course needs, run a hello-world program, and choose 1 beginner course.`, 'Write down 1 tiny project idea you will build by day 56.')
          : sentences(`${cue}, build the smallest useful program you can in ${duration(minutes)} and list every point where you had to look something up.`, 'That list is your practice plan.'),
      minutes,
      load: 0,
    }
  }
  if (kind === 'music' && ctx.level === 'beginner') {
    return {
      title: 'Day 1: tune up and learn your first 2 chords',
      description: sentences(
        `${cue}, tune your instrument with a tuner app, learn how to hold it, and learn the first 2 chords or notes of your course.`,
        'Record 30 seconds of them and choose 1 simple song as your target for the next 8 weeks.'
      ),
      minutes,
      load: 0,
    }
  }
  if (kind === 'music') {
    return {
      title: 'Day 1: record where you are',
      description: sentences(
        `${cue}, record yourself playing 1 minute of a piece or scale you know, and note the metronome tempo at which it stays clean.`,
        'Choose 1 target piece for the next 8 weeks.'
      ),
      minutes,
      load: 0,
    }
  }
  return {
    title: 'Day 1: test where you are',
    description: sentences(
      `${cue}, spend ${duration(minutes)} on ${topic} the way you usually would and write down what you can already do and what you cannot.`,
      'Choose 1 teacher, book or course to follow.'
    ),
    minutes,
    load: 0,
  }
}

function codingMilestones(ctx: Context): Step[] {
  const m = ctx.minutesPerDay
  return [
    { title: 'Finish the first part of your course', description: 'Complete the course’s first section with every exercise typed and run, and keep a list of questions.', minutes: m, load: 0 },
    { title: 'Build a tiny project end to end', description: 'Finish 1 small program that does something useful for you, even if it is rough.', minutes: m, load: 0 },
    { title: 'Share it and get a code review', description: 'Put the project online (GitHub or similar) and ask 1 more experienced programmer for feedback.', minutes: m, load: 0 },
    { title: 'Goal: a second project on your own', description: 'Build a second project without a tutorial, looking up only what you need.', minutes: m, load: 0 },
  ]
}

function musicMilestones(ctx: Context): Step[] {
  const m = ctx.minutesPerDay
  return [
    { title: 'Target piece at 75% tempo, clean', description: 'Play the whole target piece at three quarters of its tempo without stopping, 3 times in a row.', minutes: m, load: 0 },
    { title: 'Target piece at full tempo', description: 'Raise the metronome 4 bpm at a time, only after 3 clean run-throughs.', minutes: m, load: 0 },
    { title: 'Play it for someone', description: 'Play the piece for 1 person or record a take you are happy to share.', minutes: m, load: 0 },
    { title: 'Goal: a second piece, learned faster', description: 'Choose a slightly harder piece and use the same slow-practice method.', minutes: m, load: 0 },
  ]
}

function skillMilestones(ctx: Context, topic: string): Step[] {
  const m = ctx.minutesPerDay
  return [
    { title: 'Fix the first weakness', description: `Spend half of every session on the weakest part of ${topic} until it stops being the weakest.`, minutes: m, load: 0 },
    { title: 'Get feedback from someone better', description: 'Show your work to a teacher, coach or experienced practitioner and act on their top suggestion.', minutes: m, load: 0 },
    { title: 'A real-world test', description: `Put ${topic} to real use (a match, a performance, a real project) and review it afterwards with your mistakes list.`, minutes: m, load: 0 },
    { title: `Goal: ${topic}, at the level you set on day 1`, description: 'Repeat the day-1 test and compare; set the next level if you reached this one.', minutes: m, load: 0 },
  ]
}

function recovery(kind: Subtype | 'exam', budget: number): Step[] {
  return [
    {
      title: 'Light day: 10-minute recall',
      description: `No new material: write down from memory what you covered this week for ${duration(Math.min(budget, 10))}, then check your notes for gaps.`,
      minutes: Math.min(budget, 10),
      load: 0,
    },
    {
      title: kind === 'music' ? 'Light day: listen actively' : 'Light day: watch an expert',
      description:
        kind === 'music'
          ? `Listen to 2 recordings of your piece by good players (${duration(Math.min(budget, 15))}) and note 1 thing to copy.`
          : `Watch or read 1 piece by an expert on what you are learning (${duration(Math.min(budget, 15))}) and note 1 idea to try.`,
      minutes: Math.min(budget, 15),
      load: 0,
    },
  ]
}
