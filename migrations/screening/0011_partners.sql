-- Migration number: 0011
-- Issue 34 §4, partners, not keys. A partner account owns screenings, properties, webhooks,
-- embeds and settings; its keys (api_keys.account_id = partners.id) can be several at once,
-- named, created and revoked without losing anything the partner owns.
CREATE TABLE partners (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- A key's name, set by the operator (`npm run admin -- keys create --name …`).
ALTER TABLE api_keys ADD COLUMN name TEXT;

-- Every key issued before partners becomes one partner, whose id is the key's id: the owner
-- strings already stored (`partner:<id>` on properties, partner_settings, partner_daily_screenings,
-- webhook endpoints' owner_key_id, embed_partners.key_id) then name the partner with no rewrite.
INSERT INTO partners (id, name, created_at)
  SELECT id, COALESCE(email, 'Partner ' || key_prefix), created_at FROM api_keys WHERE account_id IS NULL
  ON CONFLICT (id) DO NOTHING;
UPDATE api_keys SET account_id = id WHERE account_id IS NULL;

-- The embed configuration is the partner's.
ALTER TABLE embed_partners RENAME COLUMN key_id TO partner_id;
