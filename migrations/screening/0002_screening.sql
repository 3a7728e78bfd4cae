-- Migration number: 0002
-- Service D: properties, screenings (one per applicant e-mail per property), landlord
-- leads, scraped leads, scrape runs (15-minute freshness) and the e-mail outbox.

CREATE TABLE properties (
  id TEXT PRIMARY KEY,
  -- The partner key that created the property ('' without a key): others cannot use it.
  partner_scope TEXT NOT NULL,
  owner_email TEXT NOT NULL,
  owner_key TEXT NOT NULL,              -- lower-cased owner e-mail
  address TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  address_key TEXT NOT NULL,            -- normalised street|CITY|ST|ZIP5 (address/normalize.ts)
  -- 1 when the id was assigned by matching the address, 0 when the caller brought it.
  assigned INTEGER NOT NULL CHECK (assigned IN (0, 1)),
  created_at TEXT NOT NULL
);
-- One assigned property per landlord and address, so parallel first screens agree on it.
CREATE UNIQUE INDEX properties_assigned ON properties (partner_scope, owner_key, address_key) WHERE assigned = 1;
CREATE INDEX properties_match ON properties (partner_scope, owner_key, address_key, created_at);

CREATE TABLE screenings (
  id TEXT PRIMARY KEY,
  property_id TEXT NOT NULL REFERENCES properties (id),
  applicant_email TEXT NOT NULL,
  applicant_email_key TEXT NOT NULL,    -- lower-cased: a repeat screen is case-insensitive
  landlord_email TEXT NOT NULL,
  vet_score INTEGER NOT NULL CHECK (vet_score BETWEEN 0 AND 100),
  verification_status TEXT NOT NULL CHECK (verification_status IN ('verified', 'mock')),
  scoring_version TEXT NOT NULL,
  result_json TEXT NOT NULL,            -- the VetScore result exactly as first returned
  partner_key_id TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (property_id, applicant_email_key)
);
CREATE INDEX screenings_ranking ON screenings (property_id, vet_score DESC, created_at, id);

-- Landlords and operators who screened, by e-mail: the lead record a screen creates.
CREATE TABLE landlord_leads (
  email_key TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  screenings INTEGER NOT NULL,
  first_seen_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);

CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  city TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('vetscore', 'zillow')),
  name TEXT,
  contact TEXT,
  raw_json TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  scraped_at TEXT NOT NULL
);
CREATE INDEX leads_by_run ON leads (city, source, scraped_at);

CREATE TABLE scrape_runs (
  city TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('vetscore', 'zillow')),
  started_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'done')),
  lead_count INTEGER,
  warnings_json TEXT,
  PRIMARY KEY (city, source)
);

-- Every result e-mail, sent or not: `queued` when no transport is configured.
CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  screening_id TEXT NOT NULL,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  transport TEXT NOT NULL CHECK (transport IN ('outbox', 'cloudflare-email', 'http')),
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
  error TEXT,
  created_at TEXT NOT NULL
);
