-- Migration number: 0003
-- Issue 12, access and ownership. Every property has one owner: `partner:<key id>` for a
-- partner key, `email:<lower-cased landlord e-mail>` for an anonymous free screening. A
-- caller's propertyId is only a name inside its owner (`external_id`), so nobody can squat
-- another owner's id; the row id is ours. Reads without a partner key need a capability
-- link (table `capabilities`, the link itself is HMAC-signed, see workers/screening/links.ts).
ALTER TABLE properties ADD COLUMN owner TEXT;
ALTER TABLE properties ADD COLUMN external_id TEXT;
UPDATE properties
   SET owner = CASE WHEN partner_scope <> '' THEN 'partner:' || partner_scope ELSE 'email:' || owner_key END,
       external_id = id;
CREATE UNIQUE INDEX properties_owner_external ON properties (owner, external_id);

-- A capability link: who it was e-mailed to, what it opens, until when, and whether it was
-- revoked. The token is `<id>.<hmac>`; only the HMAC key (a secret) can make one.
CREATE TABLE capabilities (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('property', 'screening', 'applicant')),
  subject_id TEXT NOT NULL,             -- properties.id or screenings.id
  recipient TEXT NOT NULL,              -- lower-cased e-mail the link goes to
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX capabilities_subject ON capabilities (kind, subject_id);

-- The outbox v2: a row names what to send (kind + screening), never a body written by a
-- caller; the fixed template is rendered at send time. The cron delivers due rows with
-- exponential backoff; after the last attempt a row is `dead` (npm run admin -- screening outbox).
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('result', 'applicant_copy')),
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
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_screening ON mail_outbox (screening_id);

-- Rows the old outbox never sent are delivered again, with the new template (their stored
-- subject and body, which carried caller text, are not reused).
INSERT INTO mail_outbox (id, kind, screening_id, to_email, status, attempts, next_attempt_at, last_error, transport, created_at, sent_at)
SELECT o.id, 'result', o.screening_id, o.to_email,
       CASE o.status WHEN 'sent' THEN 'sent' ELSE 'queued' END,
       0, o.created_at, o.error, o.transport, o.created_at,
       CASE o.status WHEN 'sent' THEN o.created_at END
  FROM outbox o;
DROP TABLE outbox;

-- Per-recipient daily cap on e-mails (counted when a message is queued).
CREATE TABLE mail_daily (
  recipient TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (recipient, day)
);
