-- Issue 43 (mensalidades):
-- * a plan of R$ 0,01 with a 51–99 % discount made a R$ 0,00 due that charges_amount_check refused, and
--   the error stopped the hourly job for every club: generate_dues now leaves out a due below R$ 0,01
--   (the API refuses such a plan or exception in pt-BR first, src/server/charges/dues.ts);
-- * a due date is never in the past when the due is created: before the club's today (at p_now) it is today;
-- * a club deactivated by the platform gets no dues;
-- * first_month: the first month the job bills (a plan saved late in the month starts next month unless the
--   treasurer chose the current one). NULL for plans saved before: no limit.
ALTER TABLE dues_plans ADD COLUMN first_month date CHECK (first_month IS NULL OR extract(day FROM first_month) = 1);

DROP FUNCTION generate_dues(uuid, date, uuid);
CREATE FUNCTION generate_dues(p_club_id uuid, p_day date, p_created_by uuid, p_now timestamptz DEFAULT now()) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_month date := date_trunc('month', p_day)::date;
  v_count integer;
BEGIN
  INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin, dues_month, created_by)
  SELECT d.club_id, d.profile_id, d.description, d.amount, d.due_date, 'mensalidade', v_month, p_created_by
    FROM (
      SELECT cm.club_id, cm.profile_id, left(pl.description || ' ' || to_char(v_month, 'MM/YYYY'), 200) AS description,
             CASE e.kind WHEN 'valor' THEN e.amount
                         WHEN 'desconto' THEN round(pl.amount * (100 - e.percent) / 100, 2)
                         ELSE pl.amount END AS amount,
             greatest(v_month + (pl.due_day - 1), (p_now AT TIME ZONE c.timezone)::date) AS due_date
        FROM dues_plans pl
        JOIN clubs c ON c.id = pl.club_id AND c.active
        JOIN club_members cm ON cm.club_id = pl.club_id AND cm.active AND cm.role IN ('member', 'Desbravador(a)')
        LEFT JOIN dues_exceptions e ON e.club_id = cm.club_id AND e.profile_id = cm.profile_id
       WHERE pl.club_id = p_club_id AND pl.active
         AND extract(month FROM v_month)::smallint = ANY (pl.months)
         AND date_trunc('month', cm.created_at AT TIME ZONE c.timezone)::date <= v_month
         AND e.kind IS DISTINCT FROM 'isento'
    ) d
   WHERE d.amount >= 0.01
  ON CONFLICT (club_id, profile_id, dues_month) WHERE dues_month IS NOT NULL DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END $$;

/*
 * One plan's run of the monthly job at p_now (as 0610): the months after generated_through up to the
 * current month in the club's time zone (at most 12; a plan never run does only the current month),
 * none before first_month, then generated_through = the current month once the plan has begun.
 * A deactivated club does nothing.
 */
CREATE OR REPLACE FUNCTION dues_job_run(p_club_id uuid, p_now timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_current date;
  v_from date;
  v_first date;
  v_month date;
  v_through date;
  v_count integer := 0;
BEGIN
  SELECT date_trunc('month', (p_now AT TIME ZONE c.timezone))::date, pl.generated_through, pl.first_month
    INTO v_current, v_through, v_first
    FROM dues_plans pl JOIN clubs c ON c.id = pl.club_id AND c.active
   WHERE pl.club_id = p_club_id AND pl.active;
  IF v_current IS NULL OR v_first > v_current THEN
    RETURN 0;
  END IF;
  v_from := CASE WHEN v_through IS NULL OR v_through >= v_current THEN v_current
                 ELSE greatest((v_through + interval '1 month')::date, (v_current - interval '11 months')::date) END;
  v_month := greatest(v_from, coalesce(v_first, v_from));
  WHILE v_month <= v_current LOOP
    v_count := v_count + generate_dues(p_club_id, v_month, NULL, p_now);
    v_month := (v_month + interval '1 month')::date;
  END LOOP;
  UPDATE dues_plans SET generated_through = v_current WHERE club_id = p_club_id;
  RETURN v_count;
END $$;
