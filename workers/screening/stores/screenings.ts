import type { ProviderReport } from '../domain/provider/types'
import type { AlternativeEvidence, VetScoreResult } from '../schemas'
import * as fairChance from './fair-chance'
import { propertyByRowId, type PropertyRow } from './properties'

// Screenings, their versions, erasure and retention.

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
export type ScoringInputs = {
  monthlyRent: number
  monthlyIncome: number
  voucherAmount: number
  applicantName: string | null
  /** What the applicant offered instead of a credit history (issue 34 §2); kept so a rescore shows it again. */
  alternativeEvidence?: AlternativeEvidence[]
}

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
