import type { FormHTMLAttributes, ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormError } from './ui/field';
import { submitErrors } from './form-errors';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * react-hook-form on a shared zod schema (`src/shared/*`): the form checks what the server checks,
 * with the same pt-BR messages. `toInput` shapes the typed values into the schema's input first when
 * the screen's controls differ from the request (a Bônus/Penalidade radio and a magnitude → signed points).
 */
export function useZodForm<S extends Schema>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & { toInput?: (values: z.input<S>) => unknown } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const { toInput, ...rest } = props;
  const resolve = zodResolver(schema);
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...rest,
    resolver: (values, ctx, opts) => resolve((toInput ? toInput(values) : values) as z.input<S>, ctx, opts as never) as never,
  });
}

export interface FormProps<TIn extends FieldValues, TOut> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Sends the checked values; a throw keeps the form (and its modal) open with the error shown. */
  onSubmit: (values: TOut) => unknown;
  /** Shown when the server gives no usable message (a 5xx, no connection). */
  fallback: string;
  /** Put before the server's message in the root error: 'Erro ao salvar caixa' → 'Erro ao salvar caixa: …'. */
  errorPrefix?: string;
  children: ReactNode;
}

/**
 * The one form of the web app. Field errors sit beside their fields (the controls read
 * `form.formState.errors`); the root error — a refusal that names no field of this form — sits
 * in one place, at the top. A server 400 with field details lands on those fields.
 */
export function Form<TIn extends FieldValues, TOut>({ form, onSubmit, fallback, errorPrefix, children, className = 'space-y-4', ...rest }: FormProps<TIn, TOut>) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      const names = Object.keys(form.getValues());
      const out = submitErrors(err, { fallback, prefix: errorPrefix, hasField: (path) => names.includes(path.split('.')[0] ?? '') });
      for (const f of out.fields) form.setError(f.path as Path<TIn>, { type: 'server', message: f.message }, { shouldFocus: true });
      if (out.root) form.setError('root.server', { type: 'server', message: out.root });
    }
  });
  const root = form.formState.errors.root?.server?.message;
  return (
    <form noValidate onSubmit={submit} className={className} {...rest}>
      <FormError message={root} />
      {children}
    </form>
  );
}
