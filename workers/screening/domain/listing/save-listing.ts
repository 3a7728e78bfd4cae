import { addressKey, tidy } from '../address/normalize'
import { ownerOf } from '../owner'
import * as store from '../../store'

export type ListingInput = {
  email: string
  propertyAddress: string
  propertyCity: string
  propertyState: string
  propertyPostalCode: string
  monthlyRent: number
}

/**
 * A partner's listing (issue 34 §5): the property under the partner's own propertyId,
 * created on first use and kept as first described (as a screening would), with the monthly
 * rent the embed scores. Only the partner's namespace is read or written.
 */
export async function saveListing(
  ports: { db: D1Database; now: Date },
  partnerId: string,
  propertyId: string,
  input: ListingInput
): Promise<{ property: store.PropertyRow; created: boolean }> {
  const owner = ownerOf(partnerId, '')
  const known = await store.findOwnedProperty(ports.db, owner, propertyId)
  const place = {
    address: tidy(input.propertyAddress),
    city: tidy(input.propertyCity),
    state: input.propertyState,
    postalCode: input.propertyPostalCode,
  }
  if (!known) {
    await store.ensureProperty(ports.db, propertyId, {
      owner,
      partnerScope: partnerId,
      ownerEmail: input.email,
      ...place,
      addressKey: addressKey(place),
      now: ports.now,
    })
  }
  await store.setMonthlyRent(ports.db, owner, propertyId, input.monthlyRent)
  const property = (await store.findOwnedProperty(ports.db, owner, propertyId))!
  return { property, created: !known }
}
