/**
 * Who owns a stored property and its screenings (issue 12, rule "every stored record has an
 * owner"): the partner key that created it, or, for anonymous free screenings, the landlord
 * e-mail. The owner is a string so it can be a column and a unique-index part.
 */
export type Owner = `partner:${string}` | `email:${string}`

export function ownerOf(partnerKeyId: string | null, landlordEmail: string): Owner {
  return partnerKeyId ? `partner:${partnerKeyId}` : `email:${landlordEmail.trim().toLowerCase()}`
}

export function isPartnerOwner(owner: string): boolean {
  return owner.startsWith('partner:')
}
