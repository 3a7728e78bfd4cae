import { DomainError } from '../../../shared/errors'
import { tokenId, verifyToken, type Capability } from './links'
import { ownerOf, type Owner } from './owner'
import * as store from '../store'

/**
 * Who is reading: the partner whose key came with the request, the holder of a capability
 * link, or nobody. A bare propertyId or screeningId is never access (issue 12).
 */
export type Reader = { kind: 'partner'; owner: Owner } | { kind: 'link'; capability: Capability } | { kind: 'anonymous' }

/** What an access check needs: the database, the clock and the capability-link key. */
export type AccessPorts = { db: D1Database; now: Date; linkSecret: string | undefined }

/** A request as the access checks see it: the ports and the partner the key belongs to (null without a key). */
export type Caller = AccessPorts & { partnerId: string | null }

export async function readerOf(caller: Caller, token: string | undefined): Promise<Reader> {
  if (token !== undefined) return { kind: 'link', capability: await checkToken(caller, token) }
  if (caller.partnerId) return { kind: 'partner', owner: ownerOf(caller.partnerId, '') }
  return { kind: 'anonymous' }
}

/** A valid, unexpired, unrevoked capability for this token, or the refusal that says why not. */
export async function checkToken(ports: AccessPorts, token: string): Promise<Capability> {
  const invalid = new DomainError('LINK_INVALID', 'This link is not valid. Use the link from the result e-mail exactly as sent.')
  const id = tokenId(token)
  if (!ports.linkSecret || !id) throw invalid
  const capability = await store.getCapability(ports.db, id)
  if (!capability || !(await verifyToken(ports.linkSecret, token, capability))) throw invalid
  if (capability.revoked_at) throw new DomainError('LINK_REVOKED', 'This link was revoked.')
  if (capability.expires_at <= ports.now.toISOString()) {
    throw new DomainError('LINK_EXPIRED', 'This link has expired. A new one comes with the next result e-mail for this property.')
  }
  return capability
}

export function canReadProperty(reader: Reader, property: store.PropertyRow): boolean {
  if (reader.kind === 'partner') return property.owner === reader.owner
  if (reader.kind === 'link') return reader.capability.kind === 'property' && reader.capability.subject_id === property.id
  return false
}

export function canReadScreening(reader: Reader, screening: store.SavedScreening, property: store.PropertyRow): boolean {
  if (canReadProperty(reader, property)) return true
  if (reader.kind !== 'link') return false
  const { kind, subject_id } = reader.capability
  return (kind === 'screening' || kind === 'applicant') && subject_id === screening.id
}

/** Who did something, for the audit trail: the partner, or the link (never a person's e-mail). */
export function actorOf(reader: Reader): string {
  if (reader.kind === 'partner') return reader.owner
  if (reader.kind === 'link') return `${reader.capability.kind === 'applicant' ? 'applicant' : 'link'}:${reader.capability.id}`
  return 'anonymous'
}

const notFound = () => new DomainError('SCREENING_NOT_FOUND', 'No screening of yours has this screeningId.')

/**
 * The caller's own screening, or the same refusal for a screening that does not exist, is
 * not theirs, or was erased. `landlord: true` refuses the applicant's copy link: it reads, it
 * does not act for the landlord. `erased: true` lets the owner reach an erased tombstone
 * (its audit trail).
 */
export async function ownedScreening(
  caller: Caller,
  screeningId: string,
  token: string | undefined,
  options: { landlord?: boolean; erased?: boolean } = {}
): Promise<{ reader: Reader; screening: store.SavedScreening; property: store.PropertyRow }> {
  const reader = await readerOf(caller, token)
  if (reader.kind === 'anonymous') throw notFound()
  if (options.landlord && reader.kind === 'link' && reader.capability.kind === 'applicant') throw notFound()
  const found = await store.screeningWithProperty(caller.db, screeningId)
  if (!found || !canReadScreening(reader, found.screening, found.property)) throw notFound()
  if (found.screening.erasedAt && !options.erased) throw notFound()
  return { reader, ...found }
}
