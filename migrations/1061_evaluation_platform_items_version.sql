-- The platform's evaluation list (issue 48) is read by every club's evaluation that has no list of its
-- own, and the evaluation is now a kept read (ADR 026, ADR 084). A change the super admin makes to the
-- platform's list moves the platform's data version, which every club's key carries, like a platform
-- badge does.
SELECT data_versions_watch('evaluation_platform_items', 'data_change_note(NULL, ''platform'')');
