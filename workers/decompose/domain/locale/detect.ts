import { tokenize } from '../safety/tokens'
import WORDS from './words.json'

export type Lang = 'en' | 'fr' | 'es' | 'de'
export const LANGS: Lang[] = ['en', 'fr', 'es', 'de']
/** Languages a person may write in that the planner does not write plans in (issue 31 §4). */
export type Unwritten = 'it' | 'pt'
export const UNWRITTEN: Unwritten[] = ['it', 'pt']
export type Requested = Lang | Unwritten
const ALL: Requested[] = [...LANGS, ...UNWRITTEN]

const SETS = Object.fromEntries(ALL.map((l) => [l, new Set<string>(WORDS[l])])) as Record<Requested, Set<string>>
const LETTERS = WORDS.letters as Partial<Record<Requested, string>>
const ENDINGS = WORDS.endings as Partial<Record<Requested, string[]>>

/**
 * The language the person wrote in, Italian and Portuguese included: scored as detectLanguage
 * scores en/fr/es/de, and Italian or Portuguese only when it scores more than every language
 * the planner writes ("Preparare la mia prima maratona" is Italian, not French).
 */
export function detectRequested(text: string): Requested {
  const written = detectLanguage(text)
  const counts = score(text, ALL)
  const top = Math.max(...LANGS.map((l) => counts[l]))
  const other = UNWRITTEN.filter((l) => counts[l] > top).sort((a, b) => counts[b] - counts[a])[0]
  return other ?? written
}

function score(text: string, langs: Requested[]): Record<Requested, number> {
  const counts: Record<Requested, number> = { en: 0, fr: 0, es: 0, de: 0, it: 0, pt: 0 }
  for (const t of tokenize(text)) for (const l of langs) if (SETS[l].has(t)) counts[l]++
  for (const ch of text.toLowerCase()) for (const l of langs) if (LETTERS[l]?.includes(ch)) counts[l]++
  return counts
}

/**
 * The request's language: the most words of en/fr/es/de (words.json; a word shared by several
 * languages counts for each), plus one point per letter only one of them writes (ñ, ç, ß …);
 * a tie is broken by the word endings only one of them uses; English when nothing stands out
 * (no word or letter at all, or still a tie with English).
 * One pass over the words and one over the characters: linear in the text.
 */
export function detectLanguage(text: string): Lang {
  const counts = score(text, LANGS)
  const tokens = tokenize(text)
  const top = Math.max(...LANGS.map((l) => counts[l]))
  const tied = LANGS.filter((l) => counts[l] === top)
  if (tied.length === 1) return tied[0]
  // No evidence at all: English, the reference language (endings alone would guess).
  if (top === 0) return 'en'
  const endings: Record<Lang, number> = { en: 0, fr: 0, es: 0, de: 0 }
  for (const t of tokens) for (const l of tied) if (t.length > 4 && !SETS[l].has(t) && ENDINGS[l]!.some((e) => t.endsWith(e))) endings[l]++
  let best: Lang = tied.includes('en') ? 'en' : tied[0]
  for (const l of tied) if (endings[l] > endings[best]) best = l
  return best
}

/**
 * "fr-FR" → { lang: 'fr', requested: 'fr', region: 'FR' }; "it" → { lang: null, requested: 'it' }
 * (a language the planner does not write: an English plan that says so); other languages give
 * nulls (then the text decides).
 */
export function parseLocale(locale: string | undefined): { lang: Lang | null; requested: Requested | null; region: string | null } {
  if (!locale) return { lang: null, requested: null, region: null }
  const [l, r] = locale.replace('_', '-').split('-')
  const code = l?.toLowerCase()
  const lang = (LANGS as string[]).includes(code) ? (code as Lang) : null
  const requested = lang ?? ((UNWRITTEN as string[]).includes(code) ? (code as Unwritten) : null)
  const region = r && /^[A-Za-z]{2}$/.test(r) ? r.toUpperCase() : null
  return { lang, requested, region }
}
