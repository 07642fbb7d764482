-- A meeting's roll call attached to an ata as its attendance (issue 47): a meeting of the ata's date.
ALTER TABLE atas ADD COLUMN roll_call_meeting_id uuid;
ALTER TABLE atas ADD CONSTRAINT atas_roll_call_fk FOREIGN KEY (club_id, roll_call_meeting_id) REFERENCES meetings (club_id, id) ON DELETE SET NULL (roll_call_meeting_id);
CREATE INDEX atas_roll_call_idx ON atas (club_id, roll_call_meeting_id) WHERE roll_call_meeting_id IS NOT NULL;
