import { tokenize } from '../../safety/tokens'
import { trimEndOf } from '../text'
import type { Lang } from '../../locale/detect'
import GOAL from './general-goal.json'

export type Family = 'obtain' | 'reduce' | 'make' | 'improve'

const FAMILY = new Map<string, Family>(
  (Object.entries(GOAL.verbs) as Array<[Family, string[]]>).flatMap(([family, verbs]) => verbs.map((v) => [v, family] as const))
)
const DROP = new Set(GOAL.drop)

/**
 * The goal's verb family and object (general-goal.json): "get my private pilot licence" →
 * obtain, "private pilot licence"; "Einen Förderantrag schreiben" → make, "Förderantrag".
 * The object keeps the person's own words; a goal with no known verb is all object.
 */
export function readObject(label: string, lang: Lang): { family: Family; object: string } {
  // readGoal has already folded every run of whitespace into one space.
  let words = label.trim().split(' ').filter(Boolean)
  let family: Family = 'improve'
  const verbAt = lang === 'de' ? words.length - 1 : 0
  const verb = FAMILY.get(tokenize(words[verbAt] ?? '').join(''))
  if (verb && words.length > 1) {
    family = verb
    words = lang === 'de' ? words.slice(0, -1) : words.slice(1)
  }
  // Leading articles, possessives and particles ("get up", "apply for") are not the object.
  while (words.length > 1 && DROP.has(words[0].toLowerCase())) words = words.slice(1)
  if (lang === 'de' && words.length > 1 && words[words.length - 1].toLowerCase() === 'zu') words = words.slice(0, -1)
  return { family, object: trimEndOf(words.join(' '), '.!?…') }
}
