-- Migration number: 0004
-- Plans and their check-ins (issue 18 §4). A plan belongs to the account of the key that
-- made it (`owner`); every read filters on it, so a plan_id alone gives no access.
CREATE TABLE plans (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  request TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE plan_checkins (
  plan_id TEXT NOT NULL REFERENCES plans (id),
  cycle INTEGER NOT NULL,
  checkin TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (plan_id, cycle)
);
