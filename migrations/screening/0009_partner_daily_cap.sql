-- Migration number: 0009
-- Issue 34 §5: each partner has a daily cap on new screenings billed to it, which it sets
-- itself (PUT /api/partner/screening-cap), so nobody can run screenings on its account from a
-- script. The owner is `partner:<key id>` (the screenings' owner).
CREATE TABLE partner_settings (
  owner TEXT PRIMARY KEY,
  daily_screening_cap INTEGER NOT NULL CHECK (daily_screening_cap BETWEEN 0 AND 100000),
  updated_at TEXT NOT NULL
);

-- New screenings per partner per UTC day, counted in one statement before the provider is asked.
CREATE TABLE partner_daily_screenings (
  owner TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (owner, day)
);
