import { ApiError } from '../../../shared/errors'
import type { Bindings } from '../env'
import { tokenId, verifyToken, type Capability } from './links'
import { ownerOf, type Owner } from './owner'
import * as store from '../store'

/**
 * Who is reading: the partner whose key came with the request, the holder of a capability
 * link, or nobody. A bare propertyId or screeningId is never access (issue 12).
 */
export type Reader = { kind: 'partner'; owner: Owner } | { kind: 'link'; capability: Capability } | { kind: 'anonymous' }

/** What a request brings to an access check: the bindings and the partner key's id (null without a key). */
export type Caller = { env: Bindings; partnerKeyId: string | null }

export async function readerOf(caller: Caller, token: string | undefined, now: Date): Promise<Reader> {
  if (token !== undefined) return { kind: 'link', capability: await checkToken(caller.env, token, now) }
  if (caller.partnerKeyId) return { kind: 'partner', owner: ownerOf(caller.partnerKeyId, '') }
  return { kind: 'anonymous' }
}

/** A valid, unexpired, unrevoked capability for this token, or the 401/410 that says why not. */
export async function checkToken(env: Bindings, token: string, now: Date): Promise<Capability> {
  const invalid = new ApiError(401, 'LINK_INVALID', 'This link is not valid. Use the link from the result e-mail exactly as sent.')
  const secret = env.LINK_SIGNING_SECRET
  const id = tokenId(token)
  if (!secret || !id) throw invalid
  const capability = await store.getCapability(env.DB, id)
  if (!capability || !(await verifyToken(secret, token, capability))) throw invalid
  if (capability.revoked_at) throw new ApiError(410, 'LINK_REVOKED', 'This link was revoked.')
  if (capability.expires_at <= now.toISOString()) {
    throw new ApiError(410, 'LINK_EXPIRED', 'This link has expired. A new one comes with the next result e-mail for this property.')
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

/** Who did something, for the audit trail: the key, or the link (never a person's e-mail). */
export function actorOf(reader: Reader): string {
  if (reader.kind === 'partner') return reader.owner
  if (reader.kind === 'link') return `${reader.capability.kind === 'applicant' ? 'applicant' : 'link'}:${reader.capability.id}`
  return 'anonymous'
}

const notFound = () => new ApiError(404, 'SCREENING_NOT_FOUND', 'No screening of yours has this screeningId.')

/**
 * The caller's own screening, or the same 404 for a screening that does not exist, is not
 * theirs, or was erased. `landlord: true` refuses the applicant's copy link: it reads, it
 * does not act for the landlord. `erased: true` lets the owner reach an erased tombstone
 * (its audit trail).
 */
export async function ownedScreening(
  caller: Caller,
  screeningId: string,
  token: string | undefined,
  now: Date,
  options: { landlord?: boolean; erased?: boolean } = {}
): Promise<{ reader: Reader; screening: store.SavedScreening; property: store.PropertyRow }> {
  const reader = await readerOf(caller, token, now)
  if (reader.kind === 'anonymous') throw notFound()
  if (options.landlord && reader.kind === 'link' && reader.capability.kind === 'applicant') throw notFound()
  const found = await store.screeningWithProperty(caller.env.DB, screeningId)
  if (!found || !canReadScreening(reader, found.screening, found.property)) throw notFound()
  if (found.screening.erasedAt && !options.erased) throw notFound()
  return { reader, ...found }
}
