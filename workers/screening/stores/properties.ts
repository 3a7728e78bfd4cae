import type { Owner } from '../domain/owner'

// Properties: the partner's listings and the addresses anonymous screenings name. Every
// query names its owner; there is no lookup by a bare id a caller could use as access.

export type PropertyRow = {
  /** Our row id. */
  id: string
  /** The propertyId the owner sees (its own, or the one we assigned). */
  external_id: string
  owner: Owner
  partner_scope: string
  owner_email: string
  address: string
  city: string
  state: string
  postal_code: string
  /** The monthly rent the partner set for its listing (PUT /api/properties/{propertyId}), or null. */
  monthly_rent: number | null
  created_at: string
}

export type PropertyInput = {
  owner: Owner
  /** The partner key id, or '' without a key. */
  partnerScope: string
  ownerEmail: string
  address: string
  city: string
  state: string
  postalCode: string
  addressKey: string
  now: Date
}

export function findOwnedProperty(db: D1Database, owner: Owner, externalId: string): Promise<PropertyRow | null> {
  return db.prepare('SELECT * FROM properties WHERE owner = ? AND external_id = ?').bind(owner, externalId).first<PropertyRow>()
}

/** By our row id: only for a capability that already names the row. */
export function propertyByRowId(db: D1Database, id: string): Promise<PropertyRow | null> {
  return db.prepare('SELECT * FROM properties WHERE id = ?').bind(id).first<PropertyRow>()
}

/**
 * A caller-chosen property id: created on first use inside the caller's own namespace, kept
 * as first described. Another owner's property with the same id is another row.
 */
export async function ensureProperty(db: D1Database, externalId: string, input: PropertyInput): Promise<PropertyRow> {
  const known = await findOwnedProperty(db, input.owner, externalId)
  if (known) return known
  await db
    .prepare(
      `INSERT INTO properties (id, external_id, owner, partner_scope, owner_email, owner_key, address, city, state, postal_code, address_key, assigned, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING`
    )
    .bind(crypto.randomUUID(), externalId, input.owner, ...propertyValues(input))
    .run()
  return (await findOwnedProperty(db, input.owner, externalId))!
}

/**
 * No id given: the owner's property at the same normalised address if there is one (oldest
 * first), else a new one. Matching never crosses owners. The partial unique index makes
 * parallel first screens land on the same row.
 */
export async function matchOrCreateProperty(db: D1Database, input: PropertyInput): Promise<PropertyRow> {
  const find = () =>
    db
      .prepare(
        `SELECT * FROM properties WHERE owner = ? AND partner_scope = ? AND owner_key = ? AND address_key = ?
         ORDER BY created_at, id LIMIT 1`
      )
      .bind(input.owner, input.partnerScope, input.ownerEmail.toLowerCase(), input.addressKey)
      .first<PropertyRow>()
  const found = await find()
  if (found) return found
  const id = crypto.randomUUID()
  await db
    .prepare(
      `INSERT INTO properties (id, external_id, owner, partner_scope, owner_email, owner_key, address, city, state, postal_code, address_key, assigned, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING`
    )
    .bind(id, id, input.owner, ...propertyValues(input))
    .run()
  return (await find())!
}

function propertyValues(p: PropertyInput) {
  return [
    p.partnerScope,
    p.ownerEmail,
    p.ownerEmail.toLowerCase(),
    p.address,
    p.city,
    p.state,
    p.postalCode,
    p.addressKey,
    p.now.toISOString(),
  ] as const
}

/** The partner's rent for its own listing; false when the owner has no such property. */
export async function setMonthlyRent(db: D1Database, owner: Owner, externalId: string, rent: number): Promise<boolean> {
  const row = await db
    .prepare('UPDATE properties SET monthly_rent = ? WHERE owner = ? AND external_id = ? RETURNING id')
    .bind(rent, owner, externalId)
    .first<{ id: string }>()
  return row !== null
}
