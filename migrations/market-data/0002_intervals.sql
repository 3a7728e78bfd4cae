-- Migration number: 0002
-- Every series on one quarter-hour grid. One row per (series, quarter-hour, direction);
-- direction is '' for day-ahead prices, 'symmetric' for FCR, 'up'/'down' otherwise.
-- The primary key is the clustered index every read uses: a series' rows over a UTC range,
-- in the order the API returns them.
CREATE TABLE intervals (
  series TEXT NOT NULL,
  start_utc INTEGER NOT NULL,          -- quarter-hour start, Unix seconds
  direction TEXT NOT NULL,
  delivery_day TEXT NOT NULL,          -- Europe/Paris YYYY-MM-DD the quarter-hour belongs to
  volume REAL,                         -- MW (capacity) or MWh (energy); NULL for prices
  price REAL,                          -- EUR/MWh (prices, energy) or EUR/MW/h (capacity)
  resolution_min INTEGER NOT NULL,     -- resolution of the source series (15, 30, 60)
  source_ref TEXT NOT NULL,            -- the source document or endpoint it came from
  ingested_at TEXT NOT NULL,
  PRIMARY KEY (series, start_utc, direction)
) WITHOUT ROWID;

-- Per-day counts for gap detection, and the finest resolution held for a day (a day is
-- never a mix of 15- and 60-minute values).
CREATE INDEX intervals_series_day ON intervals (series, delivery_day, resolution_min);

-- One row per series: a version that changes whenever any of its rows changes (the ETag),
-- and the latest delivery day held (the default answer).
CREATE TABLE series_state (
  series TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  latest_day TEXT NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;

-- Triggers keep series_state exact whoever writes (the worker or `npm run ingest` through
-- wrangler). An upsert that changes nothing fires neither trigger, so the ETag stays put.
CREATE TRIGGER intervals_after_insert AFTER INSERT ON intervals
BEGIN
  INSERT OR IGNORE INTO series_state (series, version, latest_day, updated_at)
    VALUES (NEW.series, 0, NEW.delivery_day, NEW.ingested_at);
  UPDATE series_state
    SET version = version + 1, latest_day = max(latest_day, NEW.delivery_day), updated_at = NEW.ingested_at
    WHERE series = NEW.series;
END;

CREATE TRIGGER intervals_after_update AFTER UPDATE ON intervals
BEGIN
  UPDATE series_state SET version = version + 1, updated_at = NEW.ingested_at WHERE series = NEW.series;
END;

CREATE TRIGGER intervals_after_delete AFTER DELETE ON intervals
BEGIN
  UPDATE series_state SET version = version + 1 WHERE series = OLD.series;
END;
