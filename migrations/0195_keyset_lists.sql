-- Keyset pagination of the super admin's lists: each page is an index range scan after the cursor.
CREATE INDEX clubs_created_at_id_idx ON clubs (created_at DESC, id DESC);
CREATE INDEX profiles_admin_list_idx ON profiles ((user_type <> 'super_admin'), lower(full_name), id) WHERE password_hash IS NOT NULL;
