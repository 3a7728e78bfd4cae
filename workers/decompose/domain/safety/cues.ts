import CUES from './cues.json'
import { ELISION, stem, words } from './normalize'

/**
 * Cue matching for the screen's meaning classes (cues.json). A text is read once into its
 * folded words and their stems; a cue's plain words are compared with the stems (so one form
 * covers its inflections), its `word~`/`~word` parts with the folded words, `=word` with the
 * folded word exactly (a short word whose stem would meet another language's: "pars", "para"), `*` skips 0–3 words,
 * `#` is a number, `##` a count of ten or more ("30 pills", not "2 pills") and `$` the end of a text. Linear in the text: each cue is tried at each word,
 * and a cue is a handful of parts from our data.
 */
type Part =
  | { kind: 'stem'; word: string }
  | { kind: 'exact'; word: string }
  | { kind: 'prefix'; word: string }
  | { kind: 'suffix'; word: string }
  | { kind: 'gap' }
  | { kind: 'number' }
  | { kind: 'count' }
  | { kind: 'end' }
export type Cue = { source: string; parts: Part[] }
export type Reading = { raw: string[]; stems: string[]; at?: Map<string, number[]>; rawAt?: Map<string, number[]> }

const MAX_GAP = 3
export const BREAK = '|'

export function read(texts: string[]): Reading {
  const raw = words(texts)
  return { raw, stems: raw.map((w) => (w === BREAK ? w : stem(w))) }
}

export function compileCue(source: string): Cue {
  const parts: Part[] = []
  const raws = source.split(' ').filter(Boolean)
  raws.forEach((raw, i) => {
    // Plain words go through words() with the next one, so an elision reads as in the text ("d adieu" = "de adieu").
    if (raw in ELISION && raw !== 'i' && raws[i + 1] && /^[a-z]/.test(raws[i + 1])) {
      parts.push({ kind: 'stem', word: ELISION[raw] })
      return
    }
    if (raw === '*') parts.push({ kind: 'gap' })
    else if (raw === '#') parts.push({ kind: 'number' })
    else if (raw === '##') parts.push({ kind: 'count' })
    else if (raw === '$') parts.push({ kind: 'end' })
    else if (raw.length > 1 && raw.startsWith('=')) parts.push({ kind: 'exact', word: words([raw.slice(1)]).join('') })
    else if (raw.length > 1 && raw.startsWith('~')) parts.push({ kind: 'suffix', word: words([raw.slice(1)]).join('') })
    else if (raw.endsWith('~')) parts.push({ kind: 'prefix', word: words([raw.slice(0, -1)]).join('') })
    else for (const w of words([raw])) parts.push({ kind: 'stem', word: stem(w) })
  })
  return { source, parts }
}

export const compileAll = (sources: string[]): Cue[] => sources.map(compileCue)

/** Where each stem occurs, built once per reading: a cue is tried only where its words are. */
function index(words: string[]): Map<string, number[]> {
  const at = new Map<string, number[]>()
  words.forEach((s, i) => {
    const list = at.get(s)
    if (list) list.push(i)
    else at.set(s, [i])
  })
  return at
}
function positions(r: Reading): Map<string, number[]> {
  r.at ??= index(r.stems)
  return r.at
}

/** Start positions for a cue's first part: where its word is, or where a word begins/ends with it. */
function startsOf(r: Reading, first: Part | undefined): Iterable<number> {
  if (first?.kind === 'stem') return positions(r).get(first.word) ?? []
  if (first?.kind === 'exact') {
    r.rawAt ??= index(r.raw)
    return r.rawAt.get(first.word) ?? []
  }
  if (first?.kind === 'prefix' || first?.kind === 'suffix') {
    r.rawAt ??= index(r.raw)
    const out: number[] = []
    for (const [w, at] of r.rawAt) if (first.kind === 'prefix' ? w.startsWith(first.word) : w.endsWith(first.word)) out.push(...at)
    return out.sort((a, b) => a - b)
  }
  return r.raw.keys()
}

/** [start, end) of every place the cue matches. */
export function spans(r: Reading, cue: Cue): Array<[number, number]> {
  const out: Array<[number, number]> = []
  const at = positions(r)
  // A cue whose plain word is nowhere in the text cannot match; one that starts with a plain word
  // is tried only where that word is.
  for (const part of cue.parts) if (part.kind === 'stem' && !at.has(part.word)) return out
  for (const i of startsOf(r, cue.parts[0])) {
    const end = matchEnd(r, i, cue.parts, 0)
    if (end >= 0) out.push([i, Math.max(end, i + 1)])
  }
  return out
}

// Recursion depth is the cue's length (our data), not the text's.
function matchEnd(r: Reading, i: number, parts: Part[], p: number): number {
  if (p === parts.length) return i
  const part = parts[p]
  if (part.kind === 'gap') {
    for (let skip = 0; skip <= MAX_GAP && i + skip <= r.raw.length; skip++) {
      if (skip > 0 && r.raw[i + skip - 1] === BREAK) break
      const end = matchEnd(r, i + skip, parts, p + 1)
      if (end >= 0) return end
    }
    return -1
  }
  if (part.kind === 'end') return i === r.raw.length || r.raw[i] === BREAK ? matchEnd(r, i, parts, p + 1) : -1
  if (i >= r.raw.length) return -1
  const w = r.raw[i]
  const ok =
    part.kind === 'stem'
      ? r.stems[i] === part.word
      : part.kind === 'exact'
        ? w === part.word
        : part.kind === 'prefix'
          ? w.startsWith(part.word)
          : part.kind === 'suffix'
            ? w.endsWith(part.word)
            : part.kind === 'count'
              ? /^\d{2,6}$/.test(w) && Number(w) >= 10
              : /^\d{1,6}$/.test(w)
  return ok ? matchEnd(r, i + 1, parts, p + 1) : -1
}

/** Word positions inside look-alike phrases ("way out of debt"): a cue overlapping them does not count. */
export function blockedBy(r: Reading, not: Cue[]): Set<number> {
  const out = new Set<number>()
  for (const c of not) for (const [a, b] of spans(r, c)) for (let i = a; i < b; i++) out.add(i)
  return out
}

/** The cues of a list that match somewhere outside the blocked positions, with where. */
export function hits(r: Reading, cues: Cue[], blocked: Set<number>): Array<{ cue: string; at: number }> {
  const out: Array<{ cue: string; at: number }> = []
  for (const c of cues) {
    for (const [a, b] of spans(r, c)) {
      let free = true
      for (let i = a; i < b && free; i++) if (blocked.has(i)) free = false
      if (free) {
        out.push({ cue: c.source, at: a })
        break
      }
    }
  }
  return out
}

export { CUES }
