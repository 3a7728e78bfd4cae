import { criminalPolicy, type CriminalPolicy } from '../fair-housing/jurisdiction'
import { ProviderError, type ScreeningProvider } from '../provider/types'
import * as fc from '../../stores/fair-chance'
import * as store from '../../store'
import { windowOpen } from './deadline'
import { FairChanceError } from './errors'
import { applicantNotice, type ApplicantNotice } from './notice'
import { reviewRecords } from './records'

/** What the fair-chance use cases need from the outside. */
export type FairChancePorts = {
  db: D1Database
  now: Date
  /** The configured provider, chosen only when a request is really sent. */
  provider: () => ScreeningProvider
  /** Queues the notice e-mail to the applicant (the outbox renders it from the stored check). */
  notifyApplicant: (screeningId: string, to: string) => Promise<string>
}

/** The screening a step acts on, already checked to be the caller's. */
export type ScreeningRef = {
  screeningId: string
  applicantEmail: string
  city: string
  state: string
  reportId: string | null
  /** Who acts, for the audit trail (never an e-mail address). */
  actor: string
}

/** A criminal request that started this long ago and never finished is taken to have died. */
const STALE_CLAIM_MS = 2 * 60_000
export const MAX_APPLICANT_RESPONSES = 10

export type SecondStepState = {
  policy: CriminalPolicy
  conditionalOfferAt: string
  check: fc.CriminalCheckRow | null
  notice: ApplicantNotice | null
  noticeDelivery: string | null
}

/**
 * The landlord records a conditional offer; then, unless the property's law forbids it, the
 * one criminal request of this screening goes to the provider, the records are reviewed
 * against the rule's lookbacks and barred categories, and the applicant is sent the notice
 * with the records, the deadline and a signed link to answer. Where the law forbids the
 * check, nothing is requested, now or later (a `not_permitted` row says so).
 */
export async function makeConditionalOffer(ports: FairChancePorts, ref: ScreeningRef): Promise<SecondStepState> {
  const { db, now } = ports
  const id = ref.screeningId
  const conditionalOfferAt = await store.recordConditionalOffer(db, id, now)
  await store.audit(db, [id], 'conditional_offer', ref.actor, now)
  const policy = criminalPolicy(ref.city, ref.state)
  if (policy.use === 'not_permitted') {
    await fc.markNotPermitted(db, id, policy.rule?.id ?? null, now)
    return { policy, conditionalOfferAt, check: await fc.criminalCheck(db, id), notice: null, noticeDelivery: null }
  }
  const existing = await fc.criminalCheck(db, id)
  if (existing?.status === 'received' || existing?.status === 'not_permitted') {
    return { policy, conditionalOfferAt, check: existing, notice: parseNotice(existing), noticeDelivery: null }
  }
  const claimed = await fc.claimCriminalCheck(db, id, policy.rule?.id ?? null, now, new Date(now.getTime() - STALE_CLAIM_MS))
  if (!claimed) {
    throw new FairChanceError(
      'CRIMINAL_CHECK_IN_PROGRESS',
      'The criminal-history request for this screening is already under way; retry in a minute.'
    )
  }
  await store.audit(db, [id], 'criminal_check_requested', ref.actor, now)
  const rule = policy.rule
  let report: Awaited<ReturnType<ScreeningProvider['criminal']>>
  try {
    report = await ports.provider().criminal({
      reportId: ref.reportId,
      screeningId: id,
      asOf: now.toISOString().slice(0, 10),
      conditionalOfferAt,
      rule: rule ? { id: rule.id, law: rule.law, lookbacks: rule.criminal.lookbacks, neverConsider: rule.criminal.prohibited } : null,
    })
  } catch (err) {
    await fc.releaseCriminalCheck(db, id)
    if (err instanceof ProviderError) {
      const timeout = err.reason === 'timeout'
      throw new FairChanceError(
        timeout ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE',
        `${err.message} No criminal-history record was stored; retry the conditional offer in a few minutes.`
      )
    }
    throw err
  }
  const sentOn = now.toISOString().slice(0, 10)
  const notice = applicantNotice({
    policy,
    finding: report.finding,
    records: reviewRecords(report.records, rule, sentOn),
    sentOn,
    source: report.sourceLabel,
  })
  await fc.saveCriminalRecords(db, {
    screeningId: id,
    finding: report.finding,
    sourceLabel: report.sourceLabel,
    records: notice.records,
    notice,
    respondBy: notice.respondBy,
    now,
  })
  await store.audit(db, [id], 'criminal_records_received', 'system', now)
  const noticeDelivery = await ports.notifyApplicant(id, ref.applicantEmail)
  await store.audit(db, [id], 'applicant_notice', 'system', now)
  return { policy, conditionalOfferAt, check: await fc.criminalCheck(db, id), notice, noticeDelivery }
}

export function parseNotice(check: fc.CriminalCheckRow | null): ApplicantNotice | null {
  return check?.notice_json ? (JSON.parse(check.notice_json) as ApplicantNotice) : null
}

export type ApplicantResponseInput = {
  statement: string
  evidence: { kind: string; description: string }[]
}

/** The applicant's answer to the notice, through the signed link it carried. */
export async function submitApplicantResponse(
  ports: Pick<FairChancePorts, 'db' | 'now'>,
  a: { screeningId: string; capabilityId: string; response: ApplicantResponseInput }
): Promise<{ id: string; submittedAt: string }> {
  const check = await fc.criminalCheck(ports.db, a.screeningId)
  if (check?.status !== 'received') {
    throw new FairChanceError('CRIMINAL_CHECK_NOT_RECEIVED', 'No criminal-history records were sent to you for this application.')
  }
  if (await fc.decisionOf(ports.db, a.screeningId)) {
    throw new FairChanceError('RESPONSE_WINDOW_CLOSED', 'The landlord has already recorded a decision on this application.')
  }
  const id = await fc.addApplicantResponse(ports.db, { ...a, now: ports.now, max: MAX_APPLICANT_RESPONSES })
  if (!id) {
    throw new FairChanceError(
      'RESPONSE_LIMIT_REACHED',
      `At most ${MAX_APPLICANT_RESPONSES} answers can be sent for one application; put everything else in one statement.`
    )
  }
  await store.audit(ports.db, [a.screeningId], 'applicant_response', `applicant:${a.capabilityId}`, ports.now)
  return { id, submittedAt: ports.now.toISOString() }
}

export type AssessmentInput = {
  factors: Record<string, string>
  recordsRelied: number[]
  conclusion: 'offer_stands' | 'withdraw_offer'
  explanation: string
}

/**
 * The landlord's individualized assessment of the records: every factor the rule lists
 * answered, only records that may be considered relied on, and not before the applicant
 * answered or the window to answer closed.
 */
export async function recordAssessment(
  ports: Pick<FairChancePorts, 'db' | 'now'>,
  ref: ScreeningRef,
  input: AssessmentInput
): Promise<{ assessedAt: string }> {
  const { db, now } = ports
  const check = await fc.criminalCheck(db, ref.screeningId)
  if (check?.status === 'not_permitted') {
    throw new FairChanceError(
      'CRIMINAL_HISTORY_NOT_PERMITTED',
      'The law of this property forbids decisions based on criminal history: there is nothing to assess.'
    )
  }
  const notice = parseNotice(check)
  if (check?.status !== 'received' || !notice) {
    throw new FairChanceError(
      'CRIMINAL_CHECK_NOT_RECEIVED',
      'No criminal-history records were received for this screening: record the conditional offer first.'
    )
  }
  const responses = await fc.applicantResponses(db, ref.screeningId)
  if (responses.length === 0 && windowOpen(notice.respondBy, now)) {
    throw new FairChanceError(
      'RESPONSE_WINDOW_OPEN',
      `The applicant has until ${notice.respondBy} (${notice.response.days} ${notice.response.unit} days) to answer the notice; assess after they answer or the window closes.`,
      { respondBy: notice.respondBy }
    )
  }
  const missing = notice.assessmentFactors.filter((f) => !input.factors[f.id]?.trim())
  const unknown = Object.keys(input.factors).filter((k) => !notice.assessmentFactors.some((f) => f.id === k))
  if (missing.length || unknown.length) {
    throw new FairChanceError('ASSESSMENT_INCOMPLETE', 'Address every factor this rule lists, and only those.', {
      issues: [
        ...missing.map((f) => ({ path: `factors.${f.id}`, message: `is required: ${f.label}` })),
        ...unknown.map((k) => ({ path: `factors.${k}`, message: 'is not a factor of this rule' })),
      ],
    })
  }
  const barred = input.recordsRelied.filter((i) => !notice.records[i]?.mayConsider)
  if (barred.length) {
    throw new FairChanceError('RECORD_NOT_CONSIDERABLE', 'An assessment may rely only on records marked mayConsider.', {
      issues: barred.map((i) => ({ path: `recordsRelied.${i}`, message: notice.records[i] ? notice.records[i].why : 'no such record' })),
    })
  }
  const saved = await fc.saveAssessment(
    db,
    ref.screeningId,
    ref.actor,
    { ...input, applicantResponsesConsidered: responses.map((r) => r.id) },
    now
  )
  if (!saved)
    throw new FairChanceError('ASSESSMENT_ALREADY_RECORDED', 'An individualized assessment was already recorded for this screening.')
  await store.audit(db, [ref.screeningId], 'individualized_assessment', ref.actor, now)
  return { assessedAt: now.toISOString() }
}

export type DecisionInput = {
  action: 'approved' | 'approved_with_conditions' | 'denied'
  conditions?: { cosigner?: boolean; deposit?: number; rent?: number }
}

/**
 * What the landlord did. After a conditional offer whose criminal check found something, a
 * denial or new conditions withdraw the offer: refused without an individualized assessment,
 * and refused when the assessment concluded that the offer stands (NYC, Cook County, NJ, DC:
 * the records may be relied on only through that assessment).
 */
export async function recordDecision(
  ports: Pick<FairChancePorts, 'db' | 'now'>,
  ref: ScreeningRef,
  input: DecisionInput,
  offerAt: string | null
): Promise<{ decidedAt: string; criminalHistoryAssessed: boolean }> {
  const { db, now } = ports
  const c = input.conditions ?? {}
  const hasConditions = Boolean(c.cosigner) || c.deposit !== undefined || c.rent !== undefined
  if ((input.action === 'approved_with_conditions') !== hasConditions) {
    throw new FairChanceError(
      'INVALID_CONDITIONS',
      input.action === 'approved_with_conditions'
        ? 'approved_with_conditions needs at least one condition: cosigner, deposit or rent.'
        : 'Conditions go only with approved_with_conditions.'
    )
  }
  const adverse = input.action !== 'approved'
  let assessed = false
  if (offerAt && adverse) {
    const check = await fc.criminalCheck(db, ref.screeningId)
    if (check?.status === 'requesting') {
      throw new FairChanceError(
        'CRIMINAL_CHECK_IN_PROGRESS',
        'The criminal-history request is under way; decide once its records are in and assessed.'
      )
    }
    if (check?.status === 'received' && check.finding !== 'clear') {
      const assessment = await fc.assessmentOf(db, ref.screeningId)
      if (!assessment) {
        throw new FairChanceError(
          'ASSESSMENT_REQUIRED',
          'A conditional offer was made and criminal-history records were received: withdrawing the offer or changing its terms needs an individualized assessment first (POST /api/screenings/{id}/individualized-assessment).'
        )
      }
      if ((JSON.parse(assessment.assessment_json) as AssessmentInput).conclusion === 'offer_stands') {
        throw new FairChanceError('CONTRADICTS_ASSESSMENT', 'The individualized assessment concluded that the offer stands.')
      }
      assessed = true
    }
  }
  const saved = await fc.saveDecision(db, {
    screeningId: ref.screeningId,
    actor: ref.actor,
    action: input.action,
    decision: { ...input, afterConditionalOffer: offerAt !== null, criminalHistoryAssessed: assessed },
    now,
  })
  if (!saved) throw new FairChanceError('DECISION_ALREADY_RECORDED', 'A decision was already recorded for this screening.')
  await store.audit(db, [ref.screeningId], `decision_${input.action}`, ref.actor, now)
  return { decidedAt: now.toISOString(), criminalHistoryAssessed: assessed }
}
