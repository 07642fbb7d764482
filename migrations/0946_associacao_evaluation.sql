-- The Associação's evaluation of a club (issue 48, ADR 077): a list of items (points, deadline, the
-- evidence each needs, and what Trilha proves by itself). The platform ships one example list that the
-- super admin edits; a club may keep its own copy. Items without an automatic proof are ticked by hand.
CREATE TABLE evaluation_platform_items (
  code      text PRIMARY KEY CHECK (code ~ '^[a-z0-9_-]{1,40}$'),
  position  integer NOT NULL,
  title     text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  points    integer NOT NULL CHECK (points BETWEEN 0 AND 100000),
  deadline  text CHECK (deadline IS NULL OR deadline ~ '^[0-9]{2}-[0-9]{2}$'),
  evidence  text NOT NULL DEFAULT '' CHECK (length(evidence) <= 1000),
  proof     text CHECK (proof IS NULL OR proof IN ('sgc_ready', 'insured', 'annual_plan_signed', 'diretoria_complete', 'bimonthly_reports', 'units_by_sex', 'atas_diretoria')),
  target    integer CHECK (target IS NULL OR target BETWEEN 1 AND 1000)
);

CREATE TABLE club_evaluation_items (
  club_id   uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  code      text NOT NULL CHECK (code ~ '^[a-z0-9_-]{1,40}$'),
  position  integer NOT NULL,
  title     text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  points    integer NOT NULL CHECK (points BETWEEN 0 AND 100000),
  deadline  text CHECK (deadline IS NULL OR deadline ~ '^[0-9]{2}-[0-9]{2}$'),
  evidence  text NOT NULL DEFAULT '' CHECK (length(evidence) <= 1000),
  proof     text CHECK (proof IS NULL OR proof IN ('sgc_ready', 'insured', 'annual_plan_signed', 'diretoria_complete', 'bimonthly_reports', 'units_by_sex', 'atas_diretoria')),
  target    integer CHECK (target IS NULL OR target BETWEEN 1 AND 1000),
  PRIMARY KEY (club_id, code)
);
SELECT club_data_watch('club_evaluation_items');

-- Items the club marks as done by hand (the evidence is on paper), per year.
CREATE TABLE club_evaluation_marks (
  club_id   uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  year      integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  code      text NOT NULL,
  note      text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  marked_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  marked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, year, code)
);
CREATE INDEX club_evaluation_marks_marked_by_idx ON club_evaluation_marks (marked_by) WHERE marked_by IS NOT NULL;
SELECT club_data_watch('club_evaluation_marks');

INSERT INTO evaluation_platform_items (code, position, title, points, deadline, evidence, proof, target) VALUES
  ('sgc', 1, 'Clube registrado no SGC até 10/02', 500, '02-10', 'Todos os membros cadastrados no SGC com os campos completos.', 'sgc_ready', NULL),
  ('seguro', 2, 'Todos os membros com seguro', 1000, '02-10', 'Apólice ou certificado do seguro de cada membro no ano.', 'insured', NULL),
  ('planejamento', 3, 'Planejamento anual assinado', 300, '03-31', 'Planejamento assinado pelo diretor, o pastor distrital e o coordenador regional.', 'annual_plan_signed', NULL),
  ('diretoria', 4, 'Diretoria completa', 300, '03-31', 'Diretor, dois associados de sexos diferentes, capelão, secretário, tesoureiro, instrutores.', 'diretoria_complete', NULL),
  ('relatorios', 5, 'Relatórios bimestrais', 300, NULL, 'Um relatório fechado a cada dois meses.', 'bimonthly_reports', NULL),
  ('unidades', 6, 'Unidades separadas por sexo', 200, NULL, 'Cada unidade só com meninos ou só com meninas.', 'units_by_sex', NULL),
  ('atas', 7, 'Secretaria: atas da diretoria', 200, '11-30', 'Uma ata por reunião da diretoria (meta do ano).', 'atas_diretoria', 10);
