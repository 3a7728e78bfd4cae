import AGE from './age.json'

/**
 * True when the text says the person (or the child it is about) is under 18, in any of the six
 * languages and the forms of age.json: a number right after "I am"/"tengo"/"ich bin"/"ho"… or
 * right before "years old"/"ans"/"Jahre alt"…, glued ("15yo"), spelled out ("fifteen"), or a
 * school year. A duration is never an age: "2 years ago", "hace 2 años", "há 2 anos" have no
 * age word before the number and no age word after it. Takes the screen's folded words.
 */
const MAJORITY = 18
const UNITS = new Set(AGE.units)
const GLUED = new RegExp(`^(\\d{1,2})(${AGE.glued.join('|')})$`)
const AGO = new Set(AGE.ago)
const CLAUSE = new Set(AGE.have.clause)
const SPELLED = new Map<string, number>()
for (const [n, ws] of Object.entries(AGE.words)) for (const w of ws) SPELLED.set(w, Number(n))

function at(words: string[], i: number, seq: string[]): boolean {
  for (let k = 0; k < seq.length; k++) if (words[i + k] !== seq[k]) return false
  return true
}

/** The age a number-like word at i stands for (digits or a spelled-out 10–17), and how many words it took. */
function numberAt(words: string[], i: number): { n: number; len: number } | null {
  const w = words[i]
  if (w === undefined) return null
  if (/^\d{1,3}$/.test(w)) return { n: Number(w), len: 1 }
  const two = `${w} ${words[i + 1] ?? ''}`
  if (SPELLED.has(two)) return { n: SPELLED.get(two)!, len: 2 }
  if (SPELLED.has(w)) return { n: SPELLED.get(w)!, len: 1 }
  return null
}

export function statesMinor(words: string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const g = GLUED.exec(words[i])
    if (g && Number(g[1]) < MAJORITY && Number(g[1]) >= 5) return true
    if (AGE.school.some((s) => at(words, i, s))) return true
    const num = numberAt(words, i)
    if (!num || num.n >= MAJORITY || num.n < 5) continue
    const next = words[i + num.len]
    // "ich bin 1,80" or "I am 15 kg over": a measure, not an age.
    if (next !== undefined && (UNITS.has(next) || /^\d/.test(next))) continue
    // "tengo 15 años", and "tengo 14, quiero…" (the comma is gone once folded); never "tengo 2 hijos".
    const haveEnds = AGE.have.years.includes(next ?? '') || next === undefined || next === '|' || CLAUSE.has(next)
    const before =
      AGE.before.some((seq) => i - seq.length >= 0 && at(words, i - seq.length, seq)) ||
      (haveEnds && AGE.have.verbs.some((seq) => i - seq.length >= 0 && at(words, i - seq.length, seq)))
    const after = AGE.after.some((seq) => at(words, i + num.len, seq))
    // "16 ans, brûleurs de graisse": an age opening a text, unless it is a time ("2 years ago"); a
    // spelled-out age before a clause too ("fifteen, asking about…", the comma folded away), not
    // digits, which are as often a count there ("10 and I want to lose 5 more").
    const starts = i === 0 || words[i - 1] === '|'
    const spelled = !/^\d/.test(words[i])
    const opening =
      starts && ((AGE.have.years.includes(next ?? '') && !AGO.has(words[i + num.len + 1] ?? '')) || (spelled && CLAUSE.has(next ?? '')))
    if (before || after || opening) return true
  }
  return false
}
