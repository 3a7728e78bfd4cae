import { checkLink, linkSecret } from './link'

/**
 * The monthly rent an embed form scores (issue 34 §5), decided on the server before the
 * applicant sees the form: the rent of a link the partner's server signed, or else the rent
 * the partner set on its listing. An unsigned `rent=` in the URL is never read: the applicant
 * opens that URL and could write any number into it.
 */
export type EmbedRent =
  | { ok: true; rent: number; source: 'signed_link' | 'listing' }
  | { ok: false; reason: 'no_listing_rent' | 'link_invalid' | 'link_expired' }

export type SignedLinkQuery = { rent?: string; exp?: string; sig?: string }

const digits = (text: string | undefined, max: number): number | null =>
  text && text.length <= max && [...text].every((ch) => ch >= '0' && ch <= '9') ? Number(text) : null

export async function embedRent(input: {
  workerSecret: string
  partner: { publicId: string; linkSecretGeneration: number }
  property: { external_id: string; monthly_rent: number | null }
  query: SignedLinkQuery
  now: Date
}): Promise<EmbedRent> {
  const { partner, property, query } = input
  if (query.sig === undefined) {
    return property.monthly_rent === null
      ? { ok: false, reason: 'no_listing_rent' }
      : { ok: true, rent: property.monthly_rent, source: 'listing' }
  }
  const rent = digits(query.rent, 7)
  const exp = digits(query.exp, 12)
  if (rent === null || exp === null || rent < 300 || rent > 1_000_000 || partner.linkSecretGeneration < 1 || query.sig.length > 64) {
    return { ok: false, reason: 'link_invalid' }
  }
  const secret = await linkSecret(input.workerSecret, partner.publicId, partner.linkSecretGeneration)
  const check = await checkLink(secret, { partner: partner.publicId, property: property.external_id, rent }, exp, query.sig, input.now)
  if (check === 'valid') return { ok: true, rent, source: 'signed_link' }
  return { ok: false, reason: check === 'expired' ? 'link_expired' : 'link_invalid' }
}
