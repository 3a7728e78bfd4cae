-- Migration number: 0003
-- Issue 22: every bidding zone, native resolution and provenance per stored value.
--
-- `points` replaces `intervals`. One row per (series, zone, interval start, direction) at the
-- resolution the source published (an hourly price is one row of 60 minutes, not four
-- quarter-hours), with the document it came from. Rows of one series and zone never overlap:
-- the writer (sql.ts) removes what a newer document supersedes before inserting.
CREATE TABLE points (
  series TEXT NOT NULL,
  zone TEXT NOT NULL,                  -- EIC code of the bidding zone (10YFR-RTE------C for RTE data)
  start_utc INTEGER NOT NULL,          -- interval start, Unix seconds
  direction TEXT NOT NULL,             -- '' prices, 'symmetric', 'up', 'down'
  end_utc INTEGER NOT NULL,            -- interval end, Unix seconds (start + resolution)
  resolution_min INTEGER NOT NULL,     -- as published: 15, 30, 60
  delivery_day TEXT NOT NULL,          -- the zone's local YYYY-MM-DD the interval starts in
  volume REAL,
  price REAL,
  source TEXT NOT NULL,                -- entsoe | rte | file
  document_id TEXT NOT NULL,           -- ENTSO-E mRID, or the RTE resource and window
  revision INTEGER NOT NULL DEFAULT 0, -- ENTSO-E revisionNumber (0 where the source has none)
  document_created TEXT NOT NULL,      -- createdDateTime, or when RTE answered
  ingested_at TEXT NOT NULL,
  PRIMARY KEY (series, zone, start_utc, direction)
) WITHOUT ROWID;

-- Per (series, zone): a counter bumped by every row change, and the latest day held.
CREATE TABLE zone_state (
  series TEXT NOT NULL,
  zone TEXT NOT NULL,
  version INTEGER NOT NULL,
  latest_day TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (series, zone)
) WITHOUT ROWID;

-- Per delivery day: the zone counter when the day last changed. The ETag of a range is built
-- from the days in it only, so loading one day leaves every other day's ETag alone.
CREATE TABLE day_state (
  series TEXT NOT NULL,
  zone TEXT NOT NULL,
  delivery_day TEXT NOT NULL,
  version INTEGER NOT NULL,
  minutes INTEGER NOT NULL DEFAULT 0,  -- minutes covered by rows (summed over directions)
  nulls INTEGER NOT NULL DEFAULT 0,    -- rows of the day without any value
  PRIMARY KEY (series, zone, delivery_day)
) WITHOUT ROWID;

-- Existing data is French. Hourly (or half-hourly) days were stored expanded to quarter-hours:
-- keep one row per source interval.
INSERT INTO points (series, zone, start_utc, direction, end_utc, resolution_min, delivery_day, volume, price, source, document_id, revision, document_created, ingested_at)
SELECT series, '10YFR-RTE------C', start_utc, direction, start_utc + resolution_min * 60, resolution_min, delivery_day, volume, price,
  CASE WHEN source_ref LIKE 'entsoe:%' THEN 'entsoe' WHEN source_ref LIKE 'rte:%' THEN 'rte' ELSE 'file' END,
  source_ref, 0, ingested_at, ingested_at
FROM intervals WHERE start_utc % (resolution_min * 60) = 0;

INSERT INTO zone_state (series, zone, version, latest_day, updated_at)
SELECT series, '10YFR-RTE------C', version, latest_day, updated_at FROM series_state;

INSERT INTO day_state (series, zone, delivery_day, version, minutes, nulls)
SELECT series, zone, delivery_day, 1, SUM(resolution_min), SUM(volume IS NULL AND price IS NULL) FROM points GROUP BY series, zone, delivery_day;

DROP TRIGGER intervals_after_insert;
DROP TRIGGER intervals_after_update;
DROP TRIGGER intervals_after_delete;
DROP TABLE intervals;
DROP TABLE series_state;

CREATE TRIGGER points_after_insert AFTER INSERT ON points
BEGIN
  INSERT OR IGNORE INTO zone_state (series, zone, version, latest_day, updated_at) VALUES (NEW.series, NEW.zone, 0, NEW.delivery_day, NEW.ingested_at);
  UPDATE zone_state SET version = version + 1, latest_day = max(latest_day, NEW.delivery_day), updated_at = NEW.ingested_at
    WHERE series = NEW.series AND zone = NEW.zone;
  INSERT OR IGNORE INTO day_state (series, zone, delivery_day, version) VALUES (NEW.series, NEW.zone, NEW.delivery_day, 0);
  UPDATE day_state SET version = (SELECT version FROM zone_state WHERE series = NEW.series AND zone = NEW.zone),
    minutes = minutes + NEW.resolution_min, nulls = nulls + (NEW.volume IS NULL AND NEW.price IS NULL)
    WHERE series = NEW.series AND zone = NEW.zone AND delivery_day = NEW.delivery_day;
END;

CREATE TRIGGER points_after_update AFTER UPDATE ON points
BEGIN
  UPDATE zone_state SET version = version + 1, updated_at = NEW.ingested_at WHERE series = NEW.series AND zone = NEW.zone;
  UPDATE day_state SET version = (SELECT version FROM zone_state WHERE series = NEW.series AND zone = NEW.zone),
    minutes = minutes - OLD.resolution_min + NEW.resolution_min,
    nulls = nulls - (OLD.volume IS NULL AND OLD.price IS NULL) + (NEW.volume IS NULL AND NEW.price IS NULL)
    WHERE series = NEW.series AND zone = NEW.zone AND delivery_day = NEW.delivery_day;
END;

CREATE TRIGGER points_after_delete AFTER DELETE ON points
BEGIN
  UPDATE zone_state SET version = version + 1 WHERE series = OLD.series AND zone = OLD.zone;
  UPDATE day_state SET version = (SELECT version FROM zone_state WHERE series = OLD.series AND zone = OLD.zone),
    minutes = minutes - OLD.resolution_min, nulls = nulls - (OLD.volume IS NULL AND OLD.price IS NULL)
    WHERE series = OLD.series AND zone = OLD.zone AND delivery_day = OLD.delivery_day;
END;

-- Ingestion failures and successes per zone; `ingestion_log.series` keeps its meaning.
ALTER TABLE ingestion_log ADD COLUMN zone TEXT NOT NULL DEFAULT '10YFR-RTE------C';
CREATE INDEX ingestion_log_status ON ingestion_log (series, zone, status, created_at);

-- Tokens (`mkt_…`): the api_keys table every keyed service has (shared/key-store.ts).
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,
  key_prefix TEXT NOT NULL,
  service TEXT NOT NULL,
  plan TEXT NOT NULL,
  email TEXT,
  account_id TEXT,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
