import type { CreditBand, RiskFlag } from '../scoring/credit'

export type PostalAddress = { line1: string; city: string; state: string; postalCode: string }

/** What a provider is told: identity for matching records, and the unit applied for. */
export type ProviderRequest = {
  applicant: { name: string; email: string; dateOfBirth: string; address: PostalAddress }
  property: { address: PostalAddress; monthlyRent: number }
}

/** A provider's answer, already normalised to this service's vocabulary. */
export type ProviderReport = {
  verificationStatus: 'verified' | 'mock'
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
  eviction: RiskFlag
  criminal: RiskFlag
  providerScore: { value: number; label: string } | null
}

export interface ScreeningProvider {
  readonly kind: 'mock' | 'verified'
  screen(request: ProviderRequest): Promise<ProviderReport>
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
