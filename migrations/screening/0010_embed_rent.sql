-- Migration number: 0010
-- Issue 34 §5: the embed's rent comes from the server, never from the applicant's URL.
-- A property (the partner's listing) gains the monthly rent the partner sets through
-- PUT /api/properties/{propertyId}; an embed link without a partner signature uses it.
ALTER TABLE properties ADD COLUMN monthly_rent INTEGER CHECK (monthly_rent IS NULL OR monthly_rent BETWEEN 300 AND 1000000);

-- The partner's embed link-signing secret is never stored: it is derived from the worker's
-- LINK_SIGNING_SECRET, the embed's public id and this generation (domain/embed/link.ts).
-- 0 = none issued yet; each POST /api/partner/embed/signing-secret moves to the next
-- generation, shows that secret once and retires the previous one.
ALTER TABLE embed_partners ADD COLUMN link_secret_generation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE embed_partners ADD COLUMN link_secret_issued_at TEXT;
