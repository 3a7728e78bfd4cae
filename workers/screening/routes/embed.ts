import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { ApiError, DomainError } from '../../../shared/errors'
import { sendPage, styleHash } from '../../../shared/html'
import { clientIp, rateLimit } from '../../../shared/rate-limit/middleware'
import { frameAncestors, type EmbedPartner } from '../domain/embed/config'
import { signForm, verifyForm } from '../domain/embed/form-token'
import { embedRent, type EmbedRent } from '../domain/embed/rent'
import { EMBED_SCRIPT } from '../domain/embed/script'
import { type AppEnv, portsOf } from '../env'
import { ownerOf } from '../domain/owner'
import {
  EMBED_CONSENT_VERSION,
  embedCss,
  embedFormPage,
  embedMessagePage,
  embedResultPage,
  type FieldName,
  type FormState,
} from '../pages/embed'
import { policy } from '../policy'
import { ScreeningRequest } from '../schemas'
import { screen } from '../use-cases/screen-applicant'
import * as store from '../store'

type C = Context<AppEnv>

const FORM_FIELDS: FieldName[] = [
  'applicantName',
  'applicantEmail',
  'applicantDob',
  'applicantAddress',
  'applicantCity',
  'applicantState',
  'applicantPostalCode',
  'monthlyIncome',
  'voucherAmount',
  'consent',
]

const perClient = (scope: string, limit: number) =>
  rateLimit<AppEnv>({ scope, limit, windowSeconds: 60, key: (c) => clientIp(c), markers: (c) => c.env.CACHE })

/**
 * The partner's page CSP: frame-ancestors names exactly the partner's origins; the only
 * script is ours (/embed/embed.js), the only image the partner's logo.
 */
async function embedHeaders(c: C, partner: EmbedPartner): Promise<void> {
  c.header(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      "script-src 'self'",
      `style-src ${await styleHash(embedCss(partner.color))}`,
      `img-src ${partner.logoUrl ? new URL(partner.logoUrl).origin : "'none'"}`,
      `frame-ancestors ${frameAncestors(partner.origins)}`,
      "base-uri 'none'",
      "form-action 'self'",
    ].join('; ')
  )
}

async function partnerPage(c: C, partner: EmbedPartner, page: string, status: 200 | 400 | 403 | 404 | 422 | 503 = 200) {
  await embedHeaders(c, partner)
  return c.html(page, status)
}

/** Unknown or missing partner: a 404 nobody can frame (the default page CSP, frame-ancestors 'none'). */
function unknownPartner(c: C) {
  return sendPage(
    c,
    embedMessagePage('Screening not available', 'This screening link is not valid. Ask the site that sent you here for a new one.'),
    404
  )
}

function shortText(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null
}

/** The rent a served form carries back (bound by its token): whole dollars, 300–1,000,000. */
function parseRent(value: unknown): number | null {
  const text = shortText(value, 7)
  if (!text || ![...text].every((ch) => ch >= '0' && ch <= '9')) return null
  const rent = Number(text)
  return rent >= 300 && rent <= 1_000_000 ? rent : null
}

async function lookup(c: C, partnerId: unknown, propertyId: unknown) {
  const publicId = shortText(partnerId, 64)
  const partner = publicId ? await store.embedPartnerByPublicId(c.env.DB, publicId) : null
  if (!partner) return { partner: null, property: null }
  const external = shortText(propertyId, 64)
  // Only the partner's own property (issue 12 ownership; the owner is the partner, issue 34 §4).
  const property = external ? await store.findOwnedProperty(c.env.DB, ownerOf(partner.partnerId, ''), external) : null
  return { partner, property }
}

function secret(c: C): string {
  const s = c.env.LINK_SIGNING_SECRET
  if (!s) throw new ApiError(503, 'NOT_CONFIGURED', 'The embed needs LINK_SIGNING_SECRET, which the operator has not set.')
  return s
}

export const embedRoutes = createRouter<AppEnv>(policy)

embedRoutes.get('/embed/embed.js', (c) =>
  c.body(EMBED_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' })
)

embedRoutes.get('/embed/screening', perClient('embed-view', 60), async (c) => {
  const { partner, property } = await lookup(c, c.req.query('partner'), c.req.query('property'))
  if (!partner) return unknownPartner(c)
  if (!property)
    return partnerPage(
      c,
      partner,
      embedMessagePage('Property not found', 'This application link names no property of this site.', partner.color),
      404
    )
  const decided = await embedRent({
    workerSecret: secret(c),
    partner,
    property,
    query: { rent: c.req.query('rent'), exp: c.req.query('exp'), sig: c.req.query('sig') },
    now: c.var.deps.now(),
  })
  if (!decided.ok) {
    const [title, text, status] = RENT_REFUSALS[decided.reason]
    return partnerPage(c, partner, embedMessagePage(title, text, partner.color), status)
  }
  const rent = decided.rent
  const token = await signForm(secret(c), { partner: partner.publicId, property: property.external_id, rent }, c.var.deps.now())
  return partnerPage(
    c,
    partner,
    embedFormPage({ partner, property, rent, propertyId: property.external_id, token, state: { values: {}, errors: {} } })
  )
})

embedRoutes.post(
  '/embed/screening',
  perClient('embed-submit', 10),
  body({ maxBytes: 8 * 1024, accept: ['application/x-www-form-urlencoded'], policy }),
  async (c) => {
    const form = await c.req.parseBody()
    const { partner, property } = await lookup(c, form.partner, form.property)
    if (!partner) return unknownPartner(c)
    // Browsers say where a form POST came from (Fetch Metadata); only our own page may send it.
    const site = c.req.header('sec-fetch-site')
    if (site !== undefined && site !== 'same-origin') {
      return partnerPage(
        c,
        partner,
        embedMessagePage('Not accepted', 'This form can only be sent from the screening page itself.', partner.color),
        403
      )
    }
    if (!property)
      return partnerPage(
        c,
        partner,
        embedMessagePage('Property not found', 'This application link names no property of this site.', partner.color),
        404
      )
    const rent = parseRent(form.rent)
    const token = shortText(form.token, 100)
    const now = c.var.deps.now()
    if (
      rent === null ||
      !token ||
      !(await verifyForm(secret(c), { partner: partner.publicId, property: property.external_id, rent }, token, now))
    ) {
      return partnerPage(
        c,
        partner,
        embedMessagePage('Form expired', 'This form is no longer valid. Go back and open the application again.', partner.color),
        403
      )
    }

    const values: FormState['values'] = {}
    for (const name of FORM_FIELDS) {
      const v = form[name]
      if (typeof v === 'string') values[name] = v.slice(0, 300)
    }
    const redisplay = async (errors: FormState['errors']) =>
      partnerPage(
        c,
        partner,
        embedFormPage({
          partner,
          property,
          rent,
          propertyId: property.external_id,
          token: await signForm(secret(c), { partner: partner.publicId, property: property.external_id, rent }, now),
          state: { values, errors },
        }),
        422
      )

    const errors: FormState['errors'] = {}
    // FCRA § 604(a)(3)(F): no consumer report without the applicant's authorisation,
    // whatever provider is configured.
    if (values.consent !== 'yes') errors.consent = 'Tick this box to authorise the screening; without it we cannot screen.'
    const ip = clientIp(c)
    const parsed = ScreeningRequest.safeParse({
      email: property.owner_email,
      applicantName: values.applicantName ?? '',
      applicantEmail: values.applicantEmail ?? '',
      applicantDob: values.applicantDob ?? '',
      applicantAddress: values.applicantAddress ?? '',
      applicantCity: values.applicantCity ?? '',
      applicantState: (values.applicantState ?? '').trim().toUpperCase(),
      applicantPostalCode: values.applicantPostalCode ?? '',
      propertyAddress: property.address,
      propertyCity: property.city,
      propertyState: property.state,
      propertyPostalCode: property.postal_code,
      monthlyRent: rent,
      monthlyIncome: toNumber(values.monthlyIncome),
      voucherAmount: values.voucherAmount?.trim() ? toNumber(values.voucherAmount) : null,
      consent: {
        given_at: now.toISOString(),
        method: 'online_checkbox',
        text_version: EMBED_CONSENT_VERSION,
        ...(isIpv4(ip) ? { ip } : {}),
      },
      propertyId: property.external_id,
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName
        if (FORM_FIELDS.includes(name) && !errors[name]) errors[name] = `${labelOf(name)} ${issue.message}.`
      }
      if (Object.keys(errors).length === 0)
        errors.applicantName = 'The stored property could not be screened; contact the site that sent you here.'
    }
    if (Object.keys(errors).length > 0 || !parsed.success) return redisplay(errors)

    try {
      const outcome = await screen(portsOf(c), {
        partnerId: partner.partnerId,
        keyId: null,
        callerIsOwner: false,
        request: parsed.data,
      })
      return partnerPage(
        c,
        partner,
        embedResultPage(partner, { screeningId: outcome.screeningId, status: outcome.existingRequest ? 'already_submitted' : 'completed' })
      )
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      return partnerPage(
        c,
        partner,
        embedMessagePage('Screening not available right now', `${err.message} Nothing was saved; please try again later.`, partner.color),
        503
      )
    }
  }
)

const RENT_REFUSALS: Record<Extract<EmbedRent, { ok: false }>['reason'], [string, string, 400 | 403]> = {
  no_listing_rent: [
    'Rent not set',
    'This property has no monthly rent on file yet. Ask the site that sent you here to set it, then open the application again.',
    400,
  ],
  link_invalid: [
    'Link not valid',
    'This application link was changed or is not valid. Ask the site that sent you here for a new one.',
    403,
  ],
  link_expired: ['Link expired', 'This application link has expired. Ask the site that sent you here for a new one.', 403],
}

function toNumber(value: string | undefined): unknown {
  const v = (value ?? '').trim()
  if (v === '') return undefined
  return v.length <= 12 && [...v].every((ch) => ch >= '0' && ch <= '9') ? Number(v) : v
}

function isIpv4(ip: string): boolean {
  const parts = ip.split('.')
  return (
    parts.length === 4 &&
    parts.every((p) => p.length >= 1 && p.length <= 3 && [...p].every((ch) => ch >= '0' && ch <= '9') && Number(p) <= 255)
  )
}

const LABELS: Record<FieldName, string> = {
  applicantName: 'Name',
  applicantEmail: 'E-mail',
  applicantDob: 'Date of birth',
  applicantAddress: 'Street address',
  applicantCity: 'City',
  applicantState: 'State',
  applicantPostalCode: 'ZIP code',
  monthlyIncome: 'Monthly income',
  voucherAmount: 'Voucher amount',
  consent: 'Consent',
}

function labelOf(name: FieldName): string {
  return LABELS[name]
}
