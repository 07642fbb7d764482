import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import {
  ANSWER_TYPES, ANSWER_TYPE_LABELS, DEFAULT_OPTION_COUNT, QUESTION_MSG, TRUE_FALSE_OPTIONS, ZQuestionInput, quizAnswerIssue,
  type TAnswerType, type TQuestion, type TTaskType,
} from '@shared/tasks';
import { Form, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useSaveQuestion } from '../api/save-question';

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
  const save = useSaveQuestion(clubId, taskId);
  const form = useZodForm(ZQuestionInput, {
    defaultValues: {
      text: question?.text ?? '',
      answer_type: question?.answer_type ?? 'multiple_choice',
      options: initialOptions(question),
      correct_answer: question?.correct_answer ?? '',
    },
    toInput: (v) => ({
      ...v,
      options: v.answer_type === 'free_text' ? null : v.options,
      correct_answer: v.answer_type === 'free_text' || !isQuiz ? null : v.correct_answer || null,
    }),
  });
  const { register, formState: { errors }, watch, setValue } = form;
  const answerType = (watch('answer_type') ?? 'multiple_choice') as TAnswerType;
  const options = (watch('options') ?? []) as string[];
  const choices = options.map((o) => o.trim()).filter((o) => o.length > 0);
  const typeField = register('answer_type', {
    onChange: (e: { target: { value: string } }) => {
      setValue('options', optionsFor(e.target.value as TAnswerType));
      setValue('correct_answer', '');
    },
  });

  async function onSubmit(input: z.output<typeof ZQuestionInput>) {
    const values = form.getValues();
    const answerIssue = isQuiz ? quizAnswerIssue({ answer_type: answerType, options: (values.options ?? []) as string[], correct_answer: String(values.correct_answer ?? '') }) : null;
    if (answerIssue) {
      form.setError('correct_answer', { type: 'custom', message: answerIssue });
      return;
    }
    await save.mutateAsync({ input, id: question?.id });
    toast.success(QUESTION_MSG.saved);
    onDone();
  }

  return (
    <Form form={form} onSubmit={onSubmit} fallback={QUESTION_MSG.saveError} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-label={question ? 'Editar pergunta' : 'Nova pergunta'}>
      <h3 className="font-semibold">{question ? 'Editar pergunta' : 'Nova pergunta'}</h3>
      <TextAreaField label="Texto da pergunta" required rows={2} error={errors.text?.message} {...register('text')} />
      <SelectField label="Tipo de resposta" required error={errors.answer_type?.message} {...typeField}>
        {ANSWER_TYPES.map((t) => <option key={t} value={t}>{ANSWER_TYPE_LABELS[t]}</option>)}
      </SelectField>
      {answerType !== 'free_text' ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Opções</legend>
          {options.map((_, i) => (
            <TextField key={`${answerType}-${i}`} label={`Opção ${i + 1}`} readOnly={answerType === 'single_choice'} {...register(`options.${i}` as 'options')} />
          ))}
          {errors.options ? <p role="alert" className="text-sm text-red-700">{errors.options.message}</p> : null}
          {isQuiz ? (
            <SelectField label="Resposta correta" required error={errors.correct_answer?.message} {...register('correct_answer')}>
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
    </Form>
  );
}

function initialOptions(question: TQuestion | null): string[] {
  if (!question) return emptyOptions();
  const current = question.options ?? [];
  return question.answer_type === 'multiple_choice' ? [...current, ...emptyOptions()].slice(0, Math.max(DEFAULT_OPTION_COUNT, current.length)) : optionsFor(question.answer_type);
}
