-- Migration number: 0002
-- Plan state the operator sets with `npm run admin` (plan itself is api_keys.plan).
-- credits: documents a `standard` key has prepaid and not yet used (NULL for other plans).
-- subscription_status: 'active' or 'cancelled' (cancelled → 402 SUBSCRIPTION_INACTIVE).
ALTER TABLE api_keys ADD COLUMN credits INTEGER;
ALTER TABLE api_keys ADD COLUMN subscription_status TEXT NOT NULL DEFAULT 'active';
