-- Migration number: 0004
-- Alert e-mail addresses are confirmed before any alert is sent to them (docs/audit.md,
-- "E-mail"). One row per key and address: another key listing the same address has its own
-- row and its own confirmation. token_id is the id of the current confirmation link (the link
-- carries it with an HMAC over this row, ALERT_EMAIL_SECRET); expires_at is that link's expiry.
CREATE TABLE alert_email_addresses (
  owner_key_id TEXT NOT NULL,
  address TEXT NOT NULL,
  token_id TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  confirmed_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (owner_key_id, address)
);

-- 'alert' (a monitor's alert, written only for a confirmed address) or 'confirmation' (the
-- link asking the address to confirm; deleted unsent once the address is confirmed).
ALTER TABLE alert_mail_outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'alert';
