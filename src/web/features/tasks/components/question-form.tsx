import { useState, type FormEvent } from 'react';
import {
  ANSWER_TYPES, ANSWER_TYPE_LABELS, DEFAULT_OPTION_COUNT, QUESTION_MSG, TRUE_FALSE_OPTIONS, ZQuestionInput, quizAnswerIssue,
  type TAnswerType, type TQuestion, type TTaskType,
} from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useSaveQuestion } from '../api/save-question';
import { fieldErrors, type FieldErrors } from './form-errors';
import { withToast } from './with-toast';

const emptyOptions = () => Array<string>(DEFAULT_OPTION_COUNT).fill('');

function optionsFor(type: TAnswerType): string[] {
  return type === 'single_choice' ? [...TRUE_FALSE_OPTIONS] : emptyOptions();
}

/**
 * Create or edit one question. True/false has its two fixed options; other types start with four
 * empty ones. Only a quiz asks for the right answer: a form collects answers, none is right.
 */
export function QuestionForm({ clubId, taskId, taskType, question, onDone }: { clubId: string; taskId: string; taskType: TTaskType; question: TQuestion | null; onDone: () => void }) {
  const isQuiz = taskType === 'quiz';
  const [text, setText] = useState(question?.text ?? '');
  const [answerType, setAnswerType] = useState<TAnswerType>(question?.answer_type ?? 'multiple_choice');
  const [options, setOptions] = useState<string[]>(() => {
    if (!question) return emptyOptions();
    const current = question.options ?? [];
    return question.answer_type === 'multiple_choice' ? [...current, ...emptyOptions()].slice(0, Math.max(DEFAULT_OPTION_COUNT, current.length)) : optionsFor(question.answer_type);
  });
  const [correct, setCorrect] = useState(question?.correct_answer ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveQuestion(clubId, taskId);
  const choices = options.map((o) => o.trim()).filter((o) => o.length > 0);

  function changeType(type: TAnswerType) {
    setAnswerType(type);
    setOptions(optionsFor(type));
    setCorrect('');
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZQuestionInput.safeParse({
      text,
      answer_type: answerType,
      options: answerType === 'free_text' ? null : options,
      correct_answer: answerType === 'free_text' || !isQuiz ? null : correct || null,
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    const answerIssue = isQuiz ? quizAnswerIssue({ answer_type: answerType, options, correct_answer: correct }) : null;
    if (answerIssue) next.correct_answer = answerIssue;
    setErrors(next);
    if (!parsed.success || answerIssue) return;
    if (await withToast(() => save.mutateAsync({ input: parsed.data, id: question?.id }), { success: QUESTION_MSG.saved, error: QUESTION_MSG.saveError })) onDone();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-label={question ? 'Editar pergunta' : 'Nova pergunta'}>
      <h3 className="font-semibold">{question ? 'Editar pergunta' : 'Nova pergunta'}</h3>
      <TextAreaField label="Texto da pergunta" required rows={2} value={text} onChange={(e) => setText(e.target.value)} error={errors.text} />
      <SelectField label="Tipo de resposta" required value={answerType} onChange={(e) => changeType(e.target.value as TAnswerType)} error={errors.answer_type}>
        {ANSWER_TYPES.map((t) => <option key={t} value={t}>{ANSWER_TYPE_LABELS[t]}</option>)}
      </SelectField>
      {answerType !== 'free_text' ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Opções</legend>
          {options.map((opt, i) => (
            <TextField
              key={i}
              label={`Opção ${i + 1}`}
              value={opt}
              readOnly={answerType === 'single_choice'}
              onChange={(e) => setOptions((prev) => prev.map((o, j) => (j === i ? e.target.value : o)))}
            />
          ))}
          {errors.options ? <p role="alert" className="text-sm text-red-700">{errors.options}</p> : null}
          {isQuiz ? (
            <SelectField label="Resposta correta" required value={correct} onChange={(e) => setCorrect(e.target.value)} error={errors.correct_answer}>
              <option value="">Selecione…</option>
              {choices.map((c) => <option key={c} value={c}>{c}</option>)}
            </SelectField>
          ) : null}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">{isQuiz ? 'Resposta livre: sem opções nem resposta correta.' : 'Resposta livre: sem opções.'}</p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>Cancelar</Button>
        <Button type="submit" loading={save.isPending}>Salvar pergunta</Button>
      </div>
    </form>
  );
}
