-- The head counts of one movement are read by (club_id, movement_id), and its foreign key needs an index
-- behind it (db/indexes.test.ts).
CREATE INDEX IF NOT EXISTS camp_head_marks_movement_idx ON camp_head_marks (club_id, movement_id);
