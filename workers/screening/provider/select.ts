import type { HttpFetcher } from '../../../shared/http-fetcher'
import { mockProvider } from './mock'
import type { ScreeningProvider } from './types'
import { verifiedProvider } from './verified'

export type ProviderSettings = {
  SCREENING_PROVIDER_URL?: string
  SCREENING_PROVIDER_API_KEY?: string
  SCREENING_PROVIDER_TIMEOUT_MS?: string
}

const DEFAULT_TIMEOUT_MS = 8000

/**
 * `verified` when both provider secrets are set, the mock otherwise (DECISIONS.md: results
 * are `mock` unless a screening provider is configured).
 */
export function selectProvider(settings: ProviderSettings, fetcher: HttpFetcher, userAgent: string): ScreeningProvider {
  const url = settings.SCREENING_PROVIDER_URL?.trim()
  const apiKey = settings.SCREENING_PROVIDER_API_KEY?.trim()
  if (!url || !apiKey) return mockProvider
  const timeout = Number(settings.SCREENING_PROVIDER_TIMEOUT_MS)
  return verifiedProvider(
    { url, apiKey, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS, userAgent },
    fetcher
  )
}
