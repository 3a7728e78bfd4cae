-- Migration number: 0003
-- Documents used per key and quota period, for atomic quota consumption (workers/sds/store.ts).
-- period: 'trial' for trial keys, 'YYYY-MM' (UTC) for pro and enterprise, 'all' for standard
-- (whose limit is api_keys.credits). A unit is taken with one conditional upsert, so two
-- concurrent requests can never both take the last unit; a failed generation gives it back.
CREATE TABLE sds_usage (
  key_id TEXT NOT NULL,
  period TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (key_id, period)
);
