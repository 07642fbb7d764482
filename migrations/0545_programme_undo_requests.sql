-- An undo sent from the grid's offline queue carries the id the device gave it, as a signature does:
-- its first answer is kept in programme_sign_requests too, and a resend answers the same and reverses
-- nothing more. `kind` tells the two apart (an id used for one is refused for the other);
-- `signature_id` is the signature the undo took away (no foreign key: the row is gone by then).
ALTER TABLE programme_sign_requests ADD COLUMN kind text NOT NULL DEFAULT 'sign' CHECK (kind IN ('sign', 'unsign'));
ALTER TABLE programme_sign_requests ADD COLUMN signature_id uuid;
