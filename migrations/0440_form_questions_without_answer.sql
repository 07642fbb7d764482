-- A 'Formulário' collects answers: its choice questions have no right answer (issue 31). Only a
-- free-text question is forbidden one; a quiz's choice question needing one is the service's rule
-- (it knows the task's type). Right answers stored on form questions before are dropped.
DO $$
DECLARE c text;
BEGIN
  SELECT conname INTO c FROM pg_constraint
   WHERE conrelid = 'questions'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%correct_answer IS NULL%';
  IF c IS NOT NULL THEN EXECUTE format('ALTER TABLE questions DROP CONSTRAINT %I', c); END IF;
END $$;

ALTER TABLE questions ADD CONSTRAINT questions_free_text_has_no_answer CHECK (answer_type <> 'free_text' OR correct_answer IS NULL);

UPDATE questions q SET correct_answer = NULL FROM tasks t WHERE t.id = q.task_id AND t.type = 'form' AND q.correct_answer IS NOT NULL;
