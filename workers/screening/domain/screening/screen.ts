import { DomainError } from '../../../../shared/errors'
import { addressKey, tidy } from '../address/normalize'
import { resultMailSentence } from '../mail/outbox'
import { isPartnerOwner, ownerOf } from '../owner'
import { chargePartnerScreening } from '../partner-cap'
import { criminalPolicy, evictionPolicy } from '../fair-housing/jurisdiction'
import { firstStep } from '../fair-housing/criminal'
import { assessEvictions } from '../fair-housing/evictions'
import {
  FIRST_STEP_SECTIONS,
  ProviderError,
  type PostalAddress,
  type ProviderReport,
  type ProviderRequest,
  type ScreeningProvider,
} from '../provider/types'
import type { AlternativeEvidence, ScreeningRequest, VetScoreResult } from '../../schemas'
import { SCORING_VERSION, scoreApplicant } from '../scoring/vetscore'
import { creditWaiver } from '../scoring/subsidy-credit'
import * as store from '../../store'
import { type ScreeningEventType, webhookOwnerOf, screeningEventData } from '../events'
import { buildResult } from './result'

/** What a screening needs from outside (ScreeningPorts in env.ts provides each). */
export type ScreenPorts = {
  db: D1Database
  linkSecret: string | undefined
  providerConfigured: boolean
  provider: () => ScreeningProvider
  defaultPartnerCap: number
  outbox: { queue: (kind: 'result', screeningId: string, to: string) => Promise<'capped' | 'queued' | 'sent' | 'retrying'> }
  emit: (webhookOwner: string | null, type: ScreeningEventType, data: unknown) => Promise<void>
}

export type ScreenContext = ScreenPorts & {
  now: Date
  /** The partner that owns what this screening creates, or null without a key (the landlord's e-mail owns it). */
  partnerId: string | null
  /** The key the partner used (recorded on the screening), or null (no key, or the partner's embed). */
  keyId: string | null
  /**
   * Whether the caller proved it owns the property (the partner key on the API). An
   * anonymous caller, or an applicant on the partner's embed, is not told that a screening
   * already exists: its repeat answers exactly like a first screen.
   */
  callerIsOwner: boolean
}

export type ScreenOutcome =
  | { existingRequest: true; screeningId: string; result: VetScoreResult | null; screenedAt: string; propertyId: string }
  | { existingRequest: false; screeningId: string; result: VetScoreResult; delivery: string; propertyId: string }

/**
 * One screening: find the caller's own property, answer a repeat, otherwise ask the provider,
 * score, save (the database settles parallel duplicates), record the landlord lead and queue
 * the result e-mail to the landlord.
 *
 * A repeat returns the saved result only to a partner key that owns the property. Without a
 * key the owner is just an e-mail address anyone can type, so the saved result is withheld
 * and stays behind the link e-mailed to the landlord.
 */
export async function screenApplicant(ctx: ScreenContext, input: ScreeningRequest): Promise<ScreenOutcome> {
  const db = ctx.db
  if (!ctx.partnerId && !ctx.linkSecret) {
    throw new DomainError('NOT_CONFIGURED', 'Screenings without a partner key need LINK_SIGNING_SECRET, which the operator has not set.')
  }
  // FCRA § 604: a consumer report only for an applicant who authorised it.
  if (ctx.providerConfigured && !input.consent) {
    throw new DomainError(
      'CONSENT_REQUIRED',
      "A verified screening pulls a consumer report: send the applicant's consent as consent: { given_at, method, text_version, ip? }.",
      { issues: [{ path: 'consent', message: 'is required with a verified screening provider' }] }
    )
  }
  const property = await findProperty(ctx, input)

  const earlier = await store.findScreening(db, property.id, input.applicantEmail)
  if (earlier && ctx.callerIsOwner) return repeat(ctx, earlier, property)

  const wait = ctx.partnerId ? await chargePartnerScreening(ctx, ownerOf(ctx.partnerId, ''), ctx.now) : null
  if (wait !== null) {
    throw new DomainError(
      'PARTNER_DAILY_CAP_REACHED',
      "This partner's daily screening cap is reached; new screenings resume at 00:00 UTC. The partner sets its cap with PUT /api/partner/screening-cap.",
      { retry_after_seconds: wait }
    )
  }
  const place = placeOf(property)
  const asOf = ctx.now.toISOString().slice(0, 10)
  const report = await askProvider(ctx, {
    sections: FIRST_STEP_SECTIONS,
    applicant: {
      name: input.applicantName || '',
      email: input.applicantEmail,
      dateOfBirth: input.applicantDob,
      address: {
        line1: tidy(input.applicantAddress),
        city: tidy(input.applicantCity),
        state: input.applicantState,
        postalCode: input.applicantPostalCode,
      },
    },
    property: { address: place, monthlyRent: input.monthlyRent },
    asOf,
    consent: input.consent ?? null,
  })
  const partnerSkipsCredit = isPartnerOwner(property.owner) ? await store.skipsCreditForSubsidy(db, property.owner) : false
  const result = scoreReport({ input, report, property, asOf, partnerSkipsCredit })
  if (earlier) return lookalike(ctx, earlier, result, property, input.email)
  const { saved, created } = await store.saveScreening(db, {
    propertyRowId: property.id,
    applicantEmail: input.applicantEmail,
    landlordEmail: input.email,
    result,
    scoringVersion: SCORING_VERSION,
    report: reportFacts(report, asOf, {
      monthlyRent: input.monthlyRent,
      monthlyIncome: input.monthlyIncome,
      voucherAmount: input.voucherAmount ?? 0,
      applicantName: input.applicantName ?? null,
      ...(input.alternativeEvidence?.length ? { alternativeEvidence: input.alternativeEvidence } : {}),
    }),
    consent: input.consent ?? null,
    partnerKeyId: ctx.keyId,
    now: ctx.now,
  })
  // A parallel duplicate got there first: its result stands, and nothing else is created.
  if (!created) return ctx.callerIsOwner ? repeat(ctx, saved, property) : lookalike(ctx, saved, result, property, input.email)

  await store.touchLandlordLead(db, input.email, ctx.now)
  await store.audit(db, [saved.id], 'created', ctx.partnerId ? `partner:${ctx.partnerId}` : 'anonymous', ctx.now)
  await ctx.emit(webhookOwnerOf(property.owner), 'screening.completed', screeningEventData(saved, property.external_id, 'created'))
  const delivery = resultMailSentence(await ctx.outbox.queue('result', saved.id, input.email))
  return { existingRequest: false, screeningId: saved.id, result, delivery, propertyId: property.external_id }
}

function repeat(ctx: ScreenContext, saved: store.SavedScreening, property: store.PropertyRow): ScreenOutcome {
  return {
    existingRequest: true,
    screeningId: saved.id,
    result: ctx.partnerId ? saved.result : null,
    screenedAt: saved.createdAt,
    propertyId: property.external_id,
  }
}

/**
 * A repeat for a caller that is not the proven owner (issue 34 §5), answered like a first
 * screen so that knowing a landlord's e-mail, an address and a person's e-mail reveals
 * neither that this person applied nor when: a fresh provider call on the identity given
 * (never the stored report, which may be someone else's if the caller guessed an e-mail),
 * the result of this request, the stored screening's id, and the landlord's result e-mail as
 * for a first screen. Nothing is stored; the audit trail records the attempt.
 */
async function lookalike(
  ctx: ScreenContext,
  saved: store.SavedScreening,
  result: VetScoreResult,
  property: store.PropertyRow,
  landlordEmail: string
): Promise<ScreenOutcome> {
  await store.audit(ctx.db, [saved.id], 'repeat_submitted', ctx.partnerId ? 'embed' : 'anonymous', ctx.now)
  const delivery = resultMailSentence(await ctx.outbox.queue('result', saved.id, landlordEmail))
  return { existingRequest: false, screeningId: saved.id, result, delivery, propertyId: property.external_id }
}

/**
 * The caller's property: its own propertyId inside its own namespace, or its property at the
 * same normalised address. Another owner's property can neither be found nor written to.
 */
async function findProperty(ctx: ScreenContext, input: ScreeningRequest): Promise<store.PropertyRow> {
  const place = {
    address: tidy(input.propertyAddress),
    city: tidy(input.propertyCity),
    state: input.propertyState,
    postalCode: input.propertyPostalCode,
  }
  const described = {
    owner: ownerOf(ctx.partnerId, input.email),
    partnerScope: ctx.partnerId ?? '',
    ownerEmail: input.email,
    ...place,
    addressKey: addressKey(place),
    now: ctx.now,
  }
  return input.propertyId ? store.ensureProperty(ctx.db, input.propertyId, described) : store.matchOrCreateProperty(ctx.db, described)
}

/**
 * Scores a provider report under the rules of the property's place: the eviction lookback
 * and the fair-chance rule come from the jurisdiction data (fair-housing/jurisdiction.ts).
 */
export function scoreReport(a: {
  input: Pick<ScreeningRequest, 'monthlyRent' | 'monthlyIncome' | 'voucherAmount' | 'applicantName'> & {
    alternativeEvidence?: AlternativeEvidence[]
  }
  report: ProviderReport
  property: store.PropertyRow
  asOf: string
  /** The property owner's policy: no credit scoring for subsidised applicants (partner setting). */
  partnerSkipsCredit: boolean
}): VetScoreResult {
  const { input, report, property } = a
  const waiver = creditWaiver({ state: property.state, voucherAmount: input.voucherAmount ?? 0, partnerSkipsCredit: a.partnerSkipsCredit })
  const eviction = assessEvictions({
    flag: report.eviction,
    records: report.evictionRecords,
    lookbackYears: evictionPolicy(property.city, property.state).lookbackYears,
    asOf: a.asOf,
  })
  const score = scoreApplicant({
    monthlyRent: input.monthlyRent,
    monthlyIncome: input.monthlyIncome,
    voucherAmount: input.voucherAmount ?? 0,
    reportStatus: report.reportStatus,
    credit: report.credit,
    eviction,
    providerScore: report.providerScore,
    creditWaiver: waiver,
  })
  return buildResult({
    propertyId: property.external_id,
    applicantName: input.applicantName,
    report,
    eviction,
    criminalScreening: firstStep(criminalPolicy(property.city, property.state)),
    score,
    creditWaiver: waiver,
    alternativeEvidence: input.alternativeEvidence ?? [],
  })
}

/** What an adverse-action notice needs from the report later (FCRA § 615(a), § 609(f)). */
export function reportFacts(report: ProviderReport, asOf: string, inputs: store.ScoringInputs): store.ReportFacts {
  return {
    report,
    inputs,
    sourceLabel: report.sourceLabel,
    verificationStatus: report.verificationStatus,
    creditScore: report.credit.score,
    creditScoreDate: asOf,
    keyFactors: report.credit.keyFactors,
    evictionRecords: report.evictionRecords,
  }
}

function placeOf(p: store.PropertyRow): PostalAddress {
  return { line1: p.address, city: p.city, state: p.state, postalCode: p.postal_code }
}

async function askProvider(ctx: ScreenContext, request: ProviderRequest) {
  const provider = ctx.provider()
  try {
    return await provider.screen(request)
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err
    const timeout = err.reason === 'timeout'
    throw new DomainError(
      timeout ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE',
      `${err.message} No screening was saved; retry in a few minutes.`
    )
  }
}
