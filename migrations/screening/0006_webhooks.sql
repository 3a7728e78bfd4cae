-- Migration number: 0006
-- Signed webhooks of the screening service (shared/webhooks/, docs/webhooks.md): the same
-- tables as migrations/sds/0004_webhooks.sql, in the screening D1. Every row belongs to the
-- partner key that registered the endpoint (owner_key_id); nothing is read across owners.
-- secret: the signing secret (whsec_ + base64); it must be kept to sign, so it cannot be
-- hashed, and it is never returned after creation nor written to logs.
-- failing_since: first failed attempt after the last success; an endpoint failing for
-- DISABLE_AFTER_DAYS is disabled and the owner gets a notice.
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

-- One row per (event, endpoint) delivery; a redelivery is a new row with the same event_id,
-- so receivers see the same Webhook-Id. payload is the exact signed body.
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

-- Notices to the owner of an endpoint (disabled after failing for days): read with
-- GET /api/v1/webhooks/notices; there is no e-mail transport in this worker.
CREATE TABLE webhook_notices (
  id TEXT PRIMARY KEY,
  owner_key_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_notices_owner ON webhook_notices (owner_key_id, created_at);
