import type { RiskFlag } from '../domain/scoring/credit'

/**
 * The second step of a screening (migration 0008): the criminal check made after a
 * conditional offer, what the applicant sent back, the landlord's individualized assessment
 * and decision. Every row hangs off one screening; access is checked before any call here.
 */
export type CriminalCheckRow = {
  screening_id: string
  rule_id: string | null
  status: 'not_permitted' | 'requesting' | 'received'
  requested_at: string
  received_at: string | null
  finding: RiskFlag | null
  source_label: string | null
  records_json: string | null
  notice_json: string | null
  respond_by: string | null
}

export function criminalCheck(db: D1Database, screeningId: string): Promise<CriminalCheckRow | null> {
  return db.prepare('SELECT * FROM criminal_checks WHERE screening_id = ?').bind(screeningId).first<CriminalCheckRow>()
}

/** Where the law forbids the check: a row that says so, so nothing can ever request it. */
export async function markNotPermitted(db: D1Database, screeningId: string, ruleId: string | null, now: Date): Promise<void> {
  await db
    .prepare(
      `INSERT INTO criminal_checks (screening_id, rule_id, status, requested_at) VALUES (?, ?, 'not_permitted', ?)
       ON CONFLICT (screening_id) DO NOTHING`
    )
    .bind(screeningId, ruleId, now.toISOString())
    .run()
}

/**
 * Claims the one criminal request of a screening: true for the caller that may send it. A
 * claim older than `staleBefore` (a request that died) may be taken again.
 */
export async function claimCriminalCheck(
  db: D1Database,
  screeningId: string,
  ruleId: string | null,
  now: Date,
  staleBefore: Date
): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO criminal_checks (screening_id, rule_id, status, requested_at) VALUES (?1, ?2, 'requesting', ?3)
       ON CONFLICT (screening_id) DO UPDATE SET requested_at = ?3, rule_id = ?2
         WHERE criminal_checks.status = 'requesting' AND criminal_checks.requested_at < ?4
       RETURNING screening_id`
    )
    .bind(screeningId, ruleId, now.toISOString(), staleBefore.toISOString())
    .first<string>('screening_id')
  return row !== null
}

/** A failed request gives its claim back, so the landlord may retry. */
export async function releaseCriminalCheck(db: D1Database, screeningId: string): Promise<void> {
  await db.prepare("DELETE FROM criminal_checks WHERE screening_id = ? AND status = 'requesting'").bind(screeningId).run()
}

export async function saveCriminalRecords(
  db: D1Database,
  c: { screeningId: string; finding: RiskFlag; sourceLabel: string; records: unknown; notice: unknown; respondBy: string; now: Date }
): Promise<void> {
  await db
    .prepare(
      `UPDATE criminal_checks SET status = 'received', received_at = ?, finding = ?, source_label = ?, records_json = ?, notice_json = ?, respond_by = ?
       WHERE screening_id = ? AND status = 'requesting'`
    )
    .bind(c.now.toISOString(), c.finding, c.sourceLabel, JSON.stringify(c.records), JSON.stringify(c.notice), c.respondBy, c.screeningId)
    .run()
}

export type ApplicantResponseRow = { id: string; submitted_at: string; response_json: string }

/** Stores one answer unless the screening already has `max`; one statement, so parallel posts cannot pass it. */
export async function addApplicantResponse(
  db: D1Database,
  r: { screeningId: string; capabilityId: string; response: unknown; now: Date; max: number }
): Promise<string | null> {
  const id = crypto.randomUUID()
  const row = await db
    .prepare(
      `INSERT INTO applicant_responses (id, screening_id, capability_id, submitted_at, response_json)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT count(*) FROM applicant_responses WHERE screening_id = ?2) < ?6
       RETURNING id`
    )
    .bind(id, r.screeningId, r.capabilityId, r.now.toISOString(), JSON.stringify(r.response), r.max)
    .first<string>('id')
  return row
}

export async function applicantResponses(db: D1Database, screeningId: string): Promise<ApplicantResponseRow[]> {
  const { results } = await db
    .prepare('SELECT id, submitted_at, response_json FROM applicant_responses WHERE screening_id = ? ORDER BY submitted_at, id')
    .bind(screeningId)
    .all<ApplicantResponseRow>()
  return results
}

export type AssessmentRow = { actor: string; assessed_at: string; assessment_json: string }

/** Records the assessment once; false when one was already recorded. */
export async function saveAssessment(db: D1Database, screeningId: string, actor: string, assessment: unknown, now: Date): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO individualized_assessments (screening_id, actor, assessed_at, assessment_json) VALUES (?, ?, ?, ?)
       ON CONFLICT (screening_id) DO NOTHING`
    )
    .bind(screeningId, actor, now.toISOString(), JSON.stringify(assessment))
    .run()
  return (res.meta.changes ?? 0) > 0
}

export function assessmentOf(db: D1Database, screeningId: string): Promise<AssessmentRow | null> {
  return db
    .prepare('SELECT actor, assessed_at, assessment_json FROM individualized_assessments WHERE screening_id = ?')
    .bind(screeningId)
    .first<AssessmentRow>()
}

export type DecisionRow = { actor: string; decided_at: string; action: string; decision_json: string }

/** Records the decision once; false when one was already recorded. */
export async function saveDecision(
  db: D1Database,
  d: { screeningId: string; actor: string; action: string; decision: unknown; now: Date }
): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO screening_decisions (screening_id, actor, decided_at, action, decision_json) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (screening_id) DO NOTHING`
    )
    .bind(d.screeningId, d.actor, d.now.toISOString(), d.action, JSON.stringify(d.decision))
    .run()
  return (res.meta.changes ?? 0) > 0
}

export function decisionOf(db: D1Database, screeningId: string): Promise<DecisionRow | null> {
  return db
    .prepare('SELECT actor, decided_at, action, decision_json FROM screening_decisions WHERE screening_id = ?')
    .bind(screeningId)
    .first<DecisionRow>()
}

/** The statements that erase a screening's second step with the rest of its personal data. */
export function eraseStatements(db: D1Database, screeningId: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'UPDATE criminal_checks SET finding = NULL, records_json = NULL, notice_json = NULL, source_label = NULL WHERE screening_id = ?'
      )
      .bind(screeningId),
    db.prepare('DELETE FROM applicant_responses WHERE screening_id = ?').bind(screeningId),
    db.prepare("UPDATE individualized_assessments SET assessment_json = '{}' WHERE screening_id = ?").bind(screeningId),
    db.prepare("UPDATE screening_decisions SET decision_json = '{}' WHERE screening_id = ?").bind(screeningId),
  ]
}
