-- Notifications (issue 36): what Trilha tells a person, per person and per club, created in the same
-- transaction as the event that causes it. Push and e-mail leave through queues with claim and lease.

CREATE TABLE notifications (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- NULL for the account's own moments (a new device, two-step turned off): they belong to no club.
  club_id     uuid REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id  uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  category    text NOT NULL CHECK (category IN ('achievements', 'tasks', 'money', 'family', 'leadership', 'security')),
  kind        text NOT NULL CHECK (kind ~ '^[a-z_]+\.[a-z_]+$'),
  title       text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  body        text NOT NULL CHECK (length(body) <= 1000),
  -- An in-app path ("/dashboard/…"), never an outside address.
  link        text NOT NULL CHECK (link ~ '^/[A-Za-z0-9]' AND length(link) <= 300),
  urgent      boolean NOT NULL DEFAULT false,
  -- "Once per charge and day" and the like: a second notify with the same key for the person is a no-op.
  dedupe_key  text CHECK (length(dedupe_key) <= 200),
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz,
  -- How it goes by e-mail, fixed when it is created from the person's choice ('off': not at all).
  email_mode  text NOT NULL DEFAULT 'off' CHECK (email_mode IN ('immediate', 'daily', 'weekly', 'off')),
  -- Set when an e-mail (its own or a digest) took it, in the transaction that queued that e-mail:
  -- never in two e-mails.
  emailed_at  timestamptz
);
-- The list (newest first, keyset) and the bell's count per club.
CREATE INDEX notifications_person_idx ON notifications (profile_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (profile_id, club_id) WHERE read_at IS NULL;
CREATE INDEX notifications_club_idx ON notifications (club_id) WHERE club_id IS NOT NULL;
CREATE INDEX notifications_email_due_idx ON notifications (email_mode, created_at) WHERE emailed_at IS NULL AND email_mode <> 'off';
CREATE UNIQUE INDEX notifications_dedupe_key ON notifications (profile_id, dedupe_key) WHERE dedupe_key IS NOT NULL;

-- A notification is on no club screen that the answer cache keeps (each person reads only their own),
-- and marking one read must not throw away the whole club's kept answers: the triggers the version
-- guard asks for exist but never note a change.
SELECT data_versions_watch('notifications', 'false');

-- Per person and category; a missing row means the category's default (src/shared/notifications.ts).
CREATE TABLE notification_preferences (
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  category   text NOT NULL CHECK (category IN ('achievements', 'tasks', 'money', 'family', 'leadership', 'security')),
  push       boolean NOT NULL,
  email      text NOT NULL CHECK (email IN ('immediate', 'daily', 'weekly', 'off')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (profile_id, category)
);

-- One browser's Web Push subscription (per device opt-in). Removed when the push service says 404/410.
CREATE TABLE push_subscriptions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id   uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  endpoint     text NOT NULL UNIQUE CHECK (endpoint ~ '^https?://' AND length(endpoint) <= 1000),
  p256dh       text NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
  auth         text NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
  user_agent   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_profile_idx ON push_subscriptions (profile_id);

-- One push of one notification to one device. Claimed with a lease like mail_queue, but a row whose
-- lease ran out while 'sending' is never sent again (the sender may have crashed after the push left):
-- it becomes 'failed' with a note, so each push goes at most once.
CREATE TABLE push_deliveries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  UNIQUE (notification_id, subscription_id)
);
CREATE INDEX push_deliveries_due_idx ON push_deliveries (status, next_attempt_at);
CREATE INDEX push_deliveries_subscription_idx ON push_deliveries (subscription_id);

-- Notification e-mails are delivered at most once: a lease that ran out while sending is not retried.
-- List-Unsubscribe and the like travel with the message.
ALTER TABLE mail_queue ADD COLUMN at_most_once boolean NOT NULL DEFAULT false;
ALTER TABLE mail_queue ADD COLUMN headers jsonb;

-- When a push may go: now, or 07:00 in the club's time zone when it is quiet time there (22h–7h).
CREATE FUNCTION notification_push_due(tz text, urgent boolean) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN urgent OR extract(hour FROM now() AT TIME ZONE tz) BETWEEN 7 AND 21 THEN now()
    ELSE (date_trunc('day', now() AT TIME ZONE tz)
          + CASE WHEN extract(hour FROM now() AT TIME ZONE tz) >= 22 THEN interval '1 day' ELSE interval '0' END
          + interval '7 hours') AT TIME ZONE tz
  END
$$;
