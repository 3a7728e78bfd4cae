import type { CreditBand, RiskFlag } from '../scoring/credit'

export type PostalAddress = { line1: string; city: string; state: string; postalCode: string }

/**
 * The parts of a consumer report the first request asks for. Criminal records are never
 * among them: they are asked for on their own, after a conditional offer (CriminalRequest).
 */
export const FIRST_STEP_SECTIONS = ['credit', 'eviction'] as const

/** What a provider is told: identity for matching records, the unit applied for, and the day. */
export type ProviderRequest = {
  sections: typeof FIRST_STEP_SECTIONS
  applicant: { name: string; email: string; dateOfBirth: string; address: PostalAddress }
  property: { address: PostalAddress; monthlyRent: number }
  /** YYYY-MM-DD (UTC): the day of the screening. */
  asOf: string
  /** The applicant's authorisation (FCRA § 604); required with a verified provider. */
  consent?: { given_at: string; method: string; text_version: string; ip?: string } | null
}

/**
 * Eviction case outcomes as courts record them. Only a judgment for the landlord within the
 * lookback ever counts (docs/vetscore.md); the others are listed so a provider can say what
 * it found without it being held against the applicant.
 */
export const EVICTION_OUTCOMES = [
  'judgment_for_landlord',
  'judgment_for_tenant',
  'dismissed',
  'settled',
  'sealed',
  'pending',
  'unknown',
] as const
export type EvictionOutcome = (typeof EVICTION_OUTCOMES)[number]
export type EvictionRecord = { filedOn: string; outcome: EvictionOutcome }

/** A provider's answer, already normalised to this service's vocabulary. */
export type ProviderReport = {
  verificationStatus: 'verified' | 'mock'
  /** The provider's id of the report (to fetch it again when it completes or after a dispute); null for the mock. */
  reportId: string | null
  /** Who produced the data, e.g. `Mock provider (simulated data, not a consumer report)`. */
  sourceLabel: string
  /** The provider's report status, e.g. `COMPLETE`. */
  reportStatus: string
  credit: {
    score: number | null
    /** null only when the provider holds no credit file for the applicant. */
    band: CreditBand | null
    label: string | null
    /** Most important first; already cut to what a disclosure may list. */
    keyFactors: string[]
  }
  /** The provider's own eviction flag. */
  eviction: RiskFlag
  /** The cases behind it, or null when the provider gave only the flag. */
  evictionRecords: EvictionRecord[] | null
  providerScore: { value: number; label: string } | null
}

/** How a court disposed of a criminal case, as a provider reports it. */
export const CRIMINAL_DISPOSITIONS = [
  'conviction',
  'arrest_no_conviction',
  'pending',
  'dismissed',
  'diversion',
  'sealed',
  'expunged',
  'pardoned',
  'vacated',
  'juvenile',
  'unknown',
] as const
export type CriminalDisposition = (typeof CRIMINAL_DISPOSITIONS)[number]
export const OFFENCE_LEVELS = ['felony', 'misdemeanor', 'violation', 'unknown'] as const
export type OffenceLevel = (typeof OFFENCE_LEVELS)[number]

export type CriminalRecord = {
  offence: string
  level: OffenceLevel
  disposition: CriminalDisposition
  /** YYYY-MM-DD: the conviction or sentencing, else the filing. */
  date: string
  /** YYYY-MM-DD: release from incarceration, when the provider knows it. */
  releasedOn: string | null
  court: string | null
}

/**
 * The second, separate request: criminal records for a report already made, sent only after
 * the landlord recorded a conditional offer, and never where the property's law forbids it.
 * The provider matches the applicant through its own report (we keep no date of birth).
 */
export type CriminalRequest = {
  reportId: string | null
  screeningId: string
  asOf: string
  conditionalOfferAt: string
  rule: { id: string; law: string | null; lookbacks: { offence: string; years: number }[]; neverConsider: string[] } | null
}

export type CriminalReport = {
  reportId: string | null
  sourceLabel: string
  reportStatus: string
  finding: RiskFlag
  records: CriminalRecord[]
}

export interface ScreeningProvider {
  readonly kind: 'mock' | 'verified'
  /** The first request: FIRST_STEP_SECTIONS only. */
  screen(request: ProviderRequest): Promise<ProviderReport>
  /** The second request, after a conditional offer. */
  criminal(request: CriminalRequest): Promise<CriminalReport>
  /** The report as the provider holds it now (a PENDING report completed, a disputed one corrected). */
  fetchReport(reportId: string): Promise<ProviderReport>
}

/** A provider call that did not produce a usable report; nothing is saved. */
export class ProviderError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unavailable' | 'rejected' | 'invalid_response',
    message: string
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}
