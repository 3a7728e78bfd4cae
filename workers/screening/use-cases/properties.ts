import { DomainError } from '../../../shared/errors'
import { actorOf, canReadProperty, readerOf } from '../domain/access'
import { type ListingInput, saveListing } from '../domain/listing/save-listing'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import { type Asker, callerOf } from './caller'
import { partnerOwner } from './partner'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'linkSecret'>

/** A partner records its listing (issue 34 §5): the property and rent the embed scores. */
export async function putListing(
  ports: Pick<ScreeningPorts, 'db' | 'now'>,
  input: { partnerId: string | null; propertyId: string; listing: ListingInput }
) {
  partnerOwner(input.partnerId)
  return saveListing({ db: ports.db, now: ports.now() }, input.partnerId as string, input.propertyId, input.listing)
}

/**
 * The owner ranks a property's applicants (the partner key, or the landlord's link to this
 * property); anyone else gets the refusal of a property that does not exist. Each listed
 * screening gets a `listed` entry in its audit trail.
 */
export async function rankApplicants(ports: Ports, input: Asker & { propertyId: string }) {
  const reader = await readerOf(callerOf(ports, input.partnerId), input.token)
  const property =
    reader.kind === 'partner'
      ? await store.findOwnedProperty(ports.db, reader.owner, input.propertyId)
      : reader.kind === 'link'
        ? await store.propertyByRowId(ports.db, reader.capability.subject_id)
        : null
  if (!property || property.external_id !== input.propertyId || !canReadProperty(reader, property)) {
    throw new DomainError('PROPERTY_NOT_FOUND', 'No property of yours has this propertyId.')
  }
  const ranked = await store.rankApplicants(ports.db, property.id)
  await store.audit(
    ports.db,
    ranked.map((s) => s.id),
    'listed',
    actorOf(reader),
    ports.now()
  )
  return { property, ranked }
}
