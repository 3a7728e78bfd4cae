import type { EvictionRecord } from '../provider/types'
import type { RiskFlag } from '../scoring/credit'

export type EvictionAssessment = {
  /** Judgments for the landlord inside the lookback: the only records that count. */
  counting: EvictionRecord[]
  /** Inside the lookback but without a final outcome: a person checks, nothing is scored. */
  unresolved: EvictionRecord[]
  /** Dismissed, sealed, settled, won by the tenant, or older than the lookback. */
  ignored: number
  /** The provider raised its flag without the cases behind it. */
  flagOnly: boolean
  /** What `verifiedEvictionRisk` shows: only what may be considered. */
  risk: RiskFlag
  lookbackYears: number
}

/**
 * Which eviction records may count (issue 12 §3): a record counts only as a judgment for the
 * landlord filed within the lookback (default 3 years, shorter where the property's
 * jurisdiction says so, 0 where records may not be used at all). Dismissed, sealed and settled
 * cases and cases the tenant won never count: HUD's 2024 tenant-screening guidance (followed as
 * best practice) and Minneapolis's and Portland's ordinances say so for filings that did not
 * end in a judgment against the tenant.
 */
export function assessEvictions(input: {
  flag: RiskFlag
  records: EvictionRecord[] | null
  lookbackYears: number
  asOf: string
}): EvictionAssessment {
  const { lookbackYears } = input
  if (lookbackYears <= 0) {
    return { counting: [], unresolved: [], ignored: input.records?.length ?? 0, flagOnly: false, risk: 'clear', lookbackYears }
  }
  if (input.records === null) {
    // A flag without filing date and outcome cannot be checked against the rules: never scored.
    const flagOnly = input.flag !== 'clear'
    return { counting: [], unresolved: [], ignored: 0, flagOnly, risk: flagOnly ? 'review' : 'clear', lookbackYears }
  }
  const cutoff = yearsBefore(input.asOf, lookbackYears)
  const counting: EvictionRecord[] = []
  const unresolved: EvictionRecord[] = []
  let ignored = 0
  for (const r of input.records) {
    if (r.filedOn < cutoff) ignored++
    else if (r.outcome === 'judgment_for_landlord') counting.push(r)
    else if (r.outcome === 'pending' || r.outcome === 'unknown') unresolved.push(r)
    else ignored++
  }
  const risk: RiskFlag = counting.length > 0 ? 'hit' : unresolved.length > 0 ? 'review' : 'clear'
  return { counting, unresolved, ignored, flagOnly: false, risk, lookbackYears }
}

/** The same calendar day `years` earlier (29 February falls back to 28 February). */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const date = new Date(Date.UTC(y - years, m - 1, d))
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0)
  return date.toISOString().slice(0, 10)
}
