import CONCEPTS from './concepts.json'
import { BREAK, compileAll, spans, type Cue, type Reading } from './cues'
import { stem, words } from './normalize'

/**
 * Meaning by composition (issue 30 §1): a concept is a small set of words and stems per
 * language for one idea ("nobody", "to notice", "forever", "a blade", "a body part"), all six
 * languages in one list so a message is read whatever language it is in; a combination is the
 * co-occurrence of independent concepts near each other in one text ("nobody" + "would miss" +
 * "me"), and it counts for one class of the screen (departure, plan, self-injury, harm to
 * others…). A wording never seen before still matches when its ideas are the known ones, so no
 * sentence needs listing. Look-alike combinations (`family: "not"`) block the words they span,
 * as the `not` lists of cues.json do ("if someone overdoses", "a way out for the project").
 *
 * Cost: each concept is matched once per reading (cues.ts, linear in the text); a combination
 * then scans the hits of its first slot and looks for the other slots inside a window of at
 * most `within` words, so the work is the number of hits times a window fixed by our data.
 */
type Slot = { concepts: string[] }
export type Combination = {
  id: string
  family: string
  slots: Slot[]
  none: string[]
  within: number
  ordered: boolean
  acrossTexts: boolean
}

/**
 * A one-word cue whose stem keeps fewer than five letters is compared as written: so little is
 * left of it after its ending is cut that it meets another language's word ("pars" and "para",
 * "falaise" and "fall", "fasting" and "faster"). In a cue of several words the others carry
 * the meaning, so its words keep their stems ("only need me" = "only needs me").
 */
const MIN_STEM = 5
export const exactShort = (cue: string) => (isPlain(cue) && words([cue]).length === 1 && stem(cue).length < MIN_STEM ? `=${cue}` : cue)

function isPlain(w: string): boolean {
  if (!w) return false
  for (const ch of w) if (ch < 'a' || ch > 'z') return false
  return true
}

const LEXICON: Record<string, Cue[]> = Object.fromEntries(
  Object.entries(CONCEPTS.concepts as Record<string, { words: Record<string, string[]> }>).map(([name, c]) => [
    name,
    compileAll(Object.values(c.words).flat().map(exactShort)),
  ])
)

export const COMBINATIONS: Combination[] = (
  CONCEPTS.combinations as Array<{
    id: string
    family: string
    all: Array<string | string[]>
    none?: string[]
    within?: number
    ordered?: boolean
  }>
).map((c) => ({
  id: c.id,
  family: c.family,
  slots: c.all.map((s) => ({ concepts: Array.isArray(s) ? s : [s] })),
  none: c.none ?? [],
  within: c.within ?? 6,
  ordered: c.ordered === true,
  // Unordered combinations read the goal and its context together ("Buy a rope" | "the beam holds"); ordered ones are phrases of one text.
  acrossTexts: c.ordered !== true,
}))

/** A concept the combinations name must exist: a typo in the data would silently never match. */
for (const c of COMBINATIONS)
  for (const name of [...c.slots.flatMap((s) => s.concepts), ...c.none])
    if (!LEXICON[name]) throw new Error(`concepts.json: combination ${c.id} names unknown concept ${name}`)

type Span = [number, number]

/** Where each concept occurs in the reading, outside the blocked words; computed on demand, once. */
function conceptSpans(r: Reading, blocked: Set<number>): (name: string) => Span[] {
  const memo = new Map<string, Span[]>()
  return (name) => {
    let out = memo.get(name)
    if (!out) {
      out = []
      for (const cue of LEXICON[name]) for (const s of spans(r, cue)) if (!overlaps(s, blocked)) out.push(s)
      out.sort((a, b) => a[0] - b[0])
      memo.set(name, out)
    }
    return out
  }
}

function overlaps([a, b]: Span, blocked: Set<number>): boolean {
  for (let i = a; i < b; i++) if (blocked.has(i)) return true
  return false
}

/** The index of the text (goal, context, a note) each word belongs to: no combination spans two. */
function segmentsOf(r: Reading): number[] {
  const seg: number[] = []
  let n = 0
  for (const w of r.raw) {
    if (w === BREAK) n++
    seg.push(n)
  }
  return seg
}

export type ComboHit = { id: string; family: string; span: Span }

/**
 * The combinations that hold in the reading, each once, with the words they span. A combination
 * holds when, around one hit of its first slot, every other slot has a hit starting at most
 * `within` words away (after it when `ordered`), in the same text, and no `none` concept is in
 * that window ("better off without me" holds; "better off without meat" has no "me").
 */
export function combinations(r: Reading, blocked: Set<number>, families?: Set<string>): ComboHit[] {
  const at = conceptSpans(r, blocked)
  const seg = segmentsOf(r)
  const out: ComboHit[] = []
  for (const c of COMBINATIONS) {
    if (families && !families.has(c.family)) continue
    const first = c.slots[0].concepts.flatMap(at)
    for (const [s, e] of first) {
      const lo = c.ordered ? s : s - c.within
      const hi = s + c.within
      const near = (name: string) => firstIn(at(name), lo, hi, (a) => c.acrossTexts || seg[a] === seg[s])
      let span: Span | null = [s, e]
      for (const slot of c.slots.slice(1)) {
        const hit = slot.concepts.map(near).find((x) => x !== undefined)
        if (!hit || !span) {
          span = null
          break
        }
        span = [Math.min(span[0], hit[0]), Math.max(span[1], hit[1])]
      }
      if (!span || c.none.some((n) => near(n) !== undefined)) continue
      out.push({ id: c.id, family: c.family, span })
      break
    }
  }
  return out
}

/** The first span starting in [lo, hi] that passes `ok`: a binary search, then the window only. */
function firstIn(list: Span[], lo: number, hi: number, ok: (a: number) => boolean): Span | undefined {
  let l = 0
  let h = list.length
  while (l < h) {
    const m = (l + h) >> 1
    if (list[m][0] < lo) l = m + 1
    else h = m
  }
  for (let i = l; i < list.length && list[i][0] <= hi; i++) if (ok(list[i][0])) return list[i]
  return undefined
}

/** Word positions a look-alike combination covers ("if someone overdoses"): cues there do not count. */
export function blockedByCombinations(r: Reading, family: string): Set<number> {
  const out = new Set<number>()
  for (const h of combinations(r, new Set(), new Set([family]))) for (let i = h.span[0]; i < h.span[1]; i++) out.add(i)
  return out
}
