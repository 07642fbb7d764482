-- Mensalidades (issue 35): a member whose function is still the older label 'Desbravador(a)' (invitations
-- and the demo use it; 0120 ranks both) is a member too, and pays dues. Same function otherwise.
CREATE OR REPLACE FUNCTION generate_dues(p_club_id uuid, p_day date, p_created_by uuid) RETURNS integer LANGUAGE plpgsql AS $$
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
    JOIN club_members cm ON cm.club_id = pl.club_id AND cm.active AND cm.role IN ('member', 'Desbravador(a)')
    LEFT JOIN dues_exceptions e ON e.club_id = cm.club_id AND e.profile_id = cm.profile_id
   WHERE pl.club_id = p_club_id AND pl.active
     AND extract(month FROM v_month)::smallint = ANY (pl.months)
     AND date_trunc('month', cm.created_at AT TIME ZONE c.timezone)::date <= v_month
     AND e.kind IS DISTINCT FROM 'isento'
  ON CONFLICT (club_id, profile_id, dues_month) WHERE dues_month IS NOT NULL DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END $$;
