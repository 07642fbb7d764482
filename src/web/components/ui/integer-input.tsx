import { forwardRef, type InputHTMLAttributes } from 'react';
import { TextField, type FieldShell } from './field';

export interface IntegerInputProps extends FieldShell, Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  /** Penalties: phones' numeric keypads have no minus sign, so the full keyboard is offered. */
  allowNegative?: boolean;
}

/**
 * The one whole-number field (points, XP, intervals): text, so '', 'dez' and '2,5' reach the
 * form's zod schema (zWholeNumber) and are refused beside the field instead of becoming 0.
 */
export const IntegerInput = forwardRef<HTMLInputElement, IntegerInputProps>(function IntegerInput({ allowNegative = false, ...rest }, ref) {
  return <TextField ref={ref} type="text" inputMode={allowNegative ? 'text' : 'numeric'} autoComplete="off" className="tabular-nums" {...rest} />;
});
