-- Mensalidades (issue 35): the background job's cursor. generated_through is the last month (its first
-- day) the job generated for the plan; a late run (after a restart) catches up the months after it,
-- at most 12, and every run regenerates the current month so a member who joins mid-month gets it.
-- generate_dues (0602) inserts ON CONFLICT DO NOTHING on (club, member, month): exactly once whoever runs.
ALTER TABLE dues_plans ADD COLUMN generated_through date;
CREATE INDEX dues_plans_generation_idx ON dues_plans (generated_through) WHERE active;

/*
 * One plan's run of the monthly job at p_now: the months after generated_through up to the current
 * month in the club's time zone (at most 12; a plan never run does only the current month), then
 * generated_through = the current month. The caller holds the plan's row lock (FOR UPDATE SKIP LOCKED),
 * and generate_dues's ON CONFLICT makes a replay after a crash create nothing twice.
 */
CREATE FUNCTION dues_job_run(p_club_id uuid, p_now timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_current date;
  v_from date;
  v_month date;
  v_through date;
  v_count integer := 0;
BEGIN
  SELECT date_trunc('month', (p_now AT TIME ZONE c.timezone))::date, pl.generated_through
    INTO v_current, v_through
    FROM dues_plans pl JOIN clubs c ON c.id = pl.club_id
   WHERE pl.club_id = p_club_id AND pl.active;
  IF v_current IS NULL THEN
    RETURN 0;
  END IF;
  v_from := CASE WHEN v_through IS NULL OR v_through >= v_current THEN v_current
                 ELSE greatest((v_through + interval '1 month')::date, (v_current - interval '11 months')::date) END;
  v_month := v_from;
  WHILE v_month <= v_current LOOP
    v_count := v_count + generate_dues(p_club_id, v_month, NULL);
    v_month := (v_month + interval '1 month')::date;
  END LOOP;
  UPDATE dues_plans SET generated_through = v_current WHERE club_id = p_club_id;
  RETURN v_count;
END $$;
