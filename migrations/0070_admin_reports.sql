-- Super admin area (issue 7): the platform report counts by month and searches accounts.
CREATE INDEX profiles_created_idx ON profiles (created_at);
CREATE INDEX clubs_created_idx ON clubs (created_at);
CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at);
CREATE INDEX assigned_tasks_completed_idx ON assigned_tasks (completed_at) WHERE completed_at IS NOT NULL;
CREATE INDEX point_events_task_profile_idx ON point_events (task_id, profile_id) WHERE task_id IS NOT NULL;
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);
