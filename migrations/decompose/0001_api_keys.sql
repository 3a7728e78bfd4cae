-- Migration number: 0001
-- API keys, stored only as SHA-256 hashes (DECISIONS.md). Written by `npm run admin`
-- (and, for decompose, by the dashboard); read by shared/keys.ts.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,
  key_prefix TEXT NOT NULL,
  service TEXT NOT NULL,
  plan TEXT NOT NULL,
  email TEXT,
  account_id TEXT,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_account ON api_keys (account_id);
