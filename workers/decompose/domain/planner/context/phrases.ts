/**
 * Phrase lists of the context's data files (readings.json, level.json) as bounded regexes:
 * every language's phrases in one alternation, longest first so "at my desk" wins over
 * "desk", spaces matching one to three spaces as the typed text may have.
 */
type PhraseLists = Record<string, string[] | string>

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

export function phrases(lists: PhraseLists): string[] {
  return Object.entries(lists)
    .filter(([key]) => !key.startsWith('_'))
    .flatMap(([, list]) => (Array.isArray(list) ? list : []))
}

/** An alternation of the phrases that only matches whole words (letters with accents included); `glued` allows a digit right before ("2x a day"). */
export function alternation(list: string[], glued = false): string {
  const sorted = [...new Set(list)].sort((a, b) => b.length - a.length)
  return `${glued ? '' : '(?<![\\p{L}\\d])'}(?:${sorted.map((p) => escapeRegex(p).replace(/ /g, '\\s{1,3}')).join('|')})(?![\\p{L}])`
}

export function phraseRegex(lists: PhraseLists, flags = 'u'): RegExp {
  return new RegExp(alternation(phrases(lists)), flags)
}
