import { tokenize } from '../safety/tokens'
import WORDS from './words.json'

export type Lang = 'en' | 'fr' | 'es' | 'de'
export const LANGS: Lang[] = ['en', 'fr', 'es', 'de']

const SETS = Object.fromEntries(LANGS.map((l) => [l, new Set<string>(WORDS[l])])) as Record<Lang, Set<string>>
const LETTERS = WORDS.letters as Partial<Record<Lang, string>>
const ENDINGS = WORDS.endings as Record<Lang, string[]>

/**
 * The request's language: the most words of en/fr/es/de (words.json; a word shared by several
 * languages counts for each), plus one point per letter only one of them writes (ñ, ç, ß …);
 * a tie is broken by the word endings only one of them uses; English when nothing stands out
 * (no word or letter at all, or still a tie with English).
 * One pass over the words and one over the characters: linear in the text.
 */
export function detectLanguage(text: string): Lang {
  const counts: Record<Lang, number> = { en: 0, fr: 0, es: 0, de: 0 }
  const tokens = tokenize(text)
  for (const t of tokens) for (const l of LANGS) if (SETS[l].has(t)) counts[l]++
  for (const ch of text.toLowerCase()) for (const l of LANGS) if (LETTERS[l]?.includes(ch)) counts[l]++
  const top = Math.max(...LANGS.map((l) => counts[l]))
  const tied = LANGS.filter((l) => counts[l] === top)
  if (tied.length === 1) return tied[0]
  // No evidence at all: English, the reference language (endings alone would guess).
  if (top === 0) return 'en'
  const endings: Record<Lang, number> = { en: 0, fr: 0, es: 0, de: 0 }
  for (const t of tokens) for (const l of tied) if (t.length > 4 && !SETS[l].has(t) && ENDINGS[l].some((e) => t.endsWith(e))) endings[l]++
  let best: Lang = tied.includes('en') ? 'en' : tied[0]
  for (const l of tied) if (endings[l] > endings[best]) best = l
  return best
}

/** "fr-FR" → { lang: 'fr', region: 'FR' }; unknown languages give null (then the text decides). */
export function parseLocale(locale: string | undefined): { lang: Lang | null; region: string | null } {
  if (!locale) return { lang: null, region: null }
  const [l, r] = locale.replace('_', '-').split('-')
  const lang = (LANGS as string[]).includes(l?.toLowerCase()) ? (l.toLowerCase() as Lang) : null
  const region = r && /^[A-Za-z]{2}$/.test(r) ? r.toUpperCase() : null
  return { lang, region }
}
