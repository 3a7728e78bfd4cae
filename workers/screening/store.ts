import type { EmbedConfig, EmbedPartner } from './domain/embed/config'
import type { Capability, CapabilityKind } from './domain/links'
import type { ProviderReport } from './domain/provider/types'
import type { Owner } from './domain/owner'
import type { LeadSource, Lead, VetScoreResult } from './schemas'
import { UPSERT_EMBED_PARTNER, newEmbedPublicId } from './domain/embed/partner-sql'
import * as fairChance from './stores/fair-chance'

/**
 * The only module that talks to D1 (tables in migrations/screening/). Races are settled by
 * the database: unique keys plus `ON CONFLICT DO NOTHING` and a read back, never by checking
 * first and writing after. Every property query names its owner: there is no lookup of a
 * stored screening by a bare id that a caller could use as access.
 */

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

/** The provider facts kept for an adverse-action notice (FCRA § 615(a)(2), § 609(f)). */
export type ReportFacts = {
  /** The whole provider report and the request's money inputs: what a rescore starts from. */
  report?: ProviderReport
  inputs?: ScoringInputs
  sourceLabel: string
  verificationStatus: 'verified' | 'mock'
  creditScore: number | null
  creditScoreDate: string
  keyFactors: string[]
  evictionRecords: unknown
}

/** The request fields a score depends on besides the report. */
export type ScoringInputs = { monthlyRent: number; monthlyIncome: number; voucherAmount: number; applicantName: string | null }

type ScreeningRow = {
  version?: number
  erased_at?: string | null
  id: string
  property_id: string
  applicant_email: string
  landlord_email: string
  result_json: string
  created_at: string
}

export type SavedScreening = {
  version: number
  erasedAt: string | null
  id: string
  /** Our property row id. */
  propertyRowId: string
  applicantEmail: string
  landlordEmail: string
  result: VetScoreResult
  createdAt: string
}

function toSaved(row: ScreeningRow): SavedScreening {
  return {
    version: row.version ?? 1,
    erasedAt: row.erased_at ?? null,
    id: row.id,
    propertyRowId: row.property_id,
    applicantEmail: row.applicant_email,
    landlordEmail: row.landlord_email,
    result: JSON.parse(row.result_json),
    createdAt: row.created_at,
  }
}

export async function findScreening(db: D1Database, propertyRowId: string, applicantEmail: string): Promise<SavedScreening | null> {
  const row = await db
    .prepare('SELECT * FROM screenings WHERE property_id = ? AND applicant_email_key = ?')
    .bind(propertyRowId, applicantEmail.toLowerCase())
    .first<ScreeningRow>()
  return row ? toSaved(row) : null
}

/** A screening with its property, for an access check by the caller (routes/access.ts). */
export async function screeningWithProperty(
  db: D1Database,
  screeningId: string
): Promise<{ screening: SavedScreening; property: PropertyRow } | null> {
  const row = await db.prepare('SELECT * FROM screenings WHERE id = ?').bind(screeningId).first<ScreeningRow>()
  if (!row) return null
  const property = await propertyByRowId(db, row.property_id)
  return property ? { screening: toSaved(row), property } : null
}

/**
 * Saves a screening unless this applicant already has one for the property; returns the
 * row that is in the table and whether it is the one just written.
 */
export async function saveScreening(
  db: D1Database,
  s: {
    propertyRowId: string
    applicantEmail: string
    landlordEmail: string
    result: VetScoreResult
    scoringVersion: string
    report: ReportFacts
    consent: unknown
    partnerKeyId: string | null
    now: Date
  }
): Promise<{ saved: SavedScreening; created: boolean }> {
  const id = crypto.randomUUID()
  await db
    .prepare(
      `INSERT INTO screenings (id, property_id, applicant_email, applicant_email_key, landlord_email, vet_score,
         verification_status, scoring_version, result_json, partner_key_id, created_at, report_json, consent_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
    )
    .bind(
      id,
      s.propertyRowId,
      s.applicantEmail,
      s.applicantEmail.toLowerCase(),
      s.landlordEmail,
      s.result.vetScore,
      s.result.verificationStatus,
      s.scoringVersion,
      JSON.stringify(s.result),
      s.partnerKeyId,
      s.now.toISOString(),
      JSON.stringify(s.report),
      s.consent === undefined || s.consent === null ? null : JSON.stringify(s.consent)
    )
    .run()
  const saved = (await findScreening(db, s.propertyRowId, s.applicantEmail))!
  return { saved, created: saved.id === id }
}

/** Highest VetScore first; equal scores in the order they were screened. */
export async function rankApplicants(db: D1Database, propertyRowId: string): Promise<SavedScreening[]> {
  const { results } = await db
    .prepare('SELECT * FROM screenings WHERE property_id = ? AND erased_at IS NULL ORDER BY vet_score DESC, created_at ASC, id ASC')
    .bind(propertyRowId)
    .all<ScreeningRow>()
  return results.map(toSaved)
}

export function countScreenings(db: D1Database, propertyRowId: string, applicantEmail: string): Promise<number | null> {
  return db
    .prepare('SELECT COUNT(*) AS n FROM screenings WHERE property_id = ? AND applicant_email_key = ?')
    .bind(propertyRowId, applicantEmail.toLowerCase())
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

/** The private parts of a screening: never in the result, released only by their own routes. */
export type ScreeningPrivate = {
  criminal_finding: string | null
  conditional_offer_at: string | null
  report_json: string | null
  consent_json: string | null
  erased_at: string | null
  version: number
}

export function screeningPrivate(db: D1Database, screeningId: string): Promise<ScreeningPrivate | null> {
  return db
    .prepare('SELECT criminal_finding, conditional_offer_at, report_json, consent_json, erased_at, version FROM screenings WHERE id = ?')
    .bind(screeningId)
    .first<ScreeningPrivate>()
}

/** Records the landlord's conditional offer once; returns when it was first recorded. */
export async function recordConditionalOffer(db: D1Database, screeningId: string, at: Date): Promise<string> {
  const row = await db
    .prepare('UPDATE screenings SET conditional_offer_at = COALESCE(conditional_offer_at, ?) WHERE id = ? RETURNING conditional_offer_at')
    .bind(at.toISOString(), screeningId)
    .first<string>('conditional_offer_at')
  return row!
}

/**
 * Erases a screening's personal data (DELETE /api/screenings/{id}, the retention purge):
 * applicant and landlord e-mails, the result, the report facts, consent and the criminal
 * finding go; the row stays as a tombstone so the audit trail keeps its subject. Its links
 * are revoked and unsent mail about it dropped, in one batch.
 */
export async function eraseScreening(db: D1Database, screeningId: string, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const [erased] = await db.batch([
    db
      .prepare(
        `UPDATE screenings SET applicant_email = '', applicant_email_key = 'erased:' || id, landlord_email = '', result_json = '{}',
         report_json = NULL, consent_json = NULL, criminal_finding = NULL, erased_at = ?
       WHERE id = ? AND erased_at IS NULL`
      )
      .bind(at, screeningId),
    db.prepare('DELETE FROM screening_versions WHERE screening_id = ?').bind(screeningId),
    db
      .prepare("UPDATE capabilities SET revoked_at = COALESCE(revoked_at, ?) WHERE subject_id = ? AND kind IN ('screening', 'applicant')")
      .bind(at, screeningId),
    db
      .prepare(
        "UPDATE mail_outbox SET status = 'dropped', last_error = 'screening erased' WHERE screening_id = ? AND status IN ('queued', 'sending')"
      )
      .bind(screeningId),
    db.prepare("UPDATE mail_outbox SET to_email = '' WHERE screening_id = ?").bind(screeningId),
    ...fairChance.eraseStatements(db, screeningId),
  ])
  return (erased.meta.changes ?? 0) > 0
}

/** Screenings older than the cutoff that still hold personal data (oldest first). */
export async function expiredScreenings(db: D1Database, cutoff: Date, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT id FROM screenings WHERE created_at < ? AND erased_at IS NULL ORDER BY created_at LIMIT ?')
    .bind(cutoff.toISOString(), limit)
    .all<{ id: string }>()
  return results.map((r) => r.id)
}

// ------------------------------------------------------------------------------ versions

/**
 * Replaces the current result with a new version, keeping the old one in
 * screening_versions. Both statements run in one batch (a transaction) and only against the
 * version the caller read, so two concurrent rescores cannot both win: the loser changes
 * nothing and gets false.
 */
export async function saveNewVersion(
  db: D1Database,
  s: {
    screeningId: string
    readVersion: number
    result: VetScoreResult
    report: ReportFacts
    reason: string
    now: Date
  }
): Promise<boolean> {
  const at = s.now.toISOString()
  const [, updated] = await db.batch([
    db
      .prepare(
        `INSERT INTO screening_versions (screening_id, version, result_json, reason, created_at)
         SELECT id, version, result_json, ?, ? FROM screenings WHERE id = ? AND version = ? AND erased_at IS NULL`
      )
      .bind(s.reason, at, s.screeningId, s.readVersion),
    db
      .prepare(
        `UPDATE screenings SET result_json = ?, vet_score = ?, verification_status = ?, report_json = ?, version = version + 1
         WHERE id = ? AND version = ? AND erased_at IS NULL`
      )
      .bind(
        JSON.stringify(s.result),
        s.result.vetScore,
        s.result.verificationStatus,
        JSON.stringify(s.report),
        s.screeningId,
        s.readVersion
      ),
  ])
  return (updated.meta.changes ?? 0) > 0
}

export type OldVersion = { version: number; result: VetScoreResult; replacedBecause: string; replacedAt: string }

export async function oldVersions(db: D1Database, screeningId: string): Promise<OldVersion[]> {
  const { results } = await db
    .prepare('SELECT version, result_json, reason, created_at FROM screening_versions WHERE screening_id = ? ORDER BY version')
    .bind(screeningId)
    .all<{ version: number; result_json: string; reason: string; created_at: string }>()
  return results.map((r) => ({
    version: r.version,
    result: JSON.parse(r.result_json),
    replacedBecause: r.reason,
    replacedAt: r.created_at,
  }))
}

/** Screenings whose provider report was still PENDING, oldest first. */
export async function pendingScreenings(db: D1Database, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM screenings WHERE erased_at IS NULL AND json_extract(result_json, '$.screeningReportStatus') = 'PENDING'
       ORDER BY created_at LIMIT ?`
    )
    .bind(limit)
    .all<{ id: string }>()
  return results.map((r) => r.id)
}

// ---------------------------------------------------------------------------- audit trail

export type AuditEntry = { action: string; actor: string; at: string }

export async function audit(db: D1Database, screeningIds: string[], action: string, actor: string, now: Date): Promise<void> {
  if (screeningIds.length === 0) return
  await db
    .prepare(
      `INSERT INTO audit_log (id, screening_id, action, actor, at)
       SELECT lower(hex(randomblob(16))), value, ?1, ?2, ?3 FROM json_each(?4)`
    )
    .bind(action, actor, now.toISOString(), JSON.stringify(screeningIds))
    .run()
}

export async function auditTrail(db: D1Database, screeningId: string): Promise<AuditEntry[]> {
  const { results } = await db
    .prepare('SELECT action, actor, at FROM audit_log WHERE screening_id = ? ORDER BY at, rowid')
    .bind(screeningId)
    .all<AuditEntry>()
  return results
}

// -------------------------------------------------------------------------- capabilities

export async function createCapability(
  db: D1Database,
  c: { id: string; kind: CapabilityKind; subjectId: string; recipient: string; now: Date; expiresAt: Date }
): Promise<Capability> {
  const row: Capability = {
    id: c.id,
    kind: c.kind,
    subject_id: c.subjectId,
    recipient: c.recipient.toLowerCase(),
    created_at: c.now.toISOString(),
    expires_at: c.expiresAt.toISOString(),
    revoked_at: null,
  }
  await db
    .prepare('INSERT INTO capabilities (id, kind, subject_id, recipient, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(row.id, row.kind, row.subject_id, row.recipient, row.created_at, row.expires_at)
    .run()
  return row
}

export function getCapability(db: D1Database, id: string): Promise<Capability | null> {
  return db.prepare('SELECT * FROM capabilities WHERE id = ?').bind(id).first<Capability>()
}

export async function revokeCapability(db: D1Database, id: string, now: Date): Promise<void> {
  await db.prepare('UPDATE capabilities SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?').bind(now.toISOString(), id).run()
}

// -------------------------------------------------------------------------------- outbox

export type MailKind = 'result' | 'applicant_copy' | 'fair_chance_notice'
export type MailStatus = 'queued' | 'sending' | 'sent' | 'dead' | 'dropped'

export type MailRow = {
  id: string
  kind: MailKind
  screening_id: string
  to_email: string
  status: MailStatus
  attempts: number
  next_attempt_at: string
  last_error: string | null
  transport: string | null
  created_at: string
  sent_at: string | null
}

/**
 * Counts one more message to `recipient` today (UTC) unless the cap is reached; returns
 * whether it may be sent. One statement, so parallel requests cannot pass the cap.
 */
export async function reserveDailyMail(db: D1Database, recipient: string, now: Date, cap: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO mail_daily (recipient, day, count) SELECT ?1, ?2, 1 WHERE ?3 >= 1
       ON CONFLICT (recipient, day) DO UPDATE SET count = count + 1 WHERE count < ?3
       RETURNING count`
    )
    .bind(recipient.toLowerCase(), now.toISOString().slice(0, 10), cap)
    .first<number>('count')
  return row !== null
}

export async function enqueueMail(
  db: D1Database,
  m: { kind: MailKind; screeningId: string; to: string; status: 'queued' | 'dropped'; error: string | null; now: Date }
): Promise<MailRow> {
  const row = await db
    .prepare(
      `INSERT INTO mail_outbox (id, kind, screening_id, to_email, status, attempts, next_attempt_at, last_error, created_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING *`
    )
    .bind(crypto.randomUUID(), m.kind, m.screeningId, m.to, m.status, m.now.toISOString(), m.error, m.now.toISOString())
    .first<MailRow>()
  return row!
}

/**
 * Claims up to `limit` due messages for one delivery run: queued ones whose time has come,
 * and `sending` ones whose lease ran out (a run that died). The lease is the new
 * next_attempt_at, so two runs never hold the same row.
 */
export async function claimDueMail(db: D1Database, now: Date, leaseUntil: Date, limit: number, onlyId?: string): Promise<MailRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE mail_outbox SET status = 'sending', next_attempt_at = ?1
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE status IN ('queued', 'sending') AND next_attempt_at <= ?2 AND (?4 IS NULL OR id = ?4)
         ORDER BY next_attempt_at, id LIMIT ?3)
         AND status IN ('queued', 'sending') AND next_attempt_at <= ?2
       RETURNING *`
    )
    .bind(leaseUntil.toISOString(), now.toISOString(), limit, onlyId ?? null)
    .all<MailRow>()
  return results
}

export async function markMail(
  db: D1Database,
  id: string,
  update: { status: MailStatus; attempts: number; nextAttemptAt: Date; error: string | null; transport: string | null; sentAt: Date | null }
): Promise<void> {
  await db
    .prepare(
      `UPDATE mail_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, transport = COALESCE(?, transport), sent_at = ?
       WHERE id = ?`
    )
    .bind(
      update.status,
      update.attempts,
      update.nextAttemptAt.toISOString(),
      update.error,
      update.transport,
      update.sentAt?.toISOString() ?? null,
      id
    )
    .run()
}

export async function mailFor(db: D1Database, screeningId: string): Promise<MailRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM mail_outbox WHERE screening_id = ? ORDER BY created_at, id')
    .bind(screeningId)
    .all<MailRow>()
  return results
}

/** For the operator: messages by status, newest first. */
export async function listMail(db: D1Database, status: MailStatus, limit: number): Promise<MailRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM mail_outbox WHERE status = ? ORDER BY created_at DESC LIMIT ?')
    .bind(status, limit)
    .all<MailRow>()
  return results
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
export async function claimScrape(db: D1Database, city: string, source: LeadSource, now: Date, freshMs: number): Promise<ScrapeRun | null> {
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
export async function upsertLeads(db: D1Database, city: string, source: LeadSource, items: NewLead[], now: Date): Promise<Lead[]> {
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

/** Forgets a claimed run that fetched nothing usable, so it is not served as a fresh "0 leads". */
export async function releaseScrape(db: D1Database, city: string, source: LeadSource, startedAt: Date): Promise<void> {
  await db
    .prepare("DELETE FROM scrape_runs WHERE city = ? AND source = ? AND started_at = ? AND status = 'running'")
    .bind(city, source, startedAt.toISOString())
    .run()
}

/** The leads of the last run that stored any, newest first within it. */
export async function lastGoodLeads(db: D1Database, city: string, source: LeadSource): Promise<Lead[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM leads WHERE city = ?1 AND source = ?2
         AND scraped_at = (SELECT MAX(scraped_at) FROM leads WHERE city = ?1 AND source = ?2)
       ORDER BY rowid LIMIT 200`
    )
    .bind(city, source)
    .all<LeadRow>()
  return results.map(toLead)
}

/** The leads a run stored: those it refreshed last. */
export async function leadsOfRun(db: D1Database, city: string, source: LeadSource, startedAt: string): Promise<Lead[]> {
  const { results } = await db
    .prepare('SELECT * FROM leads WHERE city = ? AND source = ? AND scraped_at = ? ORDER BY rowid')
    .bind(city, source, startedAt)
    .all<LeadRow>()
  return results.map(toLead)
}

type EmbedPartnerRow = {
  public_id: string
  key_id: string
  origins: string
  name: string | null
  color: string | null
  logo_url: string | null
  return_url: string | null
}

/**
 * A partner's embed configuration by its public id (issue 23), only while its key is active:
 * a revoked partner's page is as unknown as a made-up id.
 */
export async function embedPartnerByPublicId(db: D1Database, publicId: string): Promise<EmbedPartner | null> {
  const row = await db
    .prepare(
      `SELECT e.* FROM embed_partners e JOIN api_keys k ON k.id = e.key_id
        WHERE e.public_id = ? AND k.revoked_at IS NULL`
    )
    .bind(publicId)
    .first<EmbedPartnerRow>()
  if (!row) return null
  return {
    publicId: row.public_id,
    keyId: row.key_id,
    origins: JSON.parse(row.origins) as string[],
    name: row.name,
    color: row.color,
    logoUrl: row.logo_url,
    returnUrl: row.return_url,
  }
}

/** The SQL the admin CLI runs too (`partners embed`): one configuration per key, the public id kept on update. */

export async function saveEmbedPartner(db: D1Database, keyId: string, config: EmbedConfig, now: Date): Promise<string> {
  const row = await db
    .prepare(UPSERT_EMBED_PARTNER)
    .bind(
      newEmbedPublicId(),
      keyId,
      JSON.stringify(config.origins),
      config.name,
      config.color,
      config.logoUrl,
      config.returnUrl,
      now.toISOString()
    )
    .first<{ public_id: string }>()
  return row!.public_id
}
