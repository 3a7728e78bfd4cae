-- Migration number: 0021
-- The outbox gains the adverse-action notice e-mailed to the applicant (issue 34 §3, kind
-- adverse_action_notice). SQLite cannot change a CHECK constraint in place: the table is
-- rebuilt with its rows, as in 0008.
CREATE TABLE mail_outbox_new (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('result', 'applicant_copy', 'fair_chance_notice', 'adverse_action_notice')),
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
-- A screening has one decision (screening_decisions' key), so at most one live notice mail:
-- a second send finds this row instead of queuing another. A row dropped by the daily cap
-- does not count, so the owner may send again another day.
CREATE UNIQUE INDEX mail_outbox_one_adverse_notice ON mail_outbox (screening_id)
  WHERE kind = 'adverse_action_notice' AND status <> 'dropped';
