import type { JurisdictionRule } from '../fair-housing/jurisdiction'
import type { CriminalRecord } from '../provider/types'

export type ReviewedRecord = CriminalRecord & {
  /** Whether the landlord may weigh this record at all (then only in an individualized assessment). */
  mayConsider: boolean
  why: string
}

const YEAR_MS = 365.25 * 86_400_000

/**
 * Marks each record the provider returned with whether it may be considered, and why: only
 * convictions (HUD 2016: an arrest is not proof of conduct; every rule on file bars arrests,
 * and sealed, expunged, pardoned, vacated and juvenile records), never a violation, and only
 * within the rule's lookback for the offence's class, counted from release where the rule
 * says so. Where the rule's classes (degrees, listed offences) cannot be matched to the
 * provider's level, the longest lookback is the outer limit and the record says so.
 */
export function reviewRecords(records: CriminalRecord[], rule: JurisdictionRule | null, asOf: string): ReviewedRecord[] {
  return records.map((r) => ({ ...r, ...verdict(r, rule, asOf) }))
}

function verdict(r: CriminalRecord, rule: JurisdictionRule | null, asOf: string): { mayConsider: boolean; why: string } {
  if (r.disposition !== 'conviction') {
    return { mayConsider: false, why: `Not a conviction (${r.disposition.replaceAll('_', ' ')}): never considered.` }
  }
  if (r.level === 'violation') return { mayConsider: false, why: 'A violation is not a crime: never considered.' }
  const lookbacks = rule?.criminal.lookbacks ?? []
  if (lookbacks.length === 0) {
    return { mayConsider: true, why: 'No lookback period is on file for this place: weigh its age in the individualized assessment.' }
  }
  const fromRelease = /release|prison/i.test(rule?.criminal.measuredFrom ?? '')
  const start = fromRelease && r.releasedOn ? r.releasedOn : r.date
  const years = (Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / YEAR_MS
  const exact = lookbacks.find((l) => l.offence === r.level || l.offence === 'any conviction')
  const limit = exact?.years ?? Math.max(...lookbacks.map((l) => l.years))
  const measured = `${years.toFixed(1)} years since ${start === r.releasedOn ? 'release' : 'the conviction'}`
  if (years > limit) {
    return { mayConsider: false, why: `Outside the ${limit}-year lookback (${measured}): never considered.` }
  }
  return {
    mayConsider: true,
    why: exact
      ? `Within the ${limit}-year lookback for ${exact.offence} (${measured}).`
      : `Within the longest lookback on file, ${limit} years (${measured}); the rule's own offence classes (${lookbacks.map((l) => l.offence).join(', ')}) decide whether a shorter one applies.`,
  }
}
