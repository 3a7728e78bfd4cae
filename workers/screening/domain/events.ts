import { publishEvent } from '../../../shared/webhooks/events'
import type { Bindings } from '../env'
import { isPartnerOwner } from './owner'
import type { VetScoreResult } from '../schemas'

/** Event types the screening worker sends to webhooks (docs/screening.md "Webhooks"). */
export const SCREENING_EVENTS = ['screening.completed', 'screening.rescored', 'scrape.completed'] as const
export type ScreeningEventType = (typeof SCREENING_EVENTS)[number]

/**
 * The `data` of screening.completed and screening.rescored. Ids, status and outcome only:
 * the applicant's name, e-mail, date of birth and addresses never leave in a webhook, because
 * a receiver URL is not a place we can hold to FCRA § 604 permissible purpose; the partner
 * reads the full result with its key (GET /api/screenings/{id}).
 */
export function screeningEventData(
  s: { id: string; version: number; createdAt: string; result: VetScoreResult },
  propertyId: string,
  reason: string | null
) {
  return {
    screening_id: s.id,
    property_id: propertyId,
    version: s.version,
    reason,
    status: s.result.screeningReportStatus,
    verification_status: s.result.verificationStatus,
    vet_score: s.result.vetScore,
    tier: s.result.tierLabel,
    recommendation: s.result.recommendation,
    screened_at: s.createdAt,
  }
}

/** The `data` of scrape.completed: what ran and how it went; the leads are read from the API. */
export function scrapeEventData(a: {
  city: string
  sources: string[]
  leadCount: number
  warnings: Array<{ source: string }>
  failedSources: string[]
}) {
  return {
    city: a.city,
    sources: a.sources,
    status: a.failedSources.length === 0 ? 'completed' : a.failedSources.length === a.sources.length ? 'failed' : 'partial',
    failed_sources: a.failedSources,
    lead_count: a.leadCount,
    warning_count: a.warnings.length,
  }
}

/**
 * The partner behind a stored owner, or null for an anonymous (e-mail) owner: no webhooks.
 * Webhook endpoints are registered by the partner (routes/webhooks.ts), so this is the
 * endpoints' owner.
 */
export function webhookOwnerOf(owner: string): string | null {
  return isPartnerOwner(owner) ? owner.slice('partner:'.length) : null
}

/**
 * Sends an event to the owner's endpoints only. The screening or scrape it reports is
 * already stored, so a failure to enqueue is logged and does not undo the request.
 */
export async function emit(
  env: Pick<Bindings, 'DB' | 'WEBHOOK_QUEUE'>,
  now: Date,
  webhookOwner: string | null,
  type: ScreeningEventType,
  data: unknown
): Promise<void> {
  if (!webhookOwner || !env.WEBHOOK_QUEUE) return
  try {
    await publishEvent({ db: env.DB, queue: env.WEBHOOK_QUEUE, now }, webhookOwner, type, data)
  } catch (err) {
    console.error(`webhook ${type} for partner ${webhookOwner} not queued: ${String(err)}`)
  }
}
