-- Migration number: 0008
-- Issue 34 §1: criminal records are asked for only after a conditional offer, in a request of
-- their own, and never where the property's law forbids it. The first request no longer asks
-- for them, so nothing of them may stay from before: the criminal flag that earlier versions
-- stored with every screening (criminal_finding, and `criminal` inside the stored provider
-- report) is erased here, offer or not. A landlord who recorded an offer before this
-- migration makes the criminal request again through the new flow.
UPDATE screenings SET criminal_finding = NULL WHERE criminal_finding IS NOT NULL;
UPDATE screenings SET report_json = json_remove(report_json, '$.report.criminal')
 WHERE report_json IS NOT NULL AND json_valid(report_json) AND json_type(report_json, '$.report.criminal') IS NOT NULL;

-- The second step of a screening: one row per screening once a conditional offer was made.
-- status: not_permitted (the law forbids the check: never requested), requesting (the request
-- is out; claimed by one caller), received (records stored, the applicant noticed).
CREATE TABLE criminal_checks (
  screening_id TEXT PRIMARY KEY,
  rule_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('not_permitted', 'requesting', 'received')),
  requested_at TEXT NOT NULL,
  received_at TEXT,
  finding TEXT CHECK (finding IS NULL OR finding IN ('clear', 'review', 'hit')),
  source_label TEXT,
  records_json TEXT,
  notice_json TEXT,
  respond_by TEXT
);

-- What the applicant sent through the signed link of the notice (rehabilitation, mitigating
-- information, a dispute of a record's accuracy).
CREATE TABLE applicant_responses (
  id TEXT PRIMARY KEY,
  screening_id TEXT NOT NULL,
  capability_id TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  response_json TEXT NOT NULL
);
CREATE INDEX applicant_responses_by_screening ON applicant_responses (screening_id, submitted_at);

-- The landlord's individualized assessment of the records, once per screening.
CREATE TABLE individualized_assessments (
  screening_id TEXT PRIMARY KEY,
  actor TEXT NOT NULL,
  assessed_at TEXT NOT NULL,
  assessment_json TEXT NOT NULL
);

-- What the landlord decided, once per screening (approved, approved with conditions, denied).
CREATE TABLE screening_decisions (
  screening_id TEXT PRIMARY KEY,
  actor TEXT NOT NULL,
  decided_at TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('approved', 'approved_with_conditions', 'denied')),
  decision_json TEXT NOT NULL
);

-- The outbox gains the applicant's notice of criminal-history records (kind fair_chance_notice).
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt with its rows.
CREATE TABLE mail_outbox_new (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('result', 'applicant_copy', 'fair_chance_notice')),
  screening_id TEXT NOT NULL,
  to_email TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'dead', 'dropped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  transport TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
INSERT INTO mail_outbox_new (id, kind, screening_id, to_email, status, attempts, next_attempt_at, last_error, transport, created_at, sent_at)
SELECT id, kind, screening_id, to_email, status, attempts, next_attempt_at, last_error, transport, created_at, sent_at FROM mail_outbox;
DROP TABLE mail_outbox;
ALTER TABLE mail_outbox_new RENAME TO mail_outbox;
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_screening ON mail_outbox (screening_id);
