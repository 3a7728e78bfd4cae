-- Migration number: 0005
-- Retention of plans (issue 30 §4). Goals, contexts and check-in notes can hold health details,
-- so a plan is kept only until `expires_at`: its last activity (creation or check-in) plus
-- `retention_days` (90 unless the partner sends less). A daily cron deletes expired plans with
-- their check-ins; the owner can delete one at any time (DELETE /api/v1/decompose/{plan_id}).
ALTER TABLE plans ADD COLUMN retention_days INTEGER NOT NULL DEFAULT 90;
ALTER TABLE plans ADD COLUMN expires_at TEXT;
UPDATE plans SET expires_at = COALESCE(
  (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', MAX(c.created_at), '+90 days') FROM plan_checkins c WHERE c.plan_id = plans.id),
  strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+90 days')
);
CREATE INDEX plans_expires_at ON plans (expires_at);
