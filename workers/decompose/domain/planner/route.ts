import { tokenize } from '../safety/tokens'
import type { Lang } from '../locale/detect'
import type { DecomposeResponse } from '../../schemas'
import { archetypeDomain, genericSkill, localise, recogniseAll, type Recognised } from './archetypes/index'
import { classifyWithEvidence, namesLanguage } from './classify'
import { DOMAINS } from './domains'
import { subtype as studySubtype } from './domains/study'
import ROUTING from './routing.json'
import type { Domain, GoalText } from './types'

export type Coverage = 'archetype' | 'domain' | 'general'

export type Route = {
  domain: Domain
  kind: DecomposeResponse['domain']
  archetype: string | null
  coverage: Coverage
  /** Share of the goal's object words the chosen match covers (1 for the general planner). */
  confidence: number
}

/** A match is trusted when it covers at least this share of the goal's object words, or this many of them. */
export const CONFIDENT = { share: ROUTING.share, words: ROUTING.words, phrase: ROUTING.phrase }

const FILLER = new Set(Object.values(ROUTING.filler).flatMap((words) => tokenize(words)))
const WEAK = new Set(tokenize(ROUTING.weak))

/** The goal's object words: its words minus filler words, bare numbers ("70", "3") and one-letter words; "5k" stays. */
export function objectWords(goal: string): string[] {
  return tokenize(goal).filter((w) => w.length > 1 && !FILLER.has(w) && !/^\d{1,6}$/.test(w))
}

/**
 * How much of the goal's object `matched` (the words a phrase or pattern matched) covers: the
 * share of the object words, and 1 when the goal has none. Trusted from CONFIDENT.share, or when
 * CONFIDENT.words object words are covered (a long goal that says the same thing twice).
 */
export function confidence(goal: string, matched: string[]): number {
  const object = objectWords(goal)
  if (object.length === 0) return matched.length ? 1 : 0
  const covered = new Set(matched.flatMap((m) => tokenize(m)))
  const hits = object.filter((w) => covered.has(w))
  // An action word alone ("write", "test") says nothing of what is written or tested.
  if (hits.every((w) => WEAK.has(w))) return 0
  const n = hits.length
  return n >= CONFIDENT.words ? Math.max(n / object.length, CONFIDENT.share) : n / object.length
}

const PURPOSE = new Set(tokenize(ROUTING.purpose))

/**
 * "learn Italian for a trip", "Ahorrar 3.000 € para un viaje", "get stronger for hiking": the
 * archetype was matched only after a purpose word (`routing.json` `purpose`) while the keyword
 * classifier found its own domain in the words before it — the goal is the head, the trip its
 * reason. "train for a triathlon" has no other match, so the archetype stays.
 */
function purposeOnly(goal: string, r: Recognised, kind: string, words: string[]): boolean {
  if (kind === 'general') return false
  const tokens = tokenize(goal)
  const at = tokens.findIndex((t, i) => i > 0 && PURPOSE.has(t))
  if (at < 0 || r.at < at) return false
  const head = new Set(tokens.slice(0, at))
  const own = words.filter((w) => tokenize(w).some((t) => head.has(t)))
  // Only a domain that would itself be trusted ("train" alone says nothing of what is trained).
  return own.length > 0 && confidence(goal, own) >= CONFIDENT.share
}

/**
 * Which planner writes the plan (issue 31 §1): an archetype recognised by the goal's meaning
 * (data archetypes plan themselves, domain archetypes go to their module when the classifier
 * agrees), else the keyword classifier's domain, each only when confident (see `confidence`); else the general skill planner for "learn to <skill>" and
 * the general planner built from the goal's own object. Never a plan for another goal.
 */
export function route(goal: GoalText, context: string, lang: Lang): Route {
  // A long phrase ("start my new job") is specific by itself, whatever else the goal says.
  // The setting words count only next to a phrase that named the object itself (not a weak word alone).
  const scoreOf = (r: Recognised) => {
    if (r.words.length >= CONFIDENT.phrase) return 1
    const own = confidence(goal.text, r.words)
    return own > 0 ? Math.max(own, confidence(goal.text, [...r.words, ...r.setting])) : 0
  }
  let recognised: Recognised | null = null
  let recognisedScore = 0
  for (const r of recogniseAll(goal.text)) {
    const score = scoreOf(r)
    // Ties: the longer phrase, then the one nearer the start ("photos of my kids" is about photos).
    const better =
      !recognised ||
      score > recognisedScore ||
      (score === recognisedScore &&
        (r.words.length > recognised.words.length || (r.words.length === recognised.words.length && r.at < recognised.at)))
    if (better) [recognised, recognisedScore] = [r, score]
  }
  const { kind, words } = classifyWithEvidence(goal.text, context)
  if (recognised && 'data' in recognised && recognisedScore >= CONFIDENT.share && !purposeOnly(goal.text, recognised, kind, words))
    return {
      domain: archetypeDomain(localise(recognised.data, lang)),
      kind: recognised.data.kind as DecomposeResponse['domain'],
      archetype: recognised.id,
      coverage: 'archetype',
      confidence: recognisedScore,
    }
  if (recognised && !('data' in recognised) && (recognised.domain === kind || kind === 'general')) {
    const own = [...recognised.words, ...(recognised.domain === kind ? words : [])]
    const score = confidence(goal.text, confidence(goal.text, own) > 0 ? [...own, ...recognised.setting] : own)
    if (score >= CONFIDENT.share)
      return {
        domain: DOMAINS[recognised.domain],
        kind: recognised.domain,
        archetype: recognised.id,
        coverage: 'archetype',
        confidence: score,
      }
  }
  const score = kind === 'general' ? 0 : confidence(goal.text, words)
  // "aprender a …" and "… lernen" make a language goal only when they name a language.
  const learningWord = kind === 'language' && lang !== 'en' && !namesLanguage(goal.text)
  const skillLike = kind === 'general' || learningWord || (kind === 'study' && studySubtype(goal.lower) === 'skill')
  if (!skillLike && score >= CONFIDENT.share) return { domain: DOMAINS[kind], kind, archetype: null, coverage: 'domain', confidence: score }
  // A skill nothing else knows (juggling, chess, knitting) is planned from its own name.
  const skill = genericSkill(goal.label, lang)
  if (skill) return { domain: archetypeDomain(skill), kind: 'skill', archetype: skill.id, coverage: 'general', confidence: 1 }
  return { domain: DOMAINS.general, kind: 'general', archetype: null, coverage: 'general', confidence: 1 }
}
