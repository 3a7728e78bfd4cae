-- Migration number: 0001
-- One row per ingestion attempt (cron or `npm run ingest`), successful or not.
CREATE TABLE ingestion_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  source TEXT NOT NULL,
  series TEXT NOT NULL,
  delivery_day TEXT,
  rows INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX ingestion_log_series_day ON ingestion_log (series, delivery_day);
