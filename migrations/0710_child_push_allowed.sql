-- Notifications to a child's phone (issue 36): a member with a guardian on record is a minor, and
-- nothing is pushed to their devices unless a guardian whose consent is in force allows it. The
-- choice is the guardian's, per child and club, recorded on their link and audited.
ALTER TABLE member_guardians ADD COLUMN child_push_allowed boolean NOT NULL DEFAULT false;
