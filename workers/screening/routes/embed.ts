import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { sendPage, styleHash } from '../../../shared/html'
import { clientIp, rateLimit } from '../../../shared/rate-limit/middleware'
import { frameAncestors, type EmbedPartner } from '../domain/embed/config'
import { EMBED_FIELDS, type EmbedValues } from '../domain/embed/application'
import type { EmbedRent } from '../domain/embed/rent'
import { EMBED_SCRIPT } from '../domain/embed/script'
import { type AppEnv, portsOf } from '../env'
import { EMBED_CONSENT_VERSION, embedCss, embedFormPage, embedMessagePage, embedResultPage } from '../pages/embed'
import { policy } from '../policy'
import { openEmbedForm, submitEmbedForm } from '../use-cases/embed'

type C = Context<AppEnv>

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

function noProperty(c: C, partner: EmbedPartner) {
  return partnerPage(
    c,
    partner,
    embedMessagePage('Property not found', 'This application link names no property of this site.', partner.color),
    404
  )
}

/** Unknown or missing partner: a 404 nobody can frame (the default page CSP, frame-ancestors 'none'). */
function unknownPartner(c: C) {
  return sendPage(
    c,
    embedMessagePage('Screening not available', 'This screening link is not valid. Ask the site that sent you here for a new one.'),
    404
  )
}

export const embedRoutes = createRouter<AppEnv>(policy)

embedRoutes.get('/embed/embed.js', (c) =>
  c.body(EMBED_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' })
)

embedRoutes.get('/embed/screening', perClient('embed-view', 60), async (c) => {
  const opened = await openEmbedForm(portsOf(c), {
    partner: c.req.query('partner'),
    property: c.req.query('property'),
    query: { rent: c.req.query('rent'), exp: c.req.query('exp'), sig: c.req.query('sig') },
  })
  if (opened.kind === 'unknown_partner') return unknownPartner(c)
  const { partner } = opened
  if (opened.kind === 'no_property') return noProperty(c, partner)
  if (opened.kind === 'rent_refused') {
    const [title, text, status] = RENT_REFUSALS[opened.reason]
    return partnerPage(c, partner, embedMessagePage(title, text, partner.color), status)
  }
  const { property, rent, token } = opened
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
    const values: EmbedValues = {}
    for (const name of EMBED_FIELDS) {
      const v = form[name]
      if (typeof v === 'string') values[name] = v.slice(0, 300)
    }
    // Browsers say where a form POST came from (Fetch Metadata); only our own page may send it.
    const site = c.req.header('sec-fetch-site')
    const done = await submitEmbedForm(portsOf(c), {
      partner: form.partner,
      property: form.property,
      rent: form.rent,
      token: form.token,
      values,
      crossSite: site !== undefined && site !== 'same-origin',
      ip: clientIp(c),
      consentVersion: EMBED_CONSENT_VERSION,
    })
    if (done.kind === 'unknown_partner') return unknownPartner(c)
    const { partner } = done
    switch (done.kind) {
      case 'cross_site':
        return partnerPage(
          c,
          partner,
          embedMessagePage('Not accepted', 'This form can only be sent from the screening page itself.', partner.color),
          403
        )
      case 'no_property':
        return noProperty(c, partner)
      case 'form_expired':
        return partnerPage(
          c,
          partner,
          embedMessagePage('Form expired', 'This form is no longer valid. Go back and open the application again.', partner.color),
          403
        )
      case 'invalid':
        return partnerPage(
          c,
          partner,
          embedFormPage({
            partner,
            property: done.property,
            rent: done.rent,
            propertyId: done.property.external_id,
            token: done.token,
            state: { values: done.values, errors: done.errors },
          }),
          422
        )
      case 'screened':
        return partnerPage(
          c,
          partner,
          embedResultPage(partner, {
            screeningId: done.outcome.screeningId,
            status: done.outcome.existingRequest ? 'already_submitted' : 'completed',
          })
        )
      case 'unavailable':
        return partnerPage(
          c,
          partner,
          embedMessagePage(
            'Screening not available right now',
            `${done.message} Nothing was saved; please try again later.`,
            partner.color
          ),
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
