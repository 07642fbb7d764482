-- Charge reminders (issue 35): the hourly job reads open charges by due date across clubs
-- (due in 3 days, 1/7/30 days late); this index serves that read without a scan of every charge.
CREATE INDEX charges_open_due_date_idx ON charges (due_date, club_id) WHERE cancelled_at IS NULL AND paid_amount < amount;
