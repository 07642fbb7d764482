-- 'Minhas Tarefas' is kept (ADR 026) until the next instant one of the club's tasks opens or closes:
-- the nearest available_date and due_date after now, per club, read from these indexes.
CREATE INDEX tasks_club_available_idx ON tasks (club_id, available_date) WHERE available_date IS NOT NULL;
CREATE INDEX tasks_club_due_idx ON tasks (club_id, due_date) WHERE due_date IS NOT NULL;
