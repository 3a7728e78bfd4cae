import * as store from '../../store'
import type { ScreeningRef } from './workflow'

/** The screening a fair-chance step acts on: its applicant, its place and its provider report. */
export async function screeningRef(
  db: D1Database,
  found: { screening: store.SavedScreening; property: store.PropertyRow },
  actor: string
): Promise<ScreeningRef & { conditionalOfferAt: string | null }> {
  const hidden = await store.screeningPrivate(db, found.screening.id)
  const facts: store.ReportFacts | null = hidden?.report_json ? JSON.parse(hidden.report_json) : null
  return {
    screeningId: found.screening.id,
    applicantEmail: found.screening.applicantEmail,
    city: found.property.city,
    state: found.property.state,
    reportId: facts?.report?.reportId ?? null,
    actor,
    conditionalOfferAt: hidden?.conditional_offer_at ?? null,
  }
}
