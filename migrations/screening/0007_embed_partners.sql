-- Migration number: 0007
-- Issue 23, hosted embed. A partner key's embed configuration: the public id a partner puts
-- in its iframe URL (not a secret, it grants nothing but the page), the origins allowed to
-- frame the page (CSP frame-ancestors) and to receive its postMessage, and the branding.
-- One configuration per partner key; `npm run admin -- partners embed` writes it.
CREATE TABLE embed_partners (
  public_id TEXT PRIMARY KEY,
  key_id TEXT NOT NULL UNIQUE,
  origins TEXT NOT NULL,          -- JSON array of origins, validated by workers/screening/embed/config.ts
  name TEXT,
  color TEXT,                     -- #rgb or #rrggbb
  logo_url TEXT,                  -- https URL
  return_url TEXT,                -- https URL (http://localhost for development)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
