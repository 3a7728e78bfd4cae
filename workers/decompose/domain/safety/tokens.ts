/**
 * Phrase matching without regular expressions on the input: the text becomes a list of
 * words once (linear), and each phrase of the data files is compared word by word at each
 * position. A phrase is at most a few words with at most a few gaps, so the work is the text's
 * length times a constant set by our data, never by the input.
 *
 * Phrase syntax (in the data files):
 * - words are compared after folding case and accents ("é" = "e", "ß" = "ss");
 * - `word~` matches any word starting with `word` ("suicid~" = suicide, suicidal);
 * - `~word` any word ending with it, `~word~` any word containing it: German and Dutch write
 *   the body part and the pain as one word ("Knieschmerzen", "Sportverletzung");
 * - `*` skips 0 to 3 words ("give * things away");
 * - `#` matches a number, `#<18` a number below 18 (ages, calories, kilos).
 */
export type Tokens = string[]

export function tokenize(text: string): Tokens {
  const folded = text.normalize('NFKD').toLowerCase().replace(/ß/g, 'ss')
  const out: string[] = []
  let word = ''
  for (const ch of folded) {
    const code = ch.codePointAt(0)!
    // Combining marks (accents after NFKD) are dropped; letters and digits build words.
    if (code >= 0x300 && code <= 0x36f) continue
    if (isWordChar(ch)) word += ch
    else if (word) {
      out.push(word)
      word = ''
    }
  }
  if (word) out.push(word)
  return out
}

function isWordChar(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || (ch > '\u007f' && ch.toUpperCase() !== ch.toLowerCase())
}

type Part =
  | { kind: 'word'; word: string }
  | { kind: 'prefix'; word: string }
  | { kind: 'suffix'; word: string }
  | { kind: 'infix'; word: string }
  | { kind: 'gap' }
  | { kind: 'number'; below?: number }
export type Phrase = { source: string; parts: Part[] }

const MAX_GAP = 3

export function compile(source: string): Phrase {
  const parts: Part[] = []
  for (const raw of source.split(' ')) {
    if (!raw) continue
    if (raw === '*') parts.push({ kind: 'gap' })
    else if (raw.startsWith('#')) parts.push({ kind: 'number', below: raw.startsWith('#<') ? Number(raw.slice(2)) : undefined })
    else if (raw.length > 2 && raw.startsWith('~') && raw.endsWith('~'))
      parts.push({ kind: 'infix', word: tokenize(raw.slice(1, -1)).join('') })
    else if (raw.length > 1 && raw.startsWith('~')) parts.push({ kind: 'suffix', word: tokenize(raw.slice(1)).join('') })
    else if (raw.endsWith('~')) parts.push({ kind: 'prefix', word: tokenize(raw.slice(0, -1)).join('') })
    else for (const w of tokenize(raw)) parts.push({ kind: 'word', word: w })
  }
  return { source, parts }
}

/** False when one of the phrase's literal words is absent from the text: the scan can be skipped. */
export function mayMatch(phrase: Phrase, present: Set<string>): boolean {
  for (const part of phrase.parts) if (part.kind === 'word' && !present.has(part.word)) return false
  return true
}

/** Index of the first word at or after `from` where the phrase matches, or -1. */
export function find(tokens: Tokens, phrase: Phrase, from = 0): number {
  for (let i = from; i < tokens.length; i++) if (matchEnd(tokens, i, phrase.parts, 0) >= 0) return i
  return -1
}

/** Index just past the words the phrase covers when it matches at `at` (for look-alike spans), or -1. */
export function endOf(tokens: Tokens, phrase: Phrase, at: number): number {
  return matchEnd(tokens, at, phrase.parts, 0)
}

// Recursion depth is the phrase's length (our data, a handful of words), not the input's.
function matchEnd(tokens: Tokens, i: number, parts: Part[], p: number): number {
  if (p === parts.length) return i
  const part = parts[p]
  if (part.kind === 'gap') {
    for (let skip = 0; skip <= MAX_GAP && i + skip <= tokens.length; skip++) {
      const end = matchEnd(tokens, i + skip, parts, p + 1)
      if (end >= 0) return end
    }
    return -1
  }
  if (i >= tokens.length) return -1
  const t = tokens[i]
  const ok =
    part.kind === 'word'
      ? t === part.word
      : part.kind === 'prefix'
        ? t.startsWith(part.word)
        : // A word of the text against a word of our data: linear in the text's word.
          part.kind === 'suffix'
          ? t.endsWith(part.word)
          : part.kind === 'infix'
            ? t.includes(part.word)
            : isNumber(t) && (part.below === undefined || Number(t) < part.below)
  return ok ? matchEnd(tokens, i + 1, parts, p + 1) : -1
}

function isNumber(t: string): boolean {
  if (t.length === 0 || t.length > 6) return false
  for (const ch of t) if (ch < '0' || ch > '9') return false
  return true
}
