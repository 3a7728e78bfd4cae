import type { LeadSource, Lead, VetScoreResult } from './schemas'

/**
 * The only module that talks to D1 (tables in migrations/screening/0002_screening.sql).
 * Races are settled by the database: unique keys plus `ON CONFLICT DO NOTHING` and a read
 * back, never by checking first and writing after.
 */

export type PropertyRow = {
  id: string
  partner_scope: string
  owner_email: string
  address: string
  city: string
  state: string
  postal_code: string
  created_at: string
}

export type PropertyInput = {
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

export function getProperty(db: D1Database, id: string): Promise<PropertyRow | null> {
  return db.prepare('SELECT * FROM properties WHERE id = ?').bind(id).first<PropertyRow>()
}

/** A caller-chosen property id: created on first use, kept as first described. */
export async function ensureProperty(db: D1Database, id: string, input: PropertyInput): Promise<PropertyRow> {
  const known = await getProperty(db, id)
  if (known) return known
  await db
    .prepare(
      `INSERT INTO properties (id, partner_scope, owner_email, owner_key, address, city, state, postal_code, address_key, assigned, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING`
    )
    .bind(id, ...propertyValues(input))
    .run()
  return (await getProperty(db, id))!
}

/**
 * No id given: the landlord's property at the same normalised address if there is one
 * (oldest first), else a new one. The partial unique index makes parallel first screens
 * land on the same row.
 */
export async function matchOrCreateProperty(db: D1Database, input: PropertyInput): Promise<PropertyRow> {
  const find = () =>
    db
      .prepare(
        `SELECT * FROM properties WHERE partner_scope = ? AND owner_key = ? AND address_key = ?
         ORDER BY created_at, id LIMIT 1`
      )
      .bind(input.partnerScope, input.ownerEmail.toLowerCase(), input.addressKey)
      .first<PropertyRow>()
  const found = await find()
  if (found) return found
  await db
    .prepare(
      `INSERT INTO properties (id, partner_scope, owner_email, owner_key, address, city, state, postal_code, address_key, assigned, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING`
    )
    .bind(crypto.randomUUID(), ...propertyValues(input))
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

type ScreeningRow = {
  id: string
  property_id: string
  applicant_email: string
  result_json: string
  created_at: string
}

export type SavedScreening = { id: string; applicantEmail: string; result: VetScoreResult; createdAt: string }

function toSaved(row: ScreeningRow): SavedScreening {
  return { id: row.id, applicantEmail: row.applicant_email, result: JSON.parse(row.result_json), createdAt: row.created_at }
}

export async function findScreening(db: D1Database, propertyId: string, applicantEmail: string): Promise<SavedScreening | null> {
  const row = await db
    .prepare('SELECT * FROM screenings WHERE property_id = ? AND applicant_email_key = ?')
    .bind(propertyId, applicantEmail.toLowerCase())
    .first<ScreeningRow>()
  return row ? toSaved(row) : null
}

/**
 * Saves a screening unless this applicant already has one for the property; returns the
 * row that is in the table and whether it is the one just written.
 */
export async function saveScreening(
  db: D1Database,
  s: {
    propertyId: string
    applicantEmail: string
    landlordEmail: string
    result: VetScoreResult
    scoringVersion: string
    partnerKeyId: string | null
    now: Date
  }
): Promise<{ saved: SavedScreening; created: boolean }> {
  const id = crypto.randomUUID()
  await db
    .prepare(
      `INSERT INTO screenings (id, property_id, applicant_email, applicant_email_key, landlord_email, vet_score,
         verification_status, scoring_version, result_json, partner_key_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
    )
    .bind(
      id,
      s.propertyId,
      s.applicantEmail,
      s.applicantEmail.toLowerCase(),
      s.landlordEmail,
      s.result.vetScore,
      s.result.verificationStatus,
      s.scoringVersion,
      JSON.stringify(s.result),
      s.partnerKeyId,
      s.now.toISOString()
    )
    .run()
  const saved = (await findScreening(db, s.propertyId, s.applicantEmail))!
  return { saved, created: saved.id === id }
}

/** Highest VetScore first; equal scores in the order they were screened. */
export async function rankApplicants(db: D1Database, propertyId: string): Promise<SavedScreening[]> {
  const { results } = await db
    .prepare(
      'SELECT * FROM screenings WHERE property_id = ? ORDER BY vet_score DESC, created_at ASC, id ASC'
    )
    .bind(propertyId)
    .all<ScreeningRow>()
  return results.map(toSaved)
}

export function countScreenings(db: D1Database, propertyId: string, applicantEmail: string): Promise<number | null> {
  return db
    .prepare('SELECT COUNT(*) AS n FROM screenings WHERE property_id = ? AND applicant_email_key = ?')
    .bind(propertyId, applicantEmail.toLowerCase())
    .first<number>('n')
}

/** The landlord's lead record: created on the first screen, counted and dated after. */
export async function touchLandlordLead(db: D1Database, email: string, now: Date): Promise<void> {
  await db
    .prepare(
      `INSERT INTO landlord_leads (email_key, email, screenings, first_seen_at, last_seen_at) VALUES (?, ?, 1, ?, ?)
       ON CONFLICT (email_key) DO UPDATE SET email = excluded.email, screenings = screenings + 1, last_seen_at = excluded.last_seen_at`
    )
    .bind(email.toLowerCase(), email, now.toISOString(), now.toISOString())
    .run()
}

export type LandlordLead = { email: string; screenings: number; first_seen_at: string; last_seen_at: string }

export function getLandlordLead(db: D1Database, email: string): Promise<LandlordLead | null> {
  return db.prepare('SELECT * FROM landlord_leads WHERE email_key = ?').bind(email.toLowerCase()).first<LandlordLead>()
}

export type OutboxEntry = {
  screeningId: string
  to: string
  subject: string
  text: string
  transport: 'outbox' | 'cloudflare-email' | 'http'
  status: 'queued' | 'sent' | 'failed'
  error: string | null
  now: Date
}

export async function recordMail(db: D1Database, m: OutboxEntry): Promise<void> {
  await db
    .prepare(
      `INSERT INTO outbox (id, screening_id, to_email, subject, body_text, transport, status, error, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    .bind(crypto.randomUUID(), m.screeningId, m.to, m.subject, m.text, m.transport, m.status, m.error, m.now.toISOString())
    .run()
}

export function outboxFor(db: D1Database, screeningId: string) {
  return db
    .prepare('SELECT * FROM outbox WHERE screening_id = ? ORDER BY created_at')
    .bind(screeningId)
    .all<{ to_email: string; subject: string; body_text: string; transport: string; status: string; error: string | null }>()
    .then((r) => r.results)
}

// ------------------------------------------------------------------------------ scraping

export type ScrapeRun = {
  started_at: string
  status: 'running' | 'done'
  lead_count: number | null
  warnings_json: string | null
}

/** A run still marked running after this long died half way; it no longer holds the claim. */
const STALE_RUN_MS = 2 * 60 * 1000

/**
 * Claims the right to fetch `source` for `city` unless someone did within `freshMs`.
 * Returns null when claimed (go and fetch), or the recent run to serve from storage.
 */
export async function claimScrape(
  db: D1Database,
  city: string,
  source: LeadSource,
  now: Date,
  freshMs: number
): Promise<ScrapeRun | null> {
  const cutoff = new Date(now.getTime() - freshMs).toISOString()
  const staleCutoff = new Date(now.getTime() - STALE_RUN_MS).toISOString()
  const claimed = await db
    .prepare(
      `INSERT INTO scrape_runs (city, source, started_at, status) VALUES (?, ?, ?, 'running')
       ON CONFLICT (city, source) DO UPDATE
         SET started_at = excluded.started_at, status = 'running', lead_count = NULL, warnings_json = NULL
         WHERE scrape_runs.started_at <= ? OR (scrape_runs.status = 'running' AND scrape_runs.started_at <= ?)
       RETURNING started_at`
    )
    .bind(city, source, now.toISOString(), cutoff, staleCutoff)
    .first()
  if (claimed) return null
  return db
    .prepare('SELECT started_at, status, lead_count, warnings_json FROM scrape_runs WHERE city = ? AND source = ?')
    .bind(city, source)
    .first<ScrapeRun>()
}

export async function finishScrape(
  db: D1Database,
  city: string,
  source: LeadSource,
  startedAt: Date,
  leadCount: number,
  warnings: string[]
): Promise<void> {
  await db
    .prepare(
      `UPDATE scrape_runs SET status = 'done', lead_count = ?, warnings_json = ?
       WHERE city = ? AND source = ? AND started_at = ?`
    )
    .bind(leadCount, JSON.stringify(warnings), city, source, startedAt.toISOString())
    .run()
}

export type NewLead = { url: string; name: string | null; contact: string | null; raw: Record<string, unknown> }

type LeadRow = {
  id: string
  url: string
  city: string
  source: LeadSource
  name: string | null
  contact: string | null
  raw_json: string
  scraped_at: string
}

function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    city: row.city,
    source: row.source,
    name: row.name,
    contact: row.contact,
    url: row.url,
    rawData: JSON.parse(row.raw_json),
    scrapedAt: row.scraped_at,
  }
}

/**
 * Upserts leads by URL in one statement (the items travel as one JSON parameter, which
 * keeps within D1's limits on bound parameters and statements per request). A known URL
 * keeps its id and first-seen time; everything else, `scrapedAt` included, is refreshed.
 */
export async function upsertLeads(
  db: D1Database,
  city: string,
  source: LeadSource,
  items: NewLead[],
  now: Date
): Promise<Lead[]> {
  const unique = [...new Map(items.map((i) => [i.url, i])).values()]
  if (unique.length === 0) return []
  const payload = unique.map((i) => ({
    id: crypto.randomUUID(),
    url: i.url,
    name: i.name,
    contact: i.contact,
    raw: JSON.stringify(i.raw),
  }))
  const { results } = await db
    .prepare(
      `INSERT INTO leads (id, url, city, source, name, contact, raw_json, first_seen_at, scraped_at)
       SELECT json_extract(value, '$.id'), json_extract(value, '$.url'), ?1, ?2, json_extract(value, '$.name'),
              json_extract(value, '$.contact'), json_extract(value, '$.raw'), ?3, ?3
       FROM json_each(?4) WHERE true
       ON CONFLICT (url) DO UPDATE SET city = excluded.city, source = excluded.source, name = excluded.name,
         contact = excluded.contact, raw_json = excluded.raw_json, scraped_at = excluded.scraped_at
       RETURNING id, url, city, source, name, contact, raw_json, scraped_at`
    )
    .bind(city, source, now.toISOString(), JSON.stringify(payload))
    .all<LeadRow>()
  const order = new Map(unique.map((i, n) => [i.url, n]))
  return results.map(toLead).sort((a, b) => order.get(a.url)! - order.get(b.url)!)
}

/** The leads a run stored: those it refreshed last. */
export async function leadsOfRun(db: D1Database, city: string, source: LeadSource, startedAt: string): Promise<Lead[]> {
  const { results } = await db
    .prepare('SELECT * FROM leads WHERE city = ? AND source = ? AND scraped_at = ? ORDER BY rowid')
    .bind(city, source, startedAt)
    .all<LeadRow>()
  return results.map(toLead)
}
