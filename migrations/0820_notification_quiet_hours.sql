-- Quiet hours are the person's (issue 43): shown and changed in 'Avisos' (Meu perfil, /familia). No row:
-- the default 22h–7h; both NULL: no quiet hours. Read in the club's time zone, as before.
CREATE TABLE notification_quiet_hours (
  profile_id  uuid PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  quiet_start smallint CHECK (quiet_start BETWEEN 0 AND 23),
  quiet_end   smallint CHECK (quiet_end BETWEEN 0 AND 23),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((quiet_start IS NULL AND quiet_end IS NULL) OR (quiet_start IS NOT NULL AND quiet_end IS NOT NULL AND quiet_start <> quiet_end))
);

-- When a push may go: now, or the end of the person's quiet hours (start inclusive, end exclusive, in
-- hours of the day in `tz`) when it is quiet time there. NULL hours: never quiet. Urgent: always now.
CREATE FUNCTION notification_push_due(tz text, urgent boolean, quiet_start integer, quiet_end integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  WITH l AS (SELECT now() AT TIME ZONE tz AS local, extract(hour FROM now() AT TIME ZONE tz)::int AS h)
  SELECT CASE
    WHEN urgent OR quiet_start IS NULL OR quiet_end IS NULL OR quiet_start = quiet_end THEN now()
    WHEN NOT (CASE WHEN quiet_start < quiet_end THEN l.h >= quiet_start AND l.h < quiet_end
                   ELSE l.h >= quiet_start OR l.h < quiet_end END) THEN now()
    ELSE (date_trunc('day', l.local) + make_interval(hours => quiet_end)
          + CASE WHEN date_trunc('day', l.local) + make_interval(hours => quiet_end) <= l.local THEN interval '1 day' ELSE interval '0' END
         ) AT TIME ZONE tz
  END FROM l
$$;

-- The default hours (22h–7h) through the one definition above.
CREATE OR REPLACE FUNCTION notification_push_due(tz text, urgent boolean) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT notification_push_due(tz, urgent, 22, 7)
$$;
