-- Migration number: 0002
-- Pro monitoring (docs/audit.md, "Monitoring"): monitors, their run history, the public last
-- grades behind badges and history pages, e-mail alerts waiting for a transport, and the
-- shared webhook platform's tables (shared/webhooks/store.ts, same shape as migrations/sds/0004).
-- Every monitor row belongs to the API key that created it (owner_key_id); runs carry the
-- owner too, and every query names it.

-- next_run_at: epoch milliseconds; the cron takes the oldest due ones first, a bounded batch
-- per invocation. state: JSON of the last run's alert state (grade, headers present,
-- certificate alerted for), so an alert fires once per change of state.
CREATE TABLE monitors (
  id TEXT PRIMARY KEY,
  owner_key_id TEXT NOT NULL,
  domain TEXT NOT NULL,
  interval TEXT NOT NULL,
  alert_email TEXT,
  alert_on TEXT NOT NULL,
  cert_expiry_days INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  next_run_at INTEGER NOT NULL,
  last_run_at TEXT,
  state TEXT,
  UNIQUE (owner_key_id, domain)
);
CREATE INDEX monitors_due ON monitors (next_run_at);
CREATE INDEX monitors_owner ON monitors (owner_key_id, created_at);

-- One row per run. status: ok (a report), failed (the site could not be checked: unreachable,
-- name gone, now private), error (our side: DNS resolver unavailable; never alerted).
-- headers: JSON { <header>: { present, result } } of the report's eight security headers.
CREATE TABLE monitor_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  monitor_id TEXT NOT NULL,
  owner_key_id TEXT NOT NULL,
  checked_at TEXT NOT NULL,
  status TEXT NOT NULL,
  score INTEGER,
  grade TEXT,
  ssl_grade TEXT,
  cert_expires_at TEXT,
  cert_days_remaining INTEGER,
  headers TEXT,
  error TEXT
);
CREATE INDEX monitor_runs_by_monitor ON monitor_runs (monitor_id, checked_at);

-- The grade of a public domain at a check time: a fact about a public site, kept without an
-- owner (like the KV report cache), for /badge/<domain>.svg and /check/<domain>/history.
-- One row per check time: two monitors of one domain reading the same cached report add one.
CREATE TABLE domain_grades (
  domain TEXT NOT NULL,
  checked_at TEXT NOT NULL,
  score INTEGER NOT NULL,
  grade TEXT NOT NULL,
  ssl_grade TEXT,
  PRIMARY KEY (domain, checked_at)
);

-- E-mail alerts. This worker has no mail transport yet (the screening worker's is to move to
-- shared/): messages wait here with status 'queued' for it. Nothing is sent today.
CREATE TABLE alert_mail_outbox (
  id TEXT PRIMARY KEY,
  owner_key_id TEXT NOT NULL,
  monitor_id TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX alert_mail_outbox_status ON alert_mail_outbox (status, created_at);

CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  owner_key_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',
  created_at TEXT NOT NULL,
  failing_since TEXT,
  disabled_at TEXT,
  disabled_reason TEXT
);
CREATE INDEX webhook_endpoints_owner ON webhook_endpoints (owner_key_id);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  endpoint_id TEXT NOT NULL,
  owner_key_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status_code INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL,
  last_attempt_at TEXT,
  next_attempt_at TEXT,
  delivered_at TEXT
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);

CREATE TABLE webhook_notices (
  id TEXT PRIMARY KEY,
  owner_key_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_notices_owner ON webhook_notices (owner_key_id, created_at);
