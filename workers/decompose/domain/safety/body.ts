import BODY from './checkin.json'
import { blockedBy, compileAll, hits, read } from './cues'

/**
 * What a check-in's notes say about the body (issue 30 §2), every language at once: illness or
 * a warning sign means a pause, pain or an injury an easier cycle, with a professional first in
 * both. Illness wins over pain (a fever with sore legs is a fever).
 */
const PAIN = compileAll(BODY.pain)
const ILLNESS = compileAll(BODY.illness)
const NOT = compileAll(BODY.not)

export type BodySignal = 'illness' | 'pain' | null

export function bodySignal(notes: string): BodySignal {
  if (!notes.trim()) return null
  const r = read([notes])
  const blocked = blockedBy(r, NOT)
  if (hits(r, ILLNESS, blocked).length) return 'illness'
  if (hits(r, PAIN, blocked).length) return 'pain'
  return null
}
