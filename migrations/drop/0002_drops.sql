-- Migration number: 0002
-- Issue 19: every drop has an owner and a strongly consistent record. KV serves the page
-- (fast, eventually consistent: up to 60 s before a new key is visible elsewhere, and misses
-- are cached); this table is what a KV miss is confirmed against before answering 404, and
-- what edits, deletions, burn-after-reading and operator takedowns are decided on.
CREATE TABLE drops (
  slug TEXT PRIMARY KEY,
  -- SHA-256 (hex) of the edit token handed out once at publish time.
  edit_token_hash TEXT NOT NULL,
  -- The Pro key (its account, or the key id) that published it; NULL for anonymous drops.
  owner TEXT,
  plan TEXT NOT NULL,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT,
  burn_after_reading INTEGER NOT NULL DEFAULT 0,
  -- The DropRecord JSON while it is at most 1 MiB, served when KV has not caught up yet.
  record TEXT,
  deleted_at TEXT,
  -- Operator takedown: 451 (legal) or 410, and the reason shown on the page.
  removed_status INTEGER,
  removed_reason TEXT
);
CREATE INDEX drops_owner ON drops (owner, created_at);
