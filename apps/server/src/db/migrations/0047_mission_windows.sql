-- Missions with their own dates (issue 17, docs/missions.md "Dates"): an optional window an
-- operator sets per mission. Outside it a mission counts nothing and is not offered; NULL on a
-- side leaves that side open (every mission made before this keeps running as it did).
ALTER TABLE missions ADD COLUMN starts_at timestamptz;
ALTER TABLE missions ADD COLUMN ends_at timestamptz;
-- The service refuses a window that ends before it starts (mission_window_invalid); this is the
-- last line of defence.
ALTER TABLE missions ADD CONSTRAINT missions_window_order
  CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at);
