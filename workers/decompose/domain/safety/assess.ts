import { statesMinor } from './age'
import { blockedByCombinations, combinations } from './concepts'
import { blockedBy, BREAK, compileAll, CUES, hits, type Reading } from './cues'
import { readLexicon, type LexiconVerdict } from './lexicon'

/**
 * The screen's scoring rule over the cue classes of cues.json (documented in docs/decompose.md,
 * "Safety screen"). Plain data in, plain data out.
 *
 * Self-harm: each class adds its weight once (finality, departure and plan up to twice, for
 * two different phrases). Method, escalation, numbing, resolve and coping words are amplifiers: alone
 * they are ordinary words ("pills every night", "train again"), so they count only next to a
 * core cue (explicit, departure, plan, self-injury, finality) or when a method and numbing
 * come together ("the blade is the only thing that makes me feel something").
 */
const SH = CUES.self_harm
const WEIGHTS = SH.weights as Record<string, number>
const CORE = ['explicit', 'departure', 'plan', 'self_injury', 'self_injury_soft', 'finality'] as const
const AMPLIFIERS = ['method', 'escalation', 'numbing', 'resolve', 'coping'] as const
const TWICE = new Set(['finality', 'departure', 'plan'])
const SH_CUES = Object.fromEntries([...CORE, ...AMPLIFIERS].map((k) => [k, compileAll(SH[k])]))
const SH_NOT = compileAll(SH.not)

const HO = CUES.harm_to_others
const HO_EXPLICIT = compileAll(HO.explicit)
const HO_OUTCOME = compileAll(HO.outcome)
const HO_PERSON = compileAll(HO.person)
const HO_CAUSE = compileAll(HO.causative)
const HO_NOT = compileAll(HO.not)
const HO_WATCH = compileAll(HO.watch)
const HO_SECRETLY = compileAll(HO.secretly)

const MINOR_SUBSTANCE = compileAll(CUES.minor_substances.substance)

const MR = CUES.medication_restriction
const MR_INSULIN = compileAll(MR.insulin)
const MR_LITHIUM = compileAll(MR.lithium)
const MR_MEDICINE = compileAll(MR.medicine)
const MR_HISTORY = compileAll(MR.eating_history)
const MR_RESTRICTION = compileAll(MR.restriction)
const MR_NOT = compileAll(MR.not)
const CALORIE_WORDS = new Set(['calories', 'calorie', 'kcal', 'calorias', 'kalorien', 'cal', 'cals', 'calorie', 'kalorie'])

/** The medicine or history whose danger a restriction brings (cues.json `medication_restriction._sources`). */
type Medication = 'insulin' | 'lithium' | 'medicine' | 'eating-history'
export type SelfHarm = { score: number; level: 'none' | 'caution' | 'crisis'; cues: string[] }
export type Assessment = {
  selfHarm: SelfHarm
  harmToOthers: string[]
  minor: boolean
  minorSubstances: string[]
  /** The danger a restriction brings with this medication or history, or null. */
  medication: Medication | null
  /** Words inside a look-alike combination ("if someone overdoses"): the screen's phrase lists skip them too. */
  lookAlikeWords: Set<string>
  /** A story, course, history, another person or a game, and no death, method or injury word of the writer's own (lexicon.ts). */
  framedOnly: boolean
}

export function assess(r: Reading): Assessment {
  // Look-alike combinations ("if someone overdoses", "a way out of this project") block their words for every class.
  const lexicon = readLexicon(r)
  const lookAlike = union(blockedByCombinations(r, 'not'), lexicon.idioms)
  return {
    selfHarm: selfHarm(r, lookAlike, lexicon),
    harmToOthers: lexicon.harm ? [`lexicon:${lexicon.harm}`] : lexicon.harmFramed ? [] : harmToOthers(r),
    minor: statesMinor(r.raw),
    minorSubstances: [
      ...hits(r, MINOR_SUBSTANCE, new Set()).map((h) => h.cue),
      ...combinations(r, new Set(), MINOR_FAMILY).map((h) => h.id),
    ],
    medication: medication(r),
    lookAlikeWords: new Set([...lookAlike].map((i) => r.raw[i])),
    framedOnly: lexicon.framedOnly,
  }
}

const SELF_HARM_FAMILIES = new Set<string>([...CORE, ...AMPLIFIERS])
const HARM_FAMILY = new Set(['harm_to_others'])
const RESTRICTION_FAMILY = new Set(['restriction'])
const MINOR_FAMILY = new Set(['minor_substance'])

function union(a: Set<number>, b: Set<number>): Set<number> {
  return new Set([...a, ...b])
}

/**
 * The lexicon layer (lexicon.ts) is the sensitive one: a rule that holds is a crisis whatever
 * the phrase score. Its exclusion frames are the specific one: words only about a story, a
 * course, history, another person or a game are not the writer's crisis, whatever the score.
 */
function selfHarm(r: Reading, lookAlike: Set<number>, lexicon: LexiconVerdict): SelfHarm {
  if (lexicon.rule) {
    const scored = phraseScore(r, lookAlike)
    return { score: Math.max(scored.score, CUES.thresholds.crisis), level: 'crisis', cues: [`lexicon:${lexicon.rule}`, ...scored.cues] }
  }
  if (lexicon.framedOnly) return { score: 0, level: 'none', cues: [] }
  return phraseScore(r, lookAlike)
}

function phraseScore(r: Reading, lookAlike: Set<number>): SelfHarm {
  const blocked = union(blockedBy(r, SH_NOT), lookAlike)
  const found: Record<string, string[]> = {}
  for (const k of [...CORE, ...AMPLIFIERS]) found[k] = hits(r, SH_CUES[k], blocked).map((h) => h.cue)
  // Concept combinations add to their class like a cue of its list (concepts.json).
  for (const h of combinations(r, blocked, SELF_HARM_FAMILIES)) found[h.family].push(h.id)
  const classScore = (k: string) => WEIGHTS[k] * Math.min(found[k].length, TWICE.has(k) ? 2 : 1)
  const core = CORE.reduce((a, k) => a + classScore(k), 0)
  const pair = found.method.length > 0 && found.numbing.length > 0
  const amplifiers = core > 0 || pair ? AMPLIFIERS.reduce((a, k) => a + classScore(k), 0) : 0
  const score = core + amplifiers
  const t = CUES.thresholds
  const level = score >= t.crisis ? 'crisis' : score >= t.caution ? 'caution' : 'none'
  return { score, level, cues: Object.values(found).flat() }
}

/**
 * Harm to others: an explicit act (revenge, stalking, framing, isolating a partner); in one text,
 * watching or reading someone in secret; or a person, an outcome against them and a causative verb ("make my coworker quit", "get my
 * manager fired"): "my manager wants me to quit" has no causative and stays ordinary.
 */
function harmToOthers(r: Reading): string[] {
  const blocked = blockedBy(r, HO_NOT)
  const explicit = hits(r, HO_EXPLICIT, blocked)
  if (explicit.length) return explicit.map((h) => h.cue)
  const combined = combinations(r, blocked, HARM_FAMILY)
  if (combined.length) return combined.map((h) => h.id)
  for (const seg of segments(r)) {
    // Following, tracking or reading someone's messages in secret (stalking, coercive control).
    const secretly = hits(seg, HO_SECRETLY, blockedBy(seg, HO_NOT))
    if (secretly.length && hits(seg, HO_WATCH, new Set()).length) return secretly.map((h) => h.cue)
    const outcome = hits(seg, HO_OUTCOME, blockedBy(seg, HO_NOT))
    if (outcome.length && hits(seg, HO_PERSON, new Set()).length && hits(seg, HO_CAUSE, new Set()).length) return outcome.map((h) => h.cue)
  }
  return []
}

function medication(r: Reading): Assessment['medication'] {
  const blocked = blockedBy(r, MR_NOT)
  const restricts =
    hits(r, MR_RESTRICTION, blocked).length > 0 || veryLowCalories(r) || combinations(r, blocked, RESTRICTION_FAMILY).length > 0
  if (!restricts) return null
  // The most acute danger first: ketoacidosis and hypoglycaemia, then lithium toxicity.
  if (hits(r, MR_INSULIN, new Set()).length) return 'insulin'
  if (hits(r, MR_LITHIUM, new Set()).length) return 'lithium'
  if (hits(r, MR_HISTORY, new Set()).length) return 'eating-history'
  if (hits(r, MR_MEDICINE, new Set()).length) return 'medicine'
  return null
}

/** "600 calories a day", "under 800 kcal": below 1,000 a day is a very-low-calorie diet (NICE CG189 1.7). */
function veryLowCalories(r: Reading): boolean {
  for (let i = 0; i + 1 < r.raw.length; i++) {
    const n = Number(r.raw[i])
    if (/^\d{3,4}$/.test(r.raw[i]) && n < 1000 && CALORIE_WORDS.has(r.raw[i + 1])) return true
  }
  return false
}

function* segments(r: Reading): Generator<Reading> {
  let start = 0
  for (let i = 0; i <= r.raw.length; i++) {
    if (i === r.raw.length || r.raw[i] === BREAK) {
      yield { raw: r.raw.slice(start, i), stems: r.stems.slice(start, i) }
      start = i + 1
    }
  }
}
