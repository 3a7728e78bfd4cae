-- Migration number: 0002
-- Accounts own decompose keys (api_keys.account_id). Created by `npm run admin`, which
-- prints the account token once; only its SHA-256 hash is kept. Dashboard sessions are
-- random ids, also stored hashed.
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL CHECK (plan IN ('free', 'paid')),
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id),
  csrf_token TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
