-- Migration number: 0003
-- Issue 35 §3: every edit keeps the version it replaces (at most 50 per drop, none for
-- burn-after-reading drops). This table lists them for the drop's owner; each version itself
-- (Markdown, title, the article rendered when it was current) is in KV under rev:<slug>:<n>,
-- expiring with the drop.
CREATE TABLE drop_revisions (
  slug TEXT NOT NULL,
  n INTEGER NOT NULL,
  title TEXT NOT NULL,
  -- When this version was replaced by the next one.
  replaced_at TEXT NOT NULL,
  -- Size of its Markdown in bytes.
  bytes INTEGER NOT NULL,
  PRIMARY KEY (slug, n)
);
