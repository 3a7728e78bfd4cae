import { DEVIATIONS, type DeviationKey } from '../data/deviations'
import type { ResultId } from './scoring'

/** A result that departs from the Observatory's by design: what the Observatory gives instead (null: no such result), and why. */
export type Deviation = { observatory_result: ResultId | null; reason: string }

/** The deviation of `ours` from `observatory`, or null when both give the same result. */
export function deviation(key: DeviationKey, ours: ResultId, observatory: ResultId | null): Deviation | null {
  return ours === observatory ? null : { observatory_result: observatory, reason: DEVIATIONS[key].reason }
}
