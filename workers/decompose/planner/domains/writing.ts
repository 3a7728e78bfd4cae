import { duration, sentences } from '../text'
import type { Context, Domain, DomainInput, Level, Step } from '../types'
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
  if (/\b(thesis|dissertation|paper|journal article|phd|literature review|grant)\b/.test(goal)) return 'academic'
  if (/\b(blog|newsletter|substack|articles?|essays?|posts?|column|non-?fiction|memoir|book proposal)\b/.test(goal)) return 'nonfiction'
  return 'fiction'
}

const WPM: Record<Level, number> = { beginner: 15, intermediate: 20, advanced: 25 }
const CAP: Record<Level, number> = { beginner: 300, intermediate: 600, advanced: 1000 }

function projectWords(goal: string, kind: Subtype): number {
  const m = /(\d[\d,.]{0,12})\s{0,3}(k)?\s{0,3}words/.exec(goal)
  if (m) return Math.round(Number(m[1].replace(/[,.]/g, '')) * (m[2] ? 1000 : 1))
  if (/short stor/.test(goal)) return 5000
  if (/poem|poetry|song/.test(goal)) return 3000
  if (kind === 'academic') return /thesis|dissertation/.test(goal) ? 60000 : 8000
  if (kind === 'nonfiction') return /book|memoir/.test(goal) ? 60000 : 12000
  return 80000
}

const FICTION: Focus[] = [
  { title: 'draft the next scene', does: (w) => `write ${w} new words of the next scene without editing or rereading.` },
  { title: 'character, then scene', does: (w) => `spend 5 minutes on what your main character wants in this scene, then write ${w} words of it.` },
  { title: 'outline, then draft', does: (w) => `list the next 5 scenes in a line each, then draft ${w} words of the first.` },
  { title: 'the scene you are avoiding', does: (w) => `write ${w} words of the scene you most want to skip; rough is fine.` },
  { title: 'dialogue first', does: (w) => `draft the next scene as dialogue only, ${w} words, and add the rest later.` },
  { title: 'read back, then draft', does: (w) => `read yesterday’s last page without fixing it, then write ${w} new words.` },
]

const NONFICTION: Focus[] = [
  { title: 'draft a piece', does: (w) => `draft ${w} words of your next piece from its one-line point, without editing.` },
  { title: 'idea list, then draft', does: (w) => `list 5 ideas for future pieces in a line each, then add ${w} words to the current draft.` },
  { title: 'headline and opening', does: (w) => `write 5 possible headlines and the opening paragraph, then continue to ${w} words.` },
  { title: 'edit aloud', does: (w) => `read your last draft aloud and cut what you stumble on, then write ${w} new words.` },
  { title: 'examples and sources', does: (w) => `add 1 concrete example or source to each section, writing ${w} words in all.` },
  { title: 'finish and publish', does: (w) => `finish the piece with ${w} words or fewer, do a final read-through and publish or send it.` },
]

const ACADEMIC: Focus[] = [
  { title: 'the section you know best', does: (w) => `write ${w} words of the section you know best, leaving [REF] gaps instead of stopping to look things up.` },
  { title: 'notes into prose', does: (w) => `turn your notes on 1 source into ${w} words of your own argument.` },
  { title: 'outline the chapter', does: (w) => `write a one-sentence point for each paragraph of the chapter, then draft ${w} words of the first.` },
  { title: 'revise yesterday', does: (w) => `revise yesterday’s paragraphs for 5 minutes, then write ${w} new words.` },
  { title: 'fill the reference gaps', does: (w) => `fill [REF] gaps from your notes, then write ${w} new words.` },
  { title: 'send a section', does: (w) => `tidy ${w} words into a readable section and send it to your supervisor or a peer with 1 question.` },
]

const ART: Focus[] = [
  { title: 'gesture sketches', does: (m) => `draw ${Math.max(2, Math.round(m / 2))} quick 1-minute gesture sketches, then spend the rest of ${duration(m)} on 1 longer study.` },
  { title: 'draw from life', does: (m) => `draw 1 object on your table from life for ${duration(m)}, looking at it more than at the paper.` },
  { title: 'copy a master', does: (m) => `copy a small part of an artwork you admire for ${duration(m)}, noting 1 choice the artist made.` },
  { title: 'shapes and values', does: (m) => `spend ${duration(m)} on 3 small thumbnail sketches in 3 tones only (light, mid, dark).` },
  { title: 'one fundamental', does: (m) => `practise 1 fundamental (perspective boxes, hands, or colour mixing) for ${duration(m)}.` },
  { title: 'a finished small piece', does: (m) => `make 1 small finished piece in ${duration(m)} and date it for your progress folder.` },
]

export const writing: Domain = {
  kind: 'writing',
  defaults: { minutesPerDay: 30, daysPerWeek: 5, anchor: 'morning' },
  cues: { morning: 'After breakfast, before opening email' },
  maxSessionsPerWeek: () => 6,
  retestOnDay14: false,
  plan(input: DomainInput) {
    const { ctx, cue, goal, shape } = input
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
      prefix: 'Session',
      dose1: words1,
      dose2: words2,
      minutes,
      unit: (w) => `${w} words`,
      focuses: kind === 'academic' ? ACADEMIC : kind === 'nonfiction' ? NONFICTION : FICTION,
    }).map((s) => ({ ...s, description: `${s.description} Log the word count.` }))
    const total = projectWords(goal.lower, kind)
    const perCycle = words2 * shape.sessionsPerWeek * 2
    const series = kind === 'nonfiction' && /\b(newsletter|blog|weekly|substack|column|posts?|articles?)\b/.test(goal.lower)
    const milestones = series ? seriesMilestones(ctx) : writingMilestones(kind, total, perCycle, ctx)
    const notes: string[] = []
    const cycles = Math.ceil(total / perCycle)
    if (!series && cycles > 8) {
      notes.push(`At about ${perCycle.toLocaleString('en-US')} words a cycle, a draft of ${total.toLocaleString('en-US')} words takes about ${cycles} two-week cycles; the later steps are checkpoints on that road, with the same daily slot between them.`)
    }
    const note = deadlineNote(ctx, milestones, 'a finished draft')
    if (note) notes.push(note)
    return {
      baseline: {
        title: 'Day 1: fix your slot and freewrite',
        description: sentences(
          `Choose a fixed time and place for writing, then, ${cue.charAt(0).toLowerCase() + cue.slice(1)}, freewrite for 10 minutes without stopping and count the words.`,
          `Write 1 paragraph on what the ${kind === 'academic' ? 'piece argues' : kind === 'nonfiction' ? 'piece or series is for' : 'story is about'} (${duration(Math.min(budget, 20))} in all).`
        ),
        minutes: Math.min(budget, 20),
        load: 0,
      },
      sessions,
      recovery: [
        { title: 'Off day: read like a writer', description: `Read ${duration(Math.min(budget, 20))} of a book in your genre and note 1 technique to borrow.`, minutes: Math.min(budget, 20), load: 0 },
        { title: 'Off day: collect ideas', description: 'Carry a notebook or phone note today and capture 3 lines, images or ideas; no drafting.', minutes: 5, load: 0 },
      ],
      midReview: midReview(input, 'writing sessions', `total your words against ${(words1 * (shape.week1 + 1)).toLocaleString('en-US')} planned`),
      finalReview: {
        title: 'Day 14: read back and set the next pace',
        description: sentences(
          `Read everything from the last 2 weeks in one go, marking but not fixing, and total the words (${duration(Math.min(budget, 30))}).`,
          `If you met the target on most days, raise it to about ${Math.round((words2 * 1.15) / 10) * 10} words next cycle; share 1 piece with a reader you trust.`
        ),
        minutes: Math.min(budget, 30),
        load: 0,
      },
      milestones,
      notes,
    }
  },
}

function writingMilestones(kind: Subtype, total: number, perCycle: number, ctx: Context): Step[] {
  const m = ctx.minutesPerDay
  // Cycle 1 writes one cycle's worth; checkpoints every `every` cycles after it, at most 6.
  const cycles = Math.max(2, Math.ceil(total / perCycle))
  const every = Math.max(1, Math.ceil((cycles - 1) / 6))
  const steps: Step[] = []
  for (let c = 1 + every; c < cycles; c += every) {
    const words = Math.min(total, perCycle * c)
    steps.push({
      title: `Draft at ${words.toLocaleString('en-US')} words`,
      description: `Keep the daily slot and the word target; about ${words.toLocaleString('en-US')} words in total by day ${14 * c}.`,
      minutes: m,
      load: words,
      day: 14 * c,
    })
  }
  steps.push({
    title: `Complete first draft: ${total.toLocaleString('en-US')} words`,
    description: 'Write the last sections even if they feel weak; a complete rough draft is easier to fix than a perfect half.',
    minutes: m,
    load: total,
    day: 14 * cycles,
  })
  steps.push({
    title: 'Revise: structure first, sentences last',
    description: kind === 'academic'
      ? 'Check each chapter’s argument against your research question, then fix paragraphs, then references.'
      : 'Read the whole draft, fix the big structure (order, missing or extra parts), then go through line by line.',
    minutes: m,
    load: total,
  })
  steps.push({
    title: kind === 'nonfiction' ? 'Goal: publish and keep a schedule' : kind === 'academic' ? 'Goal: submit' : 'Goal: a finished, revised draft',
    description: kind === 'academic'
      ? 'Send the revised draft to your supervisor and plan the changes with dates.'
      : 'Give the revised draft to 2–3 readers, then decide the next step: another draft, submission or publishing.',
    minutes: m,
    load: total,
  })
  return steps
}

/** A newsletter or blog is a schedule of finished pieces rather than one long draft. */
function seriesMilestones(ctx: Context): Step[] {
  const m = ctx.minutesPerDay
  return [
    { title: 'Publish piece 1', description: 'Finish, edit aloud and publish your first piece, then tell 10 people who might want to read it.', minutes: m, load: 0 },
    { title: 'Four pieces out on schedule', description: 'Publish on the same day each week for 4 weeks and keep 2 finished drafts in reserve for bad weeks.', minutes: m, load: 0 },
    { title: 'Ask readers what they want', description: 'Ask your readers 1 question about what they want more of and plan the next 4 pieces from the answers.', minutes: m, load: 0 },
    { title: 'Goal: 12 pieces on a steady schedule', description: 'Keep the weekly slot for 12 weeks in a row; by then publishing on schedule is a habit, not a push.', minutes: m, load: 0 },
  ]
}

function artPlan(input: DomainInput) {
  const { ctx, cue } = input
  const budget = ctx.minutesPerDay
  const share = { beginner: 0.55, intermediate: 0.7, advanced: 0.85 }[ctx.level]
  const m1 = Math.max(1, Math.min(Math.round((budget - 2) * share), Math.floor((budget - 2) / 1.15)))
  const m2 = Math.min(budget - 2, Math.max(m1 + 1, Math.round(m1 * 1.15)))
  const sessions = practiceSessions(input, { prefix: 'Session', dose1: m1, dose2: m2, minutes: (m) => m + 2, unit: (m) => `${m} min`, focuses: ART })
  const mm = Math.min(budget, 20)
  return {
    baseline: {
      title: 'Day 1: a baseline drawing',
      description: sentences(`${cue}, draw 1 object in front of you for ${duration(mm - 2)} and date it.`, 'Day 14 repeats the same drawing so you can compare.'),
      minutes: mm,
      load: 0,
    },
    sessions,
    recovery: [
      { title: 'Off day: look at art', description: `Spend ${duration(Math.min(budget, 15))} looking at work you admire and note 1 thing to try.`, minutes: Math.min(budget, 15), load: 0 },
      { title: 'Off day: sketch in the wild', description: 'Make 3 tiny sketches of people or things around you, under 1 minute each.', minutes: 5, load: 0 },
    ],
    midReview: midReview(input, 'sessions', 'lay the week’s drawings side by side and note 1 thing that improved'),
    finalReview: {
      title: 'Day 14: redraw the baseline and compare',
      description: sentences(`Draw the same object as on day 1 for the same time and put both side by side (${duration(mm)}).`, 'Pick 1 fundamental to focus on next cycle and add about 15% to session time if it felt manageable.'),
      minutes: mm,
      load: 0,
    },
    milestones: [
      { title: 'A sketchbook habit', description: 'Fill 20 pages with studies: 5 sessions a week, each dated.', minutes: budget, load: 0 },
      { title: 'One fundamental, clearly better', description: 'Focus half of each session on the fundamental you picked and compare the first and last pages.', minutes: budget, load: 0 },
      { title: 'A finished piece to share', description: 'Make 1 finished piece and show it to someone whose eye you trust, or post it.', minutes: budget, load: 0 },
      { title: 'Goal: a small portfolio', description: 'Gather your 10 best pieces from the cycles in one place and set the next theme.', minutes: budget, load: 0 },
    ] satisfies Step[],
    notes: [],
  }
}
