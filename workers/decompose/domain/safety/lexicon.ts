import { exactShort } from './concepts'
import { compileAll, spans, type Cue, type Reading } from './cues'
import LEXICON from './lexicon.json'

/**
 * The screen's sensitive first layer (issue 30): word classes of lexicon.json (death and
 * self-ending, method and means, farewell acts, hopelessness, timing, self-injury, body,
 * concealment…) in six languages, and rules that combine classes found near each other. No
 * rule needs a listed sentence: "Walk onto the tracks after my shift" holds because a method
 * act and a means are near, whatever the words between them. Specific by exclusion: a story,
 * a course, history, another person, a game or sport near the words suspends the rule unless
 * one of its words is bound to the writer by a first-person word ("my character jumps off the
 * bridge" is a story; "I want to jump off the bridge for my story" is not).
 *
 * Cost: each class's cues are matched once (cues.ts, linear in the text); a rule then takes
 * each hit of its first class and looks for the others by binary search in a window fixed by
 * our data, so the work is the number of hits times a constant and a log factor.
 */
type Named<T> = Record<string, T>

const data = (byLang: Named<unknown>): string[] =>
  Object.entries(byLang)
    .filter(([k]) => !k.startsWith('_'))
    .flatMap(([, v]) => v as string[])
const cuesOf = (byLang: Named<unknown>): Cue[] => compileAll(data(byLang).map(exactShort))

const SELF = cuesOf(LEXICON.self)
// `self` is a class too, for rules that ask for the writer's own body or self ("cut myself").
const CLASSES: Named<Cue[]> = { ...Object.fromEntries(Object.entries(LEXICON.classes).map(([k, v]) => [k, cuesOf(v)])), self: SELF }
const FRAMES = cuesOf(Object.fromEntries(Object.entries(LEXICON.frames).filter(([k]) => !k.startsWith('_'))))
const IDIOMS = cuesOf(LEXICON.idioms)
const LIFE = new Set(LEXICON.idioms_unless_next.words)

/** Words inside an idiom, unless one of the two words after it is life itself ("en finir avec la vie"). */
function idiomWords(r: Reading): Set<number> {
  const out = new Set<number>()
  for (const c of IDIOMS)
    for (const [a, b] of spans(r, c)) {
      if (LIFE.has(r.raw[b]) || LIFE.has(r.raw[b + 1])) continue
      for (let i = a; i < b; i++) out.add(i)
    }
  return out
}
/** The classes whose words, bound to the writer, keep a rule through an exclusion frame. */
const BINDABLE = ['death', 'ending', 'method', 'self_method', 'injury', 'self_injury', 'absence', 'hopeless', 'voices', 'attempt']

type Rule = { id: string; all: string[][]; any: string[] }
const rules = (list: Array<{ id: string; all: Array<string | string[]>; any: string[] }>): Rule[] =>
  list.map((r) => ({ id: r.id, all: r.all.map((s) => (Array.isArray(s) ? s : [s])), any: r.any }))
const RULES = rules(LEXICON.rules)
/** Harm to others: the same design, its own rules and frames (lexicon.json `harm`). */
const HARM_RULES = rules(LEXICON.harm.rules)
const HARM_FRAMES = cuesOf(LEXICON.harm.frames)
const HARM_OBJECT = cuesOf(LEXICON.harm.object_frames)

/** A class a rule names must exist: a typo in the data would silently never match. */
for (const r of [...RULES, ...HARM_RULES])
  for (const name of [...r.all.flat(), ...r.any])
    if (!CLASSES[name]) throw new Error(`lexicon.json: rule ${r.id} names unknown class ${name}`)

export type LexiconVerdict = {
  /** The first rule that holds outside an exclusion frame, or null. */
  rule: string | null
  /** An exclusion frame is in the texts and no death, method or injury word is the writer's own. */
  framedOnly: boolean
  /** Word positions inside an idiom ("dead tired", "ich lach mich tot"): the phrase lists skip them too. */
  idioms: Set<number>
  /** The first harm-to-others rule that holds outside its frames, or null. */
  harm: string | null
  /** The writer is the one the outcome falls on ("my boss wants me to quit") and no harm rule holds. */
  harmFramed: boolean
}

export function readLexicon(r: Reading): LexiconVerdict {
  const idioms = idiomWords(r)
  const memo = new Map<string, number[]>()
  const at = (name: string): number[] => {
    let out = memo.get(name)
    if (!out) {
      out = starts(r, CLASSES[name], idioms)
      memo.set(name, out)
    }
    return out
  }
  const unions = new Map<string, number[]>()
  const union = (names: string[]) => {
    const key = names.join('+')
    let out = unions.get(key)
    if (!out) {
      out = names.length === 1 ? at(names[0]) : merge(names.map(at))
      unions.set(key, out)
    }
    return out
  }
  const self = starts(r, SELF, new Set())
  const frames = starts(r, FRAMES, new Set())
  const bound = (p: number) => nearest(self, p, LEXICON.self_window) !== undefined
  const { window } = LEXICON
  const anyBound = BINDABLE.some((c) => at(c).some(bound))

  const holds = (list: Rule[], excluded: (p: number, found: number[]) => boolean): string | null => {
    for (const rule of list) {
      for (const p of union(rule.all[0])) {
        const found = [p]
        for (const slot of rule.all.slice(1)) {
          const q = nearest(union(slot), p, window, found)
          if (q === undefined) break
          found.push(q)
        }
        if (found.length < rule.all.length) continue
        if (rule.any.length) {
          const q = nearest(union(rule.any), p, window, found)
          if (q === undefined) continue
          found.push(q)
        }
        if (!excluded(p, found)) return rule.id
      }
    }
    return null
  }
  const rule = holds(RULES, (p, found) => nearest(frames, p, window) !== undefined && !found.some(bound))
  const harmFrames = merge([starts(r, HARM_FRAMES, new Set()), starts(r, HARM_OBJECT, new Set())])
  const harm = holds(HARM_RULES, (p) => nearest(harmFrames, p, window) !== undefined)
  const writerIsObject = starts(r, HARM_OBJECT, new Set()).length > 0
  return { rule, framedOnly: !rule && frames.length > 0 && !anyBound, idioms, harm, harmFramed: !harm && writerIsObject }
}

/** Sorted start positions of the cues' matches outside the blocked words. */
function starts(r: Reading, cues: Cue[], blocked: Set<number>): number[] {
  const out: number[] = []
  for (const c of cues)
    for (const [a, b] of spans(r, c)) {
      let free = true
      for (let i = a; i < b && free; i++) if (blocked.has(i)) free = false
      if (free) out.push(a)
    }
  return [...new Set(out)].sort((x, y) => x - y)
}

function merge(lists: number[][]): number[] {
  return [...new Set(lists.flat())].sort((x, y) => x - y)
}

/**
 * A position of the sorted list within `w` words of p, by binary search, that is not one of the
 * words already used (one word does not count for two classes); undefined when none. The scan
 * after the search stops at the window, and a word is used at most once per class of a rule.
 */
function nearest(list: number[], p: number, w: number, used: number[] = []): number | undefined {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const m = (lo + hi) >> 1
    if (list[m] < p - w) lo = m + 1
    else hi = m
  }
  for (let i = lo; i < list.length && list[i] <= p + w; i++) if (!used.includes(list[i])) return list[i]
  return undefined
}
