import { DomainError } from '../../../shared/errors'
import { type EmbedErrors, type EmbedValues, embedApplication } from '../domain/embed/application'
import type { EmbedPartner } from '../domain/embed/config'
import { signForm, verifyForm } from '../domain/embed/form-token'
import { type EmbedRent, type SignedLinkQuery, embedRent } from '../domain/embed/rent'
import { ownerOf } from '../domain/owner'
import type { ScreenOutcome } from '../domain/screening/screen'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import { screen } from './screen-applicant'

type Ports = Parameters<typeof screen>[0] & Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>

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

function secret(ports: Pick<ScreeningPorts, 'linkSecret'>): string {
  if (!ports.linkSecret) throw new DomainError('NOT_CONFIGURED', 'The embed needs LINK_SIGNING_SECRET, which the operator has not set.')
  return ports.linkSecret
}

async function lookup(ports: Pick<ScreeningPorts, 'db'>, partnerId: unknown, propertyId: unknown) {
  const publicId = shortText(partnerId, 64)
  const partner = publicId ? await store.embedPartnerByPublicId(ports.db, publicId) : null
  if (!partner) return { partner: null, property: null }
  const external = shortText(propertyId, 64)
  // Only the partner's own property (issue 12 ownership; the owner is the partner, issue 34 §4).
  const property = external ? await store.findOwnedProperty(ports.db, ownerOf(partner.partnerId, ''), external) : null
  return { partner, property }
}

type Form = { partner: EmbedPartner; property: store.PropertyRow; rent: number; token: string }

export type EmbedOpened =
  | { kind: 'unknown_partner' }
  | { kind: 'no_property'; partner: EmbedPartner }
  | { kind: 'rent_refused'; partner: EmbedPartner; reason: Extract<EmbedRent, { ok: false }>['reason'] }
  | ({ kind: 'form' } & Form)

/**
 * The applicant opens the partner's hosted form (issue 34 §5): the partner's own property,
 * the rent from its listing or the partner's signed link, and a form token that binds them.
 */
export async function openEmbedForm(
  ports: Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>,
  input: { partner: unknown; property: unknown; query: SignedLinkQuery }
): Promise<EmbedOpened> {
  const { partner, property } = await lookup(ports, input.partner, input.property)
  if (!partner) return { kind: 'unknown_partner' }
  if (!property) return { kind: 'no_property', partner }
  const decided = await embedRent({ workerSecret: secret(ports), partner, property, query: input.query, now: ports.now() })
  if (!decided.ok) return { kind: 'rent_refused', partner, reason: decided.reason }
  const rent = decided.rent
  const token = await signForm(secret(ports), { partner: partner.publicId, property: property.external_id, rent }, ports.now())
  return { kind: 'form', partner, property, rent, token }
}

export type EmbedSubmitted =
  | { kind: 'unknown_partner' }
  | { kind: 'cross_site'; partner: EmbedPartner }
  | { kind: 'no_property'; partner: EmbedPartner }
  | { kind: 'form_expired'; partner: EmbedPartner }
  | ({ kind: 'invalid'; values: EmbedValues; errors: EmbedErrors } & Form)
  | { kind: 'screened'; partner: EmbedPartner; outcome: ScreenOutcome }
  | { kind: 'unavailable'; partner: EmbedPartner; message: string }

/**
 * The applicant sends the hosted form: only from our own page (Fetch Metadata), with a form
 * token that still binds partner, property and rent; then one screening billed to the
 * partner, whose applicant is never told that a screening already exists.
 */
export async function submitEmbedForm(
  ports: Ports,
  input: {
    partner: unknown
    property: unknown
    rent: unknown
    token: unknown
    values: EmbedValues
    crossSite: boolean
    ip: string
    consentVersion: string
  }
): Promise<EmbedSubmitted> {
  const { partner, property } = await lookup(ports, input.partner, input.property)
  if (!partner) return { kind: 'unknown_partner' }
  if (input.crossSite) return { kind: 'cross_site', partner }
  if (!property) return { kind: 'no_property', partner }
  const rent = parseRent(input.rent)
  const token = shortText(input.token, 100)
  const now = ports.now()
  const bound = (r: number) => ({ partner: partner.publicId, property: property.external_id, rent: r })
  if (rent === null || !token || !(await verifyForm(secret(ports), bound(rent), token, now))) {
    return { kind: 'form_expired', partner }
  }
  const application = embedApplication({ values: input.values, property, rent, now, ip: input.ip, consentVersion: input.consentVersion })
  if (!application.ok) {
    const fresh = await signForm(secret(ports), bound(rent), now)
    return { kind: 'invalid', partner, property, rent, token: fresh, values: input.values, errors: application.errors }
  }
  try {
    const outcome = await screen(ports, { partnerId: partner.partnerId, keyId: null, callerIsOwner: false, request: application.request })
    return { kind: 'screened', partner, outcome }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    return { kind: 'unavailable', partner, message: err.message }
  }
}
