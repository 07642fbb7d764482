import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ReorderButtons } from './reorder-buttons';
import { withToast } from './with-toast';

export interface OrderedListModalProps<T extends { id: string }> {
  title: string;
  /** 'Perguntas' — the list's accessible name; `noun` ('pergunta') names one item in button labels. */
  listLabel: string;
  noun: string;
  emptyText: string;
  newLabel: string;
  messages: { confirmDelete: string; deleted: string; deleteError: string; saveError: string };
  query: UseQueryResult<T[]>;
  remove: UseMutationResult<void, Error, string>;
  reorder: UseMutationResult<T[], Error, string[]>;
  renderItem: (item: T, index: number) => ReactNode;
  renderForm: (item: T | null, done: () => void) => ReactNode;
  onClose: () => void;
}

/** A task's ordered children (questions, subtasks): numbered list, reorder, edit, delete with confirmation, add. */
export function OrderedListModal<T extends { id: string }>(p: OrderedListModalProps<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const list = p.query.data ?? [];
  const ids = list.map((x) => x.id);

  async function confirmDelete() {
    const target = deleting;
    if (!target) return;
    if (await withToast(() => p.remove.mutateAsync(target.id), { success: p.messages.deleted, error: p.messages.deleteError })) setDeleting(null);
  }

  return (
    <Modal open title={p.title} onClose={p.onClose} size="xl" footer={<Button onClick={p.onClose}>Concluído</Button>}>
      <div className="space-y-4">
        {p.query.isLoading ? <Spinner /> : null}
        {p.query.isSuccess && list.length === 0 ? <p className="text-slate-600">{p.emptyText}</p> : null}
        <ol className="space-y-3" aria-label={p.listLabel}>
          {list.map((item, i) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 p-3">
              <div className="min-w-0 flex-1">{p.renderItem(item, i)}</div>
              <div className="flex items-center">
                <ReorderButtons
                  ids={ids}
                  index={i}
                  label={`${p.noun} ${i + 1}`}
                  disabled={p.reorder.isPending}
                  onReorder={(next) => void withToast(() => p.reorder.mutateAsync(next), { error: p.messages.saveError })}
                />
                <IconButton label={`Editar ${p.noun} ${i + 1}`} icon={<Pencil className="h-4 w-4" />} onClick={() => setEditing(item)} />
                <IconButton label={`Excluir ${p.noun} ${i + 1}`} icon={<Trash2 className="h-4 w-4 text-red-700" />} onClick={() => setDeleting(item)} />
              </div>
            </li>
          ))}
        </ol>
        {editing ? (
          <div key={editing === 'new' ? 'new' : editing.id}>{p.renderForm(editing === 'new' ? null : editing, () => setEditing(null))}</div>
        ) : (
          <Button variant="secondary" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>{p.newLabel}</Button>
        )}
      </div>
      <ConfirmDialog open={deleting !== null} message={p.messages.confirmDelete} loading={p.remove.isPending} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </Modal>
  );
}
