import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { pushDialog, removeDialog } from './top-layer';
import { Button } from './button';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
}

/** An accessible dialog on the native <dialog> element: focus trap, Esc closes, labelled by its title. */
export function Modal({ open, title, onClose, children, footer, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) return;
    if (!dialog.open) dialog.showModal();
    pushDialog(dialog);
    return () => {
      removeDialog(dialog);
      if (dialog.open) dialog.close();
    };
  }, [open]);
  const width = size === 'xl' ? 'max-w-4xl' : size === 'lg' ? 'max-w-2xl' : 'max-w-lg';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${width} rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      {open ? (
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <h2 id={titleId} className="text-lg font-semibold">{title}</h2>
            <button type="button" onClick={onClose} aria-label="Fechar" className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100">
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * The footer of a form in a modal: Cancelar (disabled while saving) and the submit button of the form
 * `formId`, busy while `pending`.
 */
export function FormModalFooter({ formId, onCancel, pending, submitLabel, variant }: {
  formId: string;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  variant?: 'primary' | 'danger';
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>Cancelar</Button>
      <Button type="submit" variant={variant} form={formId} loading={pending}>{submitLabel}</Button>
    </>
  );
}
