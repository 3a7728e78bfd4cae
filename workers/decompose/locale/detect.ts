import { tokenize } from '../safety/tokens'
import WORDS from './words.json'

export type Lang = 'en' | 'fr' | 'es' | 'de'
export const LANGS: Lang[] = ['en', 'fr', 'es', 'de']

const SETS = Object.fromEntries(LANGS.map((l) => [l, new Set<string>(WORDS[l])])) as Record<Lang, Set<string>>

/** The request's language: most function words of en/fr/es/de; English when none stands out. */
export function detectLanguage(text: string): Lang {
  const counts: Record<Lang, number> = { en: 0, fr: 0, es: 0, de: 0 }
  for (const t of tokenize(text)) for (const l of LANGS) if (SETS[l].has(t)) counts[l]++
  let best: Lang = 'en'
  for (const l of LANGS) if (counts[l] > counts[best]) best = l
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
