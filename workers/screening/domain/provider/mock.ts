import { creditBand, creditLabel, keyFactorsForDisclosure, providerScoreLabel, type RiskFlag } from '../scoring/credit'
import {
  ProviderError,
  type CriminalRecord,
  type CriminalReport,
  type CriminalRequest,
  type EvictionRecord,
  type ProviderReport,
  type ProviderRequest,
  type ScreeningProvider,
} from './types'

export const MOCK_SOURCE_LABEL = 'Mock provider (simulated data, not a consumer report)'

/**
 * Credit-score quantiles the mock draws from (probability → score, linear in between): a
 * plausible spread on the 300–850 scale with most applicants between 620 and 790.
 */
const SCORE_QUANTILES: [number, number][] = [
  [0, 300],
  [0.08, 540],
  [0.2, 610],
  [0.4, 670],
  [0.65, 730],
  [0.85, 785],
  [1, 850],
]

/** Typical adverse-action reason statements, most to least common in the mock. */
const REASON_STATEMENTS = [
  'Proportion of balances to credit limits is too high on revolving accounts',
  'Length of time accounts have been established is too short',
  'Too many accounts with balances',
  'Delinquency on accounts',
  'Number of recent inquiries',
  'Too few accounts currently paid as agreed',
  'Time since most recent account opening is too short',
]

/** How many key factors the mock reports per credit band. */
const FACTOR_COUNT = { '760_plus': 0, '700_759': 1, '640_699': 2, '580_639': 3, below_580: 5 } as const

/**
 * The default provider: no network, and the same applicant always gets the same report.
 * Everything is drawn from SHA-256 of the applicant's identity (e-mail, case-insensitive,
 * and date of birth), so the data is stable across properties and says it is simulated.
 * Flags are rare: about 2% eviction hits and 2% possible matches. The criminal part is a
 * separate request drawn from the screening's id (the mock keeps no identity to match on):
 * about 2% hits and 2.5% possible matches.
 */
export const mockProvider: ScreeningProvider = {
  kind: 'mock',
  async screen(request: ProviderRequest): Promise<ProviderReport> {
    const bytes = await identityBytes(request.applicant.email, request.applicant.dateOfBirth)
    const score = Math.round(quantile(unit(bytes[0], bytes[1])))
    const band = creditBand(score)
    const eviction = flag(bytes[2], 5, 10)
    // The provider score follows credit, shifted by up to ±40 points, on 350–850.
    const shift = Math.round((unit(bytes[4], bytes[5]) - 0.5) * 80)
    const provider = clamp(Math.round(350 + ((score - 300) / 550) * 500) + shift - (eviction === 'hit' ? 60 : 0), 350, 850)
    const factors = pickFactors(FACTOR_COUNT[band], bytes.slice(6))
    const evictionRecords = mockEvictions(eviction, bytes, request.asOf)
    return {
      verificationStatus: 'mock',
      reportId: null,
      sourceLabel: MOCK_SOURCE_LABEL,
      reportStatus: 'COMPLETE',
      credit: { score, band, label: creditLabel(score), keyFactors: keyFactorsForDisclosure(factors) },
      eviction,
      evictionRecords,
      providerScore: { value: provider, label: providerScoreLabel(provider) },
    }
  },
  async criminal(request: CriminalRequest): Promise<CriminalReport> {
    const seed = `vetscore-mock-criminal-v1|${request.reportId ?? request.screeningId}`
    const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed)))
    const finding = flag(bytes[0], 5, 11)
    return {
      reportId: null,
      sourceLabel: MOCK_SOURCE_LABEL,
      reportStatus: 'COMPLETE',
      finding,
      records: mockRecords(finding, bytes, request.asOf),
    }
  },
  async fetchReport(): Promise<ProviderReport> {
    // The mock's reports are complete at once and never change.
    throw new ProviderError('invalid_response', 'The mock provider keeps no reports to fetch again.')
  },
}

async function identityBytes(email: string, dob: string): Promise<Uint8Array> {
  const identity = `vetscore-mock-v1|${email.trim().toLowerCase()}|${dob}`
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(identity)))
}

function unit(hi: number, lo: number): number {
  return (hi * 256 + lo) / 65535
}

function quantile(p: number): number {
  for (let i = 1; i < SCORE_QUANTILES.length; i++) {
    const [p1, s1] = SCORE_QUANTILES[i]
    const [p0, s0] = SCORE_QUANTILES[i - 1]
    if (p <= p1) return s0 + ((p - p0) / (p1 - p0)) * (s1 - s0)
  }
  return 850
}

function flag(byte: number, hitBelow: number, reviewBelow: number): RiskFlag {
  if (byte < hitBelow) return 'hit'
  if (byte < reviewBelow) return 'review'
  return 'clear'
}

function pickFactors(count: number, bytes: Uint8Array): string[] {
  const pool = [...REASON_STATEMENTS]
  const out: string[] = []
  for (let i = 0; i < count && pool.length > 0; i++) {
    out.push(pool.splice(bytes[i] % pool.length, 1)[0])
  }
  return out
}

/**
 * Cases behind the mock's eviction flag: a hit is a judgment for the landlord 1 to 26 months
 * before the screening; a possible match is a pending case or one the tenant won; about 3% of
 * applicants also have an old judgment (5 to 7 years), which no lookback lets count.
 */
function mockEvictions(flag: RiskFlag, bytes: Uint8Array, asOf: string): EvictionRecord[] {
  const records: EvictionRecord[] = []
  if (flag === 'hit') records.push({ filedOn: daysBefore(asOf, 30 + bytes[12] * 3), outcome: 'judgment_for_landlord' })
  if (flag === 'review')
    records.push({ filedOn: daysBefore(asOf, 20 + bytes[12]), outcome: bytes[13] % 2 ? 'pending' : 'judgment_for_tenant' })
  if (bytes[14] < 8) records.push({ filedOn: daysBefore(asOf, 1830 + bytes[15] * 3), outcome: 'judgment_for_landlord' })
  return records
}

/** A hit is a misdemeanor conviction 1 to 9 years back; a possible match an arrest that led to none. */
function mockRecords(finding: RiskFlag, bytes: Uint8Array, asOf: string): CriminalRecord[] {
  if (finding === 'hit') {
    const date = daysBefore(asOf, 365 + bytes[1] * 12)
    return [{ offence: 'Petit larceny (simulated)', level: 'misdemeanor', disposition: 'conviction', date, releasedOn: null, court: null }]
  }
  if (finding === 'review') {
    const date = daysBefore(asOf, 200 + bytes[1] * 5)
    return [
      { offence: 'Trespass (simulated)', level: 'misdemeanor', disposition: 'arrest_no_conviction', date, releasedOn: null, court: null },
    ]
  }
  return []
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
}

function clamp(n: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, n))
}
