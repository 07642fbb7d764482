-- The programme's catalogue (classes, especialidades, their areas) shows on every club's cartão, grade,
-- 'prontos para investidura' and reports, which are now kept by the club's data version (ADR 026,
-- ADR 084). The catalogue belongs to no club: a change to it moves the platform's version, which every
-- club's version includes, so no club keeps an answer built on the catalogue of before.
SELECT data_versions_watch('programme_items', 'data_change_note(NULL, ''platform'')');
SELECT data_versions_watch('programme_areas', 'data_change_note(NULL, ''platform'')');
