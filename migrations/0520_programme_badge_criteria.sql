-- Badges of the programme (ADR 040): 'especialidade concluída' ({type, item|null, count: 1}),
-- 'classe concluída' ({type, item, count: 1}) and 'N especialidades da área Y' ({type, area, count}).
ALTER TABLE badges DROP CONSTRAINT badges_auto_criteria_check;
ALTER TABLE badges ADD CONSTRAINT badges_auto_criteria_check CHECK (auto_criteria IS NULL OR auto_criteria->>'type' IN
  ('task_count', 'points_total', 'login_streak', 'ranking_position', 'badge_count', 'task_perfect', 'membership_duration',
   'specialty_completed', 'class_completed', 'area_specialties'));
