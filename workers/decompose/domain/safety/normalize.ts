import { tokenize, type Tokens } from './tokens'

/**
 * The screen's reading of a text, independent of its language (issue 30 §1): folded words
 * (case, accents, punctuation: tokens.ts), contractions and clitics spelled out, then a light
 * stem of each word. Every language's cues run on it, so a message in Italian is read even
 * when the request's language was detected as Spanish.
 */

// English contractions arrive as two words once the apostrophe is a separator ("don t").
const CONTRACTION_PAIRS: Record<string, Record<string, string[]>> = {
  don: { t: ['do', 'not'] },
  doesn: { t: ['does', 'not'] },
  didn: { t: ['did', 'not'] },
  won: { t: ['will', 'not'] },
  can: { t: ['can', 'not'] },
  couldn: { t: ['could', 'not'] },
  wouldn: { t: ['would', 'not'] },
  isn: { t: ['is', 'not'] },
  aren: { t: ['are', 'not'] },
  wasn: { t: ['was', 'not'] },
  ain: { t: ['am', 'not'] },
  i: { m: ['i', 'am'], ll: ['i', 'will'], ve: ['i', 'have'], d: ['i', 'would'] },
  it: { s: ['it', 'is'], ll: ['it', 'will'] },
  you: { re: ['you', 'are'], ll: ['you', 'will'] },
  they: { re: ['they', 'are'], d: ['they', 'would'] },
  we: { re: ['we', 'are'], ll: ['we', 'will'] },
  she: { s: ['she', 's'], ll: ['she', 'will'] },
  he: { s: ['he', 's'], ll: ['he', 'will'] },
}
// The same contractions typed without the apostrophe ("wont", "cant", "im"), as people type on a phone.
const CONTRACTION_TYPED: Record<string, string[]> = {
  dont: ['do', 'not'],
  doesnt: ['does', 'not'],
  didnt: ['did', 'not'],
  wont: ['will', 'not'],
  cant: ['can', 'not'],
  couldnt: ['could', 'not'],
  wouldnt: ['would', 'not'],
  isnt: ['is', 'not'],
  wasnt: ['was', 'not'],
  im: ['i', 'am'],
  ive: ['i', 'have'],
  itll: ['it', 'will'],
}
// Elided articles and pronouns of fr/it ("j'ai", "l'insuline", "m'en", "dell'anno").
export const ELISION: Record<string, string> = { j: 'je', m: 'me', t: 'te', s: 'se', l: 'le', d: 'de', n: 'ne', qu: 'que', c: 'ce' }

// A typed word is a key of these tables only when the table holds it: "constructor" or "__proto__" is text, not Object.prototype.
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}

/** Folded words with contractions spelled out; `|` between the texts so no cue spans two of them. */
export function words(texts: string[]): Tokens {
  const out: string[] = []
  texts.forEach((text, n) => {
    if (n > 0) out.push('|')
    const t = tokenize(text)
    for (let i = 0; i < t.length; i++) {
      const pair = own(own(CONTRACTION_PAIRS, t[i]) ?? {}, t[i + 1] ?? '')
      const typed = own(CONTRACTION_TYPED, t[i])
      if (pair) {
        out.push(...pair)
        i++
      } else if (typed) out.push(...typed)
      else if (own(ELISION, t[i]) && i + 1 < t.length && /^[a-z]/.test(t[i + 1]) && t[i] !== 'i') {
        out.push(ELISION[t[i]])
      } else out.push(...unglue(t[i]))
    }
  })
  return out
}

// Object pronouns glued to an infinitive or gerund in es/it/pt ("matarme", "tagliarmi",
// "cortándome"): split off, so "matarme" is "matar me" and never the bare verb of "matar el tiempo".
const CLITICS = ['mela', 'melo', 'me', 'mi', 'se', 'si', 'te', 'ti', 'lo', 'la', 'le']
function unglue(w: string): string[] {
  for (const c of CLITICS) {
    const base = w.slice(0, -c.length)
    if (base.length >= 4 && w.endsWith(c) && /(ar|er|ir|ndo)$/.test(base)) return [base, c]
  }
  return [w]
}

/*
 * Light stemming, one rule for all six languages: up to two inflectional endings, never leaving fewer than 3 letters. Both the text and the cue words are stemmed the
 * same way, so "cutting"/"cut", "coupe"/"couper", "cortes"/"corto", "tagli"/"taglio" meet.
 * Suffix lists after the Snowball light stemmers' residual suffixes (snowballstem.org).
 */
const ENDINGS = [
  'iendo',
  'ando',
  'endo',
  'ement',
  'mente',
  'ing',
  'ungen',
  'ung',
  'ions',
  'ado',
  'ada',
  'ido',
  'ida',
  'ant',
  'ent',
  'ons',
  'ais',
  'ait',
  'ed',
  'es',
  'er',
  'en',
  'ez',
  'ar',
  'ir',
  'as',
  'os',
  'st',
  's',
  'e',
  'a',
  'o',
  'i',
]

export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word
  let w = word
  // Two endings at most ("suffers" → "suffer" → "suff", as "suffer" → "suff").
  for (let pass = 0; pass < 2; pass++) {
    const e = ENDINGS.find((x) => w.length - x.length >= 3 && w.endsWith(x))
    if (!e) break
    w = w.slice(0, -e.length)
  }
  // Doubled final consonants of English and Italian ("cutt", "tagl"): one is enough.
  if (w.length > 3 && w[w.length - 1] === w[w.length - 2] && !/[aeiou]/.test(w[w.length - 1])) w = w.slice(0, -1)
  return w
}
