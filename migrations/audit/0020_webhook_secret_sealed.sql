-- Migration number: 0020
-- Webhook signing secrets sealed at rest (shared/webhooks/secret-box.ts, docs/security.md):
-- `secret` holds `<iv>.<AES-256-GCM ciphertext and tag>` (base64) under the key whose id is
-- `secret_key_id`, from the worker's WEBHOOK_SECRET_KEY secret. A NULL key id marks a row
-- written before this migration, whose `secret` is still the plain `whsec_…`: it is sealed
-- under the current key the first time it is read (a delivery, or its owner listing the
-- endpoints), or all at once by scripts/webhooks/seal-secrets.ts; until then it signs as before.
ALTER TABLE webhook_endpoints ADD COLUMN secret_key_id TEXT;
