import type { Lang } from '../locale/detect'
import { createLoc } from '../locale/translate'
import { tokenize } from '../safety/tokens'
import { readObject } from './domains/general-object'
import { objectWords } from './route'
import { fitTitle } from './text'
import type { GoalText, PlannedDay } from './types'

const OBJECT_MAX = 60

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * A word's stem for a plain substring test: English endings off, a doubled last consonant
 * single, then at most five letters ("running" → "run", "gardening" → "garde", "Hunde" → "hunde").
 */
function stem(w: string): string {
  const f = fold(w)
  const bare = f.length > 5 ? f.replace(/(?:ing|ed|es|s)$/, '') : f
  // "runn(ing)" → "run", but "call" stays "call" (not "cal", which "calendar" would match).
  return (bare === f ? f : bare.replace(/([b-df-hj-np-tv-z])\1$/, '$1')).slice(0, 5)
}

/**
 * Every day of a plan names the goal it serves (issue 31 §1, §6): a day whose title and
 * description name none of the goal's object words (route.ts) — an archetype's rest day, a
 * shared off-day task, a review — is led by the goal's own object in the plan's language
 * (`anchor.lead`: "For “bake bread”: plan 3 meals…"). A day that already names it is left
 * as written. A domain's own word does not count: "budget" does not name "my mortgage", nor
 * "practise" a ukulele. A goal with no object words ("get fit") changes nothing.
 */
export function anchorDays(days: PlannedDay[], goal: GoalText, lang: Lang): PlannedDay[] {
  // The goal's verb is not its object: "Demander un visa" is named by "visa", not by "demande".
  const own = readObject(goal.text, lang).object
  const words = objectWords(own)
  const stems = [...new Set(words.map(stem))]
  if (stems.length === 0) return days
  const object = fitTitle(span(own, words), OBJECT_MAX)
  return days.map((d) => {
    const text = fold(`${d.title} ${d.description}`)
    if (stems.some((s) => text.includes(s))) return d
    // In the day's own language: a day a domain could only write in English gets the English lead.
    const dayLang = d.lang ?? lang
    const lead = createLoc(dayLang).t('anchor.lead', { object, text: dayLang === 'de' ? d.description : lowerFirst(d.description) })
    return lead.lang === dayLang ? { ...d, description: lead.text } : d
  })
}

/**
 * The person's own words from the first object word to the last ("learn to bake bread" →
 * "bake bread"), so the lead quotes what the goal is about rather than how it was asked.
 */
function span(object: string, words: string[]): string {
  const parts = object.split(' ')
  const isObject = (p: string) => tokenize(p).some((t) => words.includes(t))
  const first = parts.findIndex(isObject)
  const last = parts.findLastIndex(isObject)
  return first < 0 ? object : parts.slice(first, last + 1).join(' ')
}

/** "After dinner, …" → "after dinner, …", but "I", "CRM" and "UX" keep their capitals. */
function lowerFirst(s: string): string {
  if (/^(?:I\b|\p{Lu}{2})/u.test(s)) return s
  return s.charAt(0).toLowerCase() + s.slice(1)
}
