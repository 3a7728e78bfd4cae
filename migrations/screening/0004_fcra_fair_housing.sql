-- Migration number: 0004
-- Issue 12 §2–§4: what a lawful screening keeps beside its result.
-- criminal_finding: the provider's criminal flag, never shown in the first step (VetScore v2);
--   released only by POST /api/screenings/{id}/conditional-offer where the law allows it.
-- report_json: the provider facts an adverse-action notice needs (score date, key factors).
-- consent_json: the applicant's consent to the consumer report (FCRA § 604).
-- erased_at: personal data erased (DELETE /api/screenings/{id} or the retention purge).
ALTER TABLE screenings ADD COLUMN criminal_finding TEXT;
ALTER TABLE screenings ADD COLUMN conditional_offer_at TEXT;
ALTER TABLE screenings ADD COLUMN report_json TEXT;
ALTER TABLE screenings ADD COLUMN consent_json TEXT;
ALTER TABLE screenings ADD COLUMN erased_at TEXT;
ALTER TABLE screenings ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
CREATE INDEX screenings_created ON screenings (created_at);

-- Every read and change of a screening, for its owner (GET /api/screenings/{id}/audit).
CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  screening_id TEXT NOT NULL,
  action TEXT NOT NULL,                 -- created, read, listed, conditional_offer, notice, erased, rescored, purged …
  actor TEXT NOT NULL,                  -- partner:<key id>, link:<capability id>, applicant:<capability id>, system
  at TEXT NOT NULL
);
CREATE INDEX audit_by_screening ON audit_log (screening_id, at);

-- Earlier results of a screening (rescore, completion of a pending report): never overwritten.
CREATE TABLE screening_versions (
  screening_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  result_json TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (screening_id, version)
);
