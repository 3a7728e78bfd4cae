-- Migration number: 0005
-- Bulk generation jobs (workers/sds/bulk/). A job reserves its units up front in sds_usage
-- (and, for standard keys, api_keys.credits) for the period and tier it was created in;
-- units_reserved counts the items not yet finished. A failed item gives its unit back.
CREATE TABLE sds_bulk_jobs (
  id TEXT PRIMARY KEY,
  key_id TEXT NOT NULL,
  status TEXT NOT NULL,
  branding TEXT NOT NULL,
  tier TEXT NOT NULL,
  period TEXT NOT NULL,
  total INTEGER NOT NULL,
  succeeded INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  units_reserved INTEGER NOT NULL CHECK (units_reserved >= 0),
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX sds_bulk_jobs_key ON sds_bulk_jobs (key_id, period, status);

-- status: pending, running (claimed_at set), done (document_id, expires) or failed (error_*).
CREATE TABLE sds_bulk_items (
  job_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  chemical_identifier TEXT NOT NULL,
  format TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  claimed_at TEXT,
  document_id TEXT,
  filename TEXT,
  expires INTEGER,
  error_code TEXT,
  error_message TEXT,
  completed_at TEXT,
  PRIMARY KEY (job_id, idx)
);
