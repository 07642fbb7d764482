-- Trilha data model (spec section 3), sessions, audit log and points ledger (ARCHITECTURE §4).
-- Every club-owned row carries club_id (the tenant key). Composite foreign keys
-- (club_id, id) keep references inside one club.

CREATE TABLE profiles (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  full_name     text NOT NULL CHECK (length(btrim(full_name)) > 0),
  email         text CHECK (email IS NULL OR email ~ '^[^@\s]+@[^@\s]+$'),
  password_hash text,
  user_type     text NOT NULL DEFAULT 'member' CHECK (user_type IN ('member', 'super_admin')),
  blocked_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX profiles_email_key ON profiles (lower(email)) WHERE email IS NOT NULL;

CREATE TABLE sessions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash   text NOT NULL UNIQUE,
  profile_id   uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  persistent   boolean NOT NULL DEFAULT false,
  aal          text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  user_agent   text,
  ip           text
);
CREATE INDEX sessions_profile_idx ON sessions (profile_id);

CREATE TABLE clubs (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(btrim(name)) > 0),
  slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60),
  description text,
  timezone    text NOT NULL DEFAULT 'America/Sao_Paulo' CHECK (length(timezone) > 0),
  active      boolean NOT NULL DEFAULT true,
  logo_url    text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE units (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(btrim(name)) > 0),
  color       text NOT NULL DEFAULT '#0ea5e9' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  description text CHECK (description IS NULL OR length(btrim(description)) > 0),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id)
);

CREATE TABLE club_members (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  role       text NOT NULL DEFAULT 'member' CHECK (length(btrim(role)) > 0),
  unit_id    uuid,
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, profile_id),
  -- A unit that still has members cannot be deleted (spec 8: 'Verifique se não há membros vinculados').
  FOREIGN KEY (club_id, unit_id) REFERENCES units (club_id, id) ON DELETE RESTRICT
);
CREATE INDEX club_members_profile_idx ON club_members (profile_id);
CREATE INDEX club_members_unit_idx ON club_members (unit_id);

CREATE TABLE periods (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(btrim(name)) > 0),
  description text,
  start_date  timestamptz NOT NULL,
  end_date    timestamptz NOT NULL,
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date),
  UNIQUE (club_id, id)
);
CREATE INDEX periods_club_idx ON periods (club_id, start_date DESC);

CREATE TABLE recurring_tasks (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id              uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  title                text NOT NULL CHECK (length(btrim(title)) > 0),
  description          text,
  type                 text NOT NULL DEFAULT 'check'
                       CHECK (type IN ('check', 'quiz', 'form', 'accumulative', 'milestone', 'submission')),
  points               integer NOT NULL DEFAULT 10 CHECK (points >= 0),
  frequency            text NOT NULL DEFAULT 'daily' CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  interval             integer NOT NULL DEFAULT 1 CHECK (interval >= 1),
  days_of_week         smallint[] CHECK (days_of_week IS NULL OR days_of_week <@ ARRAY[0,1,2,3,4,5,6]::smallint[]),
  day_of_month         smallint CHECK (day_of_month BETWEEN 1 AND 31),
  generation_time      time NOT NULL DEFAULT '00:00:00',
  duration_hours       integer NOT NULL DEFAULT 24 CHECK (duration_hours >= 1),
  start_date           date NOT NULL DEFAULT current_date,
  end_date             date,
  active               boolean NOT NULL DEFAULT true,
  last_generated_date  timestamptz,
  next_generation_date timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR end_date >= start_date),
  CHECK ((frequency = 'weekly') = (days_of_week IS NOT NULL AND cardinality(days_of_week) > 0)),
  CHECK ((frequency = 'monthly') = (day_of_month IS NOT NULL)),
  UNIQUE (club_id, id)
);

CREATE TABLE tasks (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id           uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  title             text NOT NULL CHECK (length(btrim(title)) > 0),
  description       text,
  type              text NOT NULL DEFAULT 'check'
                    CHECK (type IN ('check', 'quiz', 'form', 'accumulative', 'milestone', 'submission')),
  points            integer NOT NULL DEFAULT 10 CHECK (points >= 0),
  available_date    timestamptz,
  due_date          timestamptz,
  active            boolean NOT NULL DEFAULT true,
  -- Generated from a recurring task: one task per occurrence, never two.
  recurring_task_id uuid REFERENCES recurring_tasks(id) ON DELETE SET NULL,
  occurrence_start  timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (due_date IS NULL OR available_date IS NULL OR due_date >= available_date),
  UNIQUE (recurring_task_id, occurrence_start),
  UNIQUE (club_id, id)
);
CREATE INDEX tasks_club_idx ON tasks (club_id, created_at DESC);

CREATE TABLE questions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id        uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  text           text NOT NULL CHECK (length(btrim(text)) > 0),
  answer_type    text NOT NULL CHECK (answer_type IN ('multiple_choice', 'single_choice', 'free_text')),
  options        jsonb CHECK (options IS NULL OR jsonb_typeof(options) = 'array'),
  correct_answer text,
  order_position integer NOT NULL CHECK (order_position >= 1),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((answer_type = 'free_text') = (correct_answer IS NULL)),
  CHECK (answer_type <> 'free_text' OR options IS NULL),
  CONSTRAINT questions_order_key UNIQUE (task_id, order_position) DEFERRABLE INITIALLY IMMEDIATE
);

CREATE TABLE subtasks (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  parent_task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  title          text NOT NULL CHECK (length(btrim(title)) > 0),
  description    text,
  points         integer NOT NULL DEFAULT 5 CHECK (points >= 0),
  required       boolean NOT NULL DEFAULT true,
  order_position integer NOT NULL CHECK (order_position >= 1),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT subtasks_order_key UNIQUE (parent_task_id, order_position) DEFERRABLE INITIALLY IMMEDIATE
);

CREATE TABLE badges (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL CHECK (length(btrim(name)) > 0),
  description   text NOT NULL CHECK (length(btrim(description)) > 0),
  icon_svg      text NOT NULL CHECK (length(icon_svg) > 0),
  rarity        text NOT NULL DEFAULT 'common' CHECK (rarity IN ('common', 'rare', 'epic', 'legendary')),
  points        integer NOT NULL DEFAULT 10 CHECK (points >= 0),
  active        boolean NOT NULL DEFAULT true,
  badge_type    text NOT NULL DEFAULT 'manual' CHECK (badge_type IN ('auto', 'manual')),
  category      text NOT NULL DEFAULT 'achievement'
                CHECK (category IN ('progress', 'achievement', 'social', 'special', 'classes', 'specialties')),
  auto_criteria jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (badge_type = 'auto' OR auto_criteria IS NULL),
  CHECK (auto_criteria IS NULL OR auto_criteria->>'type' IN
         ('task_count', 'points_total', 'login_streak', 'ranking_position', 'badge_count', 'task_perfect', 'membership_duration'))
);

CREATE TABLE task_badges (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id    uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  -- A badge still linked to a task cannot be deleted (spec 8: 'Verifique se não há dados vinculados').
  badge_id   uuid NOT NULL REFERENCES badges(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_id, badge_id)
);

CREATE TABLE assigned_tasks (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id      uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  task_id      uuid NOT NULL,
  profile_id   uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'submitted', 'approved', 'rejected', 'completed')),
  completed_at timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_id, profile_id),
  FOREIGN KEY (club_id, task_id) REFERENCES tasks (club_id, id) ON DELETE CASCADE
);
CREATE INDEX assigned_tasks_club_status_idx ON assigned_tasks (club_id, status);

CREATE TABLE member_badges (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  badge_id   uuid NOT NULL REFERENCES badges(id) ON DELETE RESTRICT,
  awarded_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  awarded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, profile_id, badge_id)
);

-- Append-only points ledger: rankings are SQL over this table, nothing caches a total.
CREATE TABLE point_events (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id  uuid REFERENCES profiles(id) ON DELETE CASCADE,
  unit_id     uuid,
  source      text NOT NULL CHECK (source IN ('task_completion', 'submission_approval', 'subtask_completion', 'badge', 'manual')),
  task_id     uuid REFERENCES tasks(id) ON DELETE SET NULL,
  badge_id    uuid REFERENCES badges(id) ON DELETE SET NULL,
  reason      text,
  points      integer NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  CHECK (profile_id IS NOT NULL OR unit_id IS NOT NULL),
  CHECK (source <> 'manual' OR length(btrim(coalesce(reason, ''))) > 0),
  FOREIGN KEY (club_id, unit_id) REFERENCES units (club_id, id) ON DELETE SET NULL (unit_id)
);
CREATE INDEX point_events_club_idx ON point_events (club_id, occurred_at);
CREATE INDEX point_events_profile_idx ON point_events (club_id, profile_id);

CREATE TABLE cash_accounts (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id         uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name            text NOT NULL CHECK (length(btrim(name)) > 0),
  description     text,
  initial_balance numeric(14,2) NOT NULL DEFAULT 0 CHECK (initial_balance >= 0),
  current_balance numeric(14,2) NOT NULL DEFAULT 0 CHECK (current_balance >= 0),
  active          boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id)
);

CREATE TABLE savings_goals (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id        uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name           text NOT NULL CHECK (length(btrim(name)) > 0),
  description    text,
  goal_amount    numeric(14,2) NOT NULL CHECK (goal_amount > 0),
  current_amount numeric(14,2) NOT NULL DEFAULT 0,
  start_date     date,
  end_date       date,
  profile_id     uuid REFERENCES profiles(id) ON DELETE RESTRICT,
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date),
  UNIQUE (club_id, id)
);

CREATE TABLE chart_of_accounts (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name       text NOT NULL CHECK (length(btrim(name)) > 0),
  type       text NOT NULL CHECK (type IN ('income', 'expense')),
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, type, name),
  UNIQUE (club_id, id)
);

CREATE TABLE transactions (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id          uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  type             text NOT NULL CHECK (type IN ('income', 'expense')),
  amount           numeric(14,2) NOT NULL CHECK (amount > 0),
  description      text NOT NULL CHECK (length(btrim(description)) > 0),
  transaction_date date NOT NULL DEFAULT current_date,
  cash_account_id  uuid NOT NULL,
  profile_id       uuid REFERENCES profiles(id) ON DELETE SET NULL,
  chart_account_id uuid,
  savings_goal_id  uuid,
  created_by       uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (club_id, cash_account_id) REFERENCES cash_accounts (club_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (club_id, chart_account_id) REFERENCES chart_of_accounts (club_id, id) ON DELETE SET NULL (chart_account_id),
  FOREIGN KEY (club_id, savings_goal_id) REFERENCES savings_goals (club_id, id) ON DELETE SET NULL (savings_goal_id)
);
CREATE INDEX transactions_club_date_idx ON transactions (club_id, transaction_date DESC, created_at DESC);

CREATE TABLE audit_log (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid REFERENCES clubs(id) ON DELETE SET NULL,
  actor_id    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  action      text NOT NULL,
  entity      text NOT NULL,
  entity_id   text,
  before      jsonb,
  after       jsonb,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_club_idx ON audit_log (club_id, at DESC);
