import { DomainError } from '../../../../shared/errors'
import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { mockProvider } from './mock'
import type { ScreeningProvider } from './types'
import { verifiedProvider } from './verified'

export type ProviderSettings = {
  SCREENING_MODE?: string
  SCREENING_PROVIDER_URL?: string
  SCREENING_PROVIDER_API_KEY?: string
  SCREENING_PROVIDER_TIMEOUT_MS?: string
}

const DEFAULT_TIMEOUT_MS = 8000

export function providerConfigured(settings: ProviderSettings): boolean {
  return Boolean(settings.SCREENING_PROVIDER_URL?.trim() && settings.SCREENING_PROVIDER_API_KEY?.trim())
}

/**
 * `verified` when both provider secrets are set; the simulated mock only when the operator
 * asked for it with SCREENING_MODE=mock. A deployment with neither refuses to score (503)
 * rather than hand out simulated results as if they were a screening (issue 12).
 */
export function selectProvider(settings: ProviderSettings, fetcher: HttpFetcher, userAgent: string): ScreeningProvider {
  if (providerConfigured(settings)) {
    const timeout = Number(settings.SCREENING_PROVIDER_TIMEOUT_MS)
    return verifiedProvider(
      {
        url: settings.SCREENING_PROVIDER_URL!.trim(),
        apiKey: settings.SCREENING_PROVIDER_API_KEY!.trim(),
        timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
        userAgent,
      },
      fetcher
    )
  }
  if (settings.SCREENING_MODE?.trim() === 'mock') return mockProvider
  throw new DomainError(
    'PROVIDER_NOT_CONFIGURED',
    'No screening provider is configured, so no applicant can be screened. The operator must set the provider secrets (or SCREENING_MODE=mock for a simulation).'
  )
}
