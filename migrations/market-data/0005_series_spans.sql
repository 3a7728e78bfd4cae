-- Migration number: 0005
-- Issue 37, "Discovery": GET /api/zones says, per series and zone, which resolutions are held
-- and from which delivery day to which (e.g. PT60M until 2025-09-30, PT15M after). Kept by
-- triggers as rows are written, so the answer reads this small table, never `points`.
-- Spans only grow: a value removed later leaves its day in the span (the per-day truth is
-- day_state and the series endpoints).
CREATE TABLE series_spans (
  series TEXT NOT NULL,
  zone TEXT NOT NULL,
  resolution_min INTEGER NOT NULL,
  first_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  PRIMARY KEY (series, zone, resolution_min)
) WITHOUT ROWID;

INSERT INTO series_spans (series, zone, resolution_min, first_day, last_day)
SELECT series, zone, resolution_min, MIN(delivery_day), MAX(delivery_day) FROM points GROUP BY series, zone, resolution_min;

CREATE TRIGGER points_span_after_insert AFTER INSERT ON points
BEGIN
  INSERT INTO series_spans (series, zone, resolution_min, first_day, last_day) VALUES (NEW.series, NEW.zone, NEW.resolution_min, NEW.delivery_day, NEW.delivery_day)
  ON CONFLICT (series, zone, resolution_min) DO UPDATE SET first_day = min(first_day, excluded.first_day), last_day = max(last_day, excluded.last_day);
END;

CREATE TRIGGER points_span_after_update AFTER UPDATE OF resolution_min ON points
WHEN OLD.resolution_min <> NEW.resolution_min
BEGIN
  INSERT INTO series_spans (series, zone, resolution_min, first_day, last_day) VALUES (NEW.series, NEW.zone, NEW.resolution_min, NEW.delivery_day, NEW.delivery_day)
  ON CONFLICT (series, zone, resolution_min) DO UPDATE SET first_day = min(first_day, excluded.first_day), last_day = max(last_day, excluded.last_day);
END;
