import { ApiError } from '../../../shared/errors'
import type { HttpFetcher } from '../../../shared/http-fetcher'
import { addressKey, tidy } from '../address/normalize'
import type { Bindings } from '../env'
import { deliver } from '../mail/deliver'
import { resultMail } from '../mail/result-mail'
import { selectTransport } from '../mail/transport'
import { selectProvider } from '../provider/select'
import { ProviderError, type PostalAddress, type ProviderRequest } from '../provider/types'
import type { ScreeningRequest, VetScoreResult } from '../schemas'
import { SCORING_VERSION, scoreApplicant } from '../scoring/vetscore'
import * as store from '../store'
import { buildResult } from './result'

export type ScreenContext = {
  env: Bindings
  fetcher: HttpFetcher
  now: Date
  /** The partner key's id, or null without one. */
  partnerKeyId: string | null
  userAgent: string
}

export type ScreenOutcome =
  | { existingRequest: true; result: VetScoreResult; screenedAt: string }
  | { existingRequest: false; result: VetScoreResult; delivery: string }

/**
 * One screening: find the property, return the saved result for a repeat, otherwise ask the
 * provider, score, save (the database settles parallel duplicates), record the landlord lead
 * and deliver the result e-mail.
 */
export async function screenApplicant(ctx: ScreenContext, input: ScreeningRequest): Promise<ScreenOutcome> {
  const db = ctx.env.DB
  const property = await findProperty(ctx, input)

  const earlier = await store.findScreening(db, property.id, input.applicantEmail)
  if (earlier) return { existingRequest: true, result: earlier.result, screenedAt: earlier.createdAt }

  const place = placeOf(property)
  const report = await askProvider(ctx, {
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
  })
  const score = scoreApplicant({
    monthlyRent: input.monthlyRent,
    monthlyIncome: input.monthlyIncome,
    reportStatus: report.reportStatus,
    credit: report.credit,
    eviction: report.eviction,
    criminal: report.criminal,
    providerScore: report.providerScore,
  })
  const result = buildResult({ propertyId: property.id, applicantName: input.applicantName, report, score })
  const { saved, created } = await store.saveScreening(db, {
    propertyId: property.id,
    applicantEmail: input.applicantEmail,
    landlordEmail: input.email,
    result,
    scoringVersion: SCORING_VERSION,
    partnerKeyId: ctx.partnerKeyId,
    now: ctx.now,
  })
  // A parallel duplicate got there first: its result stands, and nothing else is created.
  if (!created) return { existingRequest: true, result: saved.result, screenedAt: saved.createdAt }

  await store.touchLandlordLead(db, input.email, ctx.now)
  const mail = resultMail({
    to: input.email,
    result,
    propertyAddress: `${place.line1}, ${place.city}, ${place.state} ${place.postalCode}`,
    rankingUrl: `${ctx.env.BASE_URL}/api/properties/${property.id}/applicants`,
  })
  const delivery = await deliver(db, selectTransport(ctx.env, ctx.fetcher), mail, saved.id, ctx.now)
  return { existingRequest: false, result, delivery }
}

async function findProperty(ctx: ScreenContext, input: ScreeningRequest): Promise<store.PropertyRow> {
  const scope = ctx.partnerKeyId ?? ''
  const place = {
    address: tidy(input.propertyAddress),
    city: tidy(input.propertyCity),
    state: input.propertyState,
    postalCode: input.propertyPostalCode,
  }
  const described = { partnerScope: scope, ownerEmail: input.email, ...place, addressKey: addressKey(place), now: ctx.now }
  const property = input.propertyId
    ? await store.ensureProperty(ctx.env.DB, input.propertyId, described)
    : await store.matchOrCreateProperty(ctx.env.DB, described)
  if (property.partner_scope !== '' && property.partner_scope !== scope) {
    throw new ApiError(
      403,
      'PROPERTY_FORBIDDEN',
      'This propertyId belongs to another partner key. Use one of your own, or omit propertyId to have one assigned.'
    )
  }
  return property
}

function placeOf(p: store.PropertyRow): PostalAddress {
  return { line1: p.address, city: p.city, state: p.state, postalCode: p.postal_code }
}

async function askProvider(ctx: ScreenContext, request: ProviderRequest) {
  try {
    return await selectProvider(ctx.env, ctx.fetcher, ctx.userAgent).screen(request)
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err
    const timeout = err.reason === 'timeout'
    throw new ApiError(
      timeout ? 504 : 502,
      timeout ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE',
      `${err.message} No screening was saved; retry in a few minutes.`
    )
  }
}
