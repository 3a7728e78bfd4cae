-- Migration number: 0012
-- Issue 34 §2: a partner may choose not to score credit for applicants with a rent subsidy
-- anywhere (HUD's 2024 screening guidance), beyond the places where a law says so
-- (workers/screening/data/subsidy-credit.json). The owner is `partner:<partner id>`.
CREATE TABLE partner_policies (
  owner TEXT PRIMARY KEY,
  skip_credit_for_subsidy INTEGER NOT NULL CHECK (skip_credit_for_subsidy IN (0, 1)),
  updated_at TEXT NOT NULL
);
