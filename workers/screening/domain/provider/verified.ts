import { z } from 'zod'
import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { CREDIT_BANDS, RISK_FLAGS, creditBand, creditLabel, keyFactorsForDisclosure, providerScoreLabel } from '../scoring/credit'
import {
  CRIMINAL_DISPOSITIONS,
  EVICTION_OUTCOMES,
  OFFENCE_LEVELS,
  ProviderError,
  type CriminalReport,
  type CriminalRequest,
  type ProviderReport,
  type ProviderRequest,
  type ScreeningProvider,
} from './types'

export type VerifiedProviderConfig = {
  /** The provider's screening endpoint, e.g. `https://api.provider.example/v1/screenings`. */
  url: string
  apiKey: string
  timeoutMs: number
  userAgent: string
}

/**
 * The answer a verified provider must give (docs/screening-provider.md). Anything else is a
 * failed call, never a guess: a report that decides where someone lives is either the
 * provider's or nothing.
 */
const ProviderAnswer = z.object({
  status: z.string().min(1).max(40),
  reportId: z.string().min(1).max(200),
  sourceName: z.string().min(1).max(120),
  credit: z.object({
    score: z.number().int().min(300).max(850).nullable(),
    band: z.enum(CREDIT_BANDS).nullish(),
    keyFactors: z.array(z.string().max(300)).max(20).default([]),
  }),
  eviction: z.enum(RISK_FLAGS),
  evictionRecords: z
    .array(z.object({ filedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), outcome: z.enum(EVICTION_OUTCOMES) }))
    .max(50)
    .nullish(),
  // A `criminal` field in this answer is dropped unread (zod strips unknown keys): the first
  // request never asks for it, and nothing of it may be stored before a conditional offer.
  riskScore: z.object({ value: z.number().int().min(350).max(850), label: z.string().max(40).nullish() }).nullish(),
})

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** The answer to the separate criminal request (docs/screening-provider.md). */
const CriminalAnswer = z.object({
  status: z.string().min(1).max(40),
  reportId: z.string().min(1).max(200),
  sourceName: z.string().min(1).max(120),
  criminal: z.enum(RISK_FLAGS),
  records: z
    .array(
      z.object({
        offence: z.string().min(1).max(200),
        level: z.enum(OFFENCE_LEVELS),
        disposition: z.enum(CRIMINAL_DISPOSITIONS),
        date: day,
        releasedOn: day.nullish(),
        court: z.string().max(200).nullish(),
      })
    )
    .max(50),
})

/**
 * Calls a real screening provider over HTTPS with a bearer key: one attempt, a hard
 * timeout, and a ProviderError naming what went wrong. The applicant's identity goes only
 * to that provider.
 */
export function verifiedProvider(config: VerifiedProviderConfig, fetcher: HttpFetcher): ScreeningProvider {
  return {
    kind: 'verified',
    screen: (request: ProviderRequest) =>
      call(config, fetcher, config.url, ProviderAnswer, {
        method: 'POST',
        body: JSON.stringify({ ...request, permissiblePurpose: 'tenant_screening' }),
      }).then(toReport),
    // The criminal part of a report already made, at <url>/<reportId>/criminal.
    criminal: async (request: CriminalRequest) => {
      if (!request.reportId) throw new ProviderError('invalid_response', 'This screening has no provider report to ask about.')
      const answer = await call(config, fetcher, `${reportUrl(config, request.reportId)}/criminal`, CriminalAnswer, {
        method: 'POST',
        body: JSON.stringify({
          asOf: request.asOf,
          conditionalOfferAt: request.conditionalOfferAt,
          jurisdiction: request.rule,
          permissiblePurpose: 'tenant_screening',
        }),
      })
      return toCriminalReport(answer)
    },
    // The same answer shape at <url>/<reportId> (docs/screening-provider.md).
    fetchReport: (reportId: string) => call(config, fetcher, reportUrl(config, reportId), ProviderAnswer, { method: 'GET' }).then(toReport),
  }
}

function reportUrl(config: VerifiedProviderConfig, reportId: string): string {
  return `${config.url.replace(/\/+$/, '')}/${encodeURIComponent(reportId)}`
}

async function call<S extends z.ZodTypeAny>(
  config: VerifiedProviderConfig,
  fetcher: HttpFetcher,
  url: string,
  schema: S,
  init: { method: 'GET' | 'POST'; body?: string }
): Promise<z.infer<S>> {
  let res: Response
  try {
    res = await fetcher(url, {
      ...init,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        'user-agent': config.userAgent,
      },
      signal: AbortSignal.timeout(config.timeoutMs),
    })
  } catch (err) {
    if (isTimeout(err)) {
      throw new ProviderError('timeout', `The screening provider did not answer within ${config.timeoutMs / 1000} seconds.`)
    }
    throw new ProviderError('unavailable', 'The screening provider could not be reached.')
  }
  if (res.status === 401 || res.status === 403) {
    throw new ProviderError('rejected', 'The screening provider refused our credentials; the operator must check the provider key.')
  }
  if (!res.ok) {
    throw new ProviderError('unavailable', `The screening provider answered HTTP ${res.status}.`)
  }
  let json: unknown
  try {
    json = await res.json()
  } catch (err) {
    if (isTimeout(err)) {
      throw new ProviderError('timeout', `The screening provider did not answer within ${config.timeoutMs / 1000} seconds.`)
    }
    throw new ProviderError('invalid_response', 'The screening provider answered with something that is not JSON.')
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    throw new ProviderError('invalid_response', 'The screening provider answered in a shape this service does not understand.')
  }
  return parsed.data
}

function toCriminalReport(answer: z.infer<typeof CriminalAnswer>): CriminalReport {
  return {
    reportId: answer.reportId,
    sourceLabel: `${answer.sourceName} (report ${answer.reportId})`,
    reportStatus: answer.status.toUpperCase(),
    finding: answer.criminal,
    records: answer.records.map((r) => ({ ...r, releasedOn: r.releasedOn ?? null, court: r.court ?? null })),
  }
}

function toReport(answer: z.infer<typeof ProviderAnswer>): ProviderReport {
  const score = answer.credit.score
  const band = score !== null ? creditBand(score) : (answer.credit.band ?? null)
  const risk = answer.riskScore
  return {
    verificationStatus: 'verified',
    reportId: answer.reportId,
    sourceLabel: `${answer.sourceName} (report ${answer.reportId})`,
    reportStatus: answer.status.toUpperCase(),
    credit: {
      score,
      band,
      label: score !== null ? creditLabel(score) : null,
      keyFactors: keyFactorsForDisclosure(answer.credit.keyFactors),
    },
    eviction: answer.eviction,
    evictionRecords: answer.evictionRecords ?? null,
    providerScore: risk ? { value: risk.value, label: risk.label || providerScoreLabel(risk.value) } : null,
  }
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
}
