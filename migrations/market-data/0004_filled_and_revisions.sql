-- Migration number: 0004
-- Issue 37, "Honest values".
--
-- filled_from: under ENTSO-E curveType A03 a Point is left out when its value repeats the one
-- before, and we carry the value forward within its Period ("Introduction of different
-- Timeseries possibilities (curvetypes)" v1.4). Such an interval holds the position (1-based,
-- in its Period) of the Point whose value it repeats; NULL where the source published the
-- value itself. Served as `status: filled` with `filled_from_position`.
ALTER TABLE points ADD COLUMN filled_from INTEGER;

-- Every value a later document replaced or removed, with the document that gave it, so
-- `include=revisions` can show what an interval held before (ENTSO-E keeps every revision).
-- Written by the triggers below, whoever writes `points` (the worker or `npm run ingest`).
CREATE TABLE point_revisions (
  id INTEGER PRIMARY KEY,
  series TEXT NOT NULL,
  zone TEXT NOT NULL,
  start_utc INTEGER NOT NULL,
  direction TEXT NOT NULL,
  end_utc INTEGER NOT NULL,
  volume REAL,
  price REAL,
  filled_from INTEGER,
  source TEXT NOT NULL,
  document_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  document_created TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  superseded_at TEXT NOT NULL          -- when we stored the value that replaced it (or removed it)
);
CREATE INDEX point_revisions_interval ON point_revisions (series, zone, start_utc, direction);

-- Only a change of value is a revision: a later revision of the same document that repeats the
-- value rewrites the row's provenance (sql.ts), which is not an earlier value.
CREATE TRIGGER points_revision_after_update AFTER UPDATE ON points
WHEN OLD.volume IS NOT NEW.volume OR OLD.price IS NOT NEW.price OR OLD.end_utc <> NEW.end_utc OR OLD.filled_from IS NOT NEW.filled_from
BEGIN
  INSERT INTO point_revisions (series, zone, start_utc, direction, end_utc, volume, price, filled_from, source, document_id, revision, document_created, ingested_at, superseded_at)
  VALUES (OLD.series, OLD.zone, OLD.start_utc, OLD.direction, OLD.end_utc, OLD.volume, OLD.price, OLD.filled_from, OLD.source, OLD.document_id, OLD.revision, OLD.document_created, OLD.ingested_at, NEW.ingested_at);
END;

CREATE TRIGGER points_revision_after_delete AFTER DELETE ON points
BEGIN
  INSERT INTO point_revisions (series, zone, start_utc, direction, end_utc, volume, price, filled_from, source, document_id, revision, document_created, ingested_at, superseded_at)
  VALUES (OLD.series, OLD.zone, OLD.start_utc, OLD.direction, OLD.end_utc, OLD.volume, OLD.price, OLD.filled_from, OLD.source, OLD.document_id, OLD.revision, OLD.document_created, OLD.ingested_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
