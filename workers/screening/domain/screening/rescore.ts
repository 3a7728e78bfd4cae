import { DomainError } from '../../../../shared/errors'
import { type ScreeningEventType, webhookOwnerOf, screeningEventData } from '../events'
import { isPartnerOwner } from '../owner'
import { ProviderError, type ProviderReport, type ScreeningProvider } from '../provider/types'
import * as store from '../../store'
import { reportFacts, scoreReport } from './screen'

/** What a rescore needs from outside (ScreeningPorts in env.ts provides each). */
export type RescoreContext = {
  db: D1Database
  now: Date
  provider: () => ScreeningProvider
  emit: (webhookOwner: string | null, type: ScreeningEventType, data: unknown) => Promise<void>
}

export type RescoreChange = {
  reason: string
  monthlyIncome?: number
  monthlyRent?: number
  voucherAmount?: number
  /** Fetch the provider's report again (after a dispute, or to complete a PENDING one). */
  refreshReport: boolean
}

/**
 * A new version of a screening's result (issue 12 §4): the stored report (or the provider's
 * current one) scored again with corrected money inputs under today's rules. The old result
 * stays readable in screening_versions. Returns null when nothing would change the stored
 * report (a refresh that is still PENDING).
 */
export async function rescore(
  ctx: RescoreContext,
  found: { screening: store.SavedScreening; property: store.PropertyRow },
  change: RescoreChange
): Promise<store.SavedScreening | null> {
  const db = ctx.db
  const hidden = await store.screeningPrivate(db, found.screening.id)
  const facts: store.ReportFacts | null = hidden?.report_json ? JSON.parse(hidden.report_json) : null
  if (!facts?.report || !facts.inputs) {
    throw new DomainError(
      'NOT_RESCORABLE',
      'This screening was saved before results could be rescored (it keeps no report to score again).'
    )
  }
  let report = facts.report
  if (change.refreshReport && report.verificationStatus === 'verified' && report.reportId) {
    report = await refreshed(ctx, report.reportId)
    if (change.reason === 'report_completed' && report.reportStatus === 'PENDING') return null
  }
  const inputs: store.ScoringInputs = {
    ...facts.inputs,
    ...(change.monthlyIncome !== undefined ? { monthlyIncome: change.monthlyIncome } : {}),
    ...(change.monthlyRent !== undefined ? { monthlyRent: change.monthlyRent } : {}),
    ...(change.voucherAmount !== undefined ? { voucherAmount: change.voucherAmount } : {}),
  }
  if (inputs.voucherAmount > inputs.monthlyRent) {
    throw new DomainError('VALIDATION_ERROR', 'voucherAmount must not be more than monthlyRent.', {
      issues: [{ path: 'voucherAmount', message: 'must not be more than monthlyRent' }],
    })
  }
  const asOf = ctx.now.toISOString().slice(0, 10)
  const owner = found.property.owner
  const partnerSkipsCredit = isPartnerOwner(owner) ? await store.skipsCreditForSubsidy(db, owner) : false
  const result = scoreReport({ input: inputs, report, property: found.property, asOf, partnerSkipsCredit })
  const saved = await store.saveNewVersion(db, {
    screeningId: found.screening.id,
    readVersion: found.screening.version,
    result,
    report: reportFacts(report, asOf, inputs),
    reason: change.reason,
    now: ctx.now,
  })
  if (!saved) throw new DomainError('RESCORE_CONFLICT', 'The screening changed while it was being rescored; read it again and retry.')
  const updated = (await store.screeningWithProperty(db, found.screening.id))!.screening
  // A PENDING report completed by the cron is the screening's completion; anything else a rescore.
  const type = change.reason === 'report_completed' ? 'screening.completed' : 'screening.rescored'
  await ctx.emit(webhookOwnerOf(found.property.owner), type, screeningEventData(updated, found.property.external_id, change.reason))
  return updated
}

async function refreshed(ctx: RescoreContext, reportId: string): Promise<ProviderReport> {
  try {
    return await ctx.provider().fetchReport(reportId)
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err
    const timeout = err.reason === 'timeout'
    throw new DomainError(timeout ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE', `${err.message} Nothing was changed.`)
  }
}
