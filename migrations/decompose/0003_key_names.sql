-- Migration number: 0003
-- Keys get a name their owner chooses in the dashboard (issue 18 §5), so a customer can tell
-- "production" from "staging" before revoking one. Keys created by the admin CLI have none.
ALTER TABLE api_keys ADD COLUMN name TEXT;
