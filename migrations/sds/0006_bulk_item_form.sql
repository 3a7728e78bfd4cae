-- Migration number: 0006
-- Bulk items take the single endpoints' concentration (percent in water) and physical_form.
ALTER TABLE sds_bulk_items ADD COLUMN concentration REAL;
ALTER TABLE sds_bulk_items ADD COLUMN physical_form TEXT;
