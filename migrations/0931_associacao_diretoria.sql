-- The diretoria's posts (issue 48, ADR 077): who holds each post, from when to when.
CREATE TABLE diretoria_posts (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  post       text NOT NULL CHECK (post IN ('director', 'associate', 'chaplain', 'secretary', 'treasurer', 'class_instructor', 'specialty_instructor')),
  member_id  uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  starts_on  date NOT NULL,
  ends_on    date NOT NULL,
  created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on)
);
CREATE INDEX diretoria_posts_club_idx ON diretoria_posts (club_id, post);
CREATE INDEX diretoria_posts_member_idx ON diretoria_posts (member_id);
CREATE INDEX diretoria_posts_created_by_idx ON diretoria_posts (created_by) WHERE created_by IS NOT NULL;
