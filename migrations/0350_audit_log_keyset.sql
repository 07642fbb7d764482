-- The audit log read back, newest first (at DESC, id DESC), keyset on that order: each page is an
-- index range scan starting right after the cursor. id breaks ties between lines written in one
-- statement. The domain filter ('transaction', 'member') is the first part of the action.

-- The club's 'Registro de atividades'. Replaces the index without the id.
DROP INDEX IF EXISTS audit_log_club_idx;
CREATE INDEX audit_log_club_keyset_idx ON audit_log (club_id, at DESC, id DESC);
-- … filtered by domain (and then by exact action).
CREATE INDEX audit_log_club_domain_idx ON audit_log (club_id, (split_part(action, '.', 1)), at DESC, id DESC);
-- … filtered by who acted (audit_log_actor_idx stays for the foreign key's ON DELETE SET NULL).
CREATE INDEX audit_log_club_actor_idx ON audit_log (club_id, actor_id, at DESC, id DESC);

-- The super admin's 'Auditoria': every club.
CREATE INDEX audit_log_keyset_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_domain_idx ON audit_log ((split_part(action, '.', 1)), at DESC, id DESC);
