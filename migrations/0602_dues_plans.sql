-- Mensalidades (issue 35): the club's plan, per-member exceptions, and generate_dues, which creates a
-- month's dues once per member and month whoever calls it and however often (the unique index
-- charges_dues_month_key of 0600 + ON CONFLICT, the guarantee ADR 003 gives recurring tasks).
CREATE TABLE dues_plans (
  club_id     uuid PRIMARY KEY REFERENCES clubs(id) ON DELETE CASCADE,
  description text NOT NULL DEFAULT 'Mensalidade' CHECK (length(btrim(description)) BETWEEN 1 AND 120),
  amount      numeric(14,2) NOT NULL CHECK (amount > 0),
  due_day     smallint NOT NULL CHECK (due_day BETWEEN 1 AND 28),
  -- Months of the year it applies to, e.g. {2,3,...,11} for February to November.
  months      smallint[] NOT NULL CHECK (cardinality(months) BETWEEN 1 AND 12 AND months <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12]::smallint[]),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
SELECT club_data_watch('dues_plans');

-- isento: no dues; valor: another amount; desconto: a percentage off (e.g. 'irmãos: 2º com 50 %').
CREATE TABLE dues_exceptions (
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('isento', 'valor', 'desconto')),
  amount     numeric(14,2) CHECK (amount > 0),
  percent    smallint CHECK (percent BETWEEN 1 AND 99),
  reason     text CHECK (reason IS NULL OR length(reason) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, profile_id),
  CHECK ((kind = 'valor') = (amount IS NOT NULL) AND (kind = 'desconto') = (percent IS NOT NULL))
);
CREATE INDEX dues_exceptions_profile_idx ON dues_exceptions (profile_id);
SELECT club_data_watch('dues_exceptions');

/*
 * The dues of the month holding p_day for every active member (function 'member') of the club who had
 * joined by that month (in the club's time zone), with their exception applied. Months outside the
 * plan, an inactive plan and members who left create nothing. Returns how many charges it created:
 * a second call, from this instance or another, creates none.
 */
CREATE FUNCTION generate_dues(p_club_id uuid, p_day date, p_created_by uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_month date := date_trunc('month', p_day)::date;
  v_count integer;
BEGIN
  INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin, dues_month, created_by)
  SELECT cm.club_id, cm.profile_id, left(pl.description || ' ' || to_char(v_month, 'MM/YYYY'), 200),
         CASE e.kind WHEN 'valor' THEN e.amount
                     WHEN 'desconto' THEN round(pl.amount * (100 - e.percent) / 100, 2)
                     ELSE pl.amount END,
         v_month + (pl.due_day - 1), 'mensalidade', v_month, p_created_by
    FROM dues_plans pl
    JOIN clubs c ON c.id = pl.club_id
    JOIN club_members cm ON cm.club_id = pl.club_id AND cm.active AND cm.role = 'member'
    LEFT JOIN dues_exceptions e ON e.club_id = cm.club_id AND e.profile_id = cm.profile_id
   WHERE pl.club_id = p_club_id AND pl.active
     AND extract(month FROM v_month)::smallint = ANY (pl.months)
     AND date_trunc('month', cm.created_at AT TIME ZONE c.timezone)::date <= v_month
     AND e.kind IS DISTINCT FROM 'isento'
  ON CONFLICT (club_id, profile_id, dues_month) WHERE dues_month IS NOT NULL DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END $$;
