-- The reports the Associação asks for (issue 48, ADR 077): monthly or bimonthly, generated from
-- Trilha's data. A draft keeps only the secretary's overrides (value and note per figure) and is
-- computed on each read; closing it freezes every figure in `snapshot`, and a closed report never
-- changes again (the trigger refuses an UPDATE or a DELETE of it).
CREATE TABLE associacao_reports (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  period_kind text NOT NULL CHECK (period_kind IN ('monthly', 'bimonthly')),
  year        integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  month       integer NOT NULL CHECK (month BETWEEN 1 AND 12),
  status      text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'closed')),
  overrides   jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(overrides) = 'object'),
  notes       text NOT NULL DEFAULT '' CHECK (length(notes) <= 5000),
  snapshot    jsonb,
  closed_at   timestamptz,
  closed_by   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  -- A bimonthly report starts on an odd month (jan–fev, mar–abr, …).
  CHECK (period_kind = 'monthly' OR month % 2 = 1),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL AND snapshot IS NOT NULL)),
  UNIQUE (club_id, period_kind, year, month)
);
CREATE INDEX associacao_reports_club_idx ON associacao_reports (club_id, year DESC, month DESC);
CREATE INDEX associacao_reports_closed_by_idx ON associacao_reports (closed_by) WHERE closed_by IS NOT NULL;
CREATE INDEX associacao_reports_created_by_idx ON associacao_reports (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('associacao_reports');

CREATE FUNCTION associacao_report_closed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The club's own deletion cascades; anything else on a closed report is refused.
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'closed' AND EXISTS (SELECT 1 FROM clubs WHERE id = OLD.club_id) THEN
      RAISE EXCEPTION 'associacao report % is closed', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  -- Only a deleted account's name may leave it (ON DELETE SET NULL of closed_by and created_by).
  IF OLD.status = 'closed' AND (NEW.status, NEW.snapshot, NEW.overrides, NEW.notes, NEW.period_kind, NEW.year, NEW.month, NEW.closed_at, NEW.updated_at)
     IS DISTINCT FROM (OLD.status, OLD.snapshot, OLD.overrides, OLD.notes, OLD.period_kind, OLD.year, OLD.month, OLD.closed_at, OLD.updated_at) THEN
    RAISE EXCEPTION 'associacao report % is closed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER associacao_reports_closed BEFORE UPDATE OR DELETE ON associacao_reports
  FOR EACH ROW EXECUTE FUNCTION associacao_report_closed_guard();
