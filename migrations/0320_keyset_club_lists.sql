-- Keyset pagination of the club's long lists (members, transactions, approvals): each page is an
-- index range scan that starts right after the cursor, so page 20 costs what page 1 costs.

-- Members, newest first; id breaks ties between rows created in one statement (CSV import).
CREATE INDEX club_members_club_created_idx ON club_members (club_id, created_at DESC, id DESC);

-- Transactions, newest first by date then creation then id. Replaces the index without the id.
DROP INDEX IF EXISTS transactions_club_date_idx;
CREATE INDEX transactions_club_keyset_idx ON transactions (club_id, transaction_date DESC, created_at DESC, id DESC);
-- The same order within one cash account (the 'Caixa' filter).
DROP INDEX IF EXISTS transactions_cash_account_idx;
CREATE INDEX transactions_cash_account_keyset_idx ON transactions (club_id, cash_account_id, transaction_date DESC, created_at DESC, id DESC);

-- Approvals: the waiting queue oldest first; reviewed ones by the latest decision first.
DROP INDEX IF EXISTS task_submissions_club_status_idx;
CREATE INDEX task_submissions_queue_idx ON task_submissions (club_id, status, created_at, id);
CREATE INDEX task_submissions_reviewed_idx ON task_submissions (club_id, status, (coalesce(reviewed_at, created_at)) DESC, id DESC);
