import { useState } from 'react';
import { ArrowDown, ArrowUp, MapPin, Paperclip, Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { PROGRAMME_MSG, ZRequirementInput, type TCatalogue, type TRequirement } from '@shared/programme';
import { Form, useZodForm } from '../../../components/form';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { useRemoveRequirement, useReorderRequirements, useRequirements, useSaveRequirement } from '../api/requirements';

type Link = '' | `s:${string}` | `a:${string}`;
type FormOut = z.output<typeof ZRequirementInput>;
/** What the controls hold: no section is '', and one select chooses the especialidade or the area. */
type Controls = { section_code: string; text: string; in_field: boolean; needs_evidence: boolean; link: Link };

function toInput({ link, ...v }: Controls) {
  return {
    ...v,
    section_code: v.section_code || null,
    link_specialty: link.startsWith('s:') ? link.slice(2) : null,
    link_area: link.startsWith('a:') ? link.slice(2) : null,
  };
}

function RequirementForm({ clubId, itemCode, catalogue, requirement, isClass, onDone }: {
  clubId: string; itemCode: string; catalogue: TCatalogue; requirement: TRequirement | null; isClass: boolean; onDone?: () => void;
}) {
  const save = useSaveRequirement(clubId, itemCode);
  // The controls hold a section '' and one link select where the request holds nulls: toInput shapes them first.
  const schema = ZRequirementInput as unknown as z.ZodType<FormOut, Controls>;
  const form = useZodForm(schema, {
    toInput,
    defaultValues: {
      section_code: requirement?.section_code ?? (isClass ? 'G' : ''),
      text: requirement?.text ?? '',
      in_field: requirement?.in_field ?? false,
      needs_evidence: requirement?.needs_evidence ?? false,
      link: requirement?.link_specialty ? `s:${requirement.link_specialty}` : requirement?.link_area ? `a:${requirement.link_area}` : '',
    },
  });
  const { register, formState: { errors } } = form;
  // The schema names the link's two request fields; the screen shows their error on its one select.
  const named = errors as Record<string, { message?: string } | undefined>;
  const linkError = named.link_specialty?.message ?? named.link_area?.message;

  async function onSubmit(input: FormOut) {
    await save.mutateAsync({ id: requirement?.id ?? null, input });
    toast.success(PROGRAMME_MSG.saved);
    if (!requirement) {
      // The next requisito starts blank: 'feito em campo' and 'comprovação' are per requisito (issue 43).
      form.reset({ ...form.getValues(), text: '', link: '', in_field: false, needs_evidence: false });
    }
    onDone?.();
  }

  return (
    <Form form={form} onSubmit={onSubmit} fallback="Erro ao salvar o requisito." className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <SelectField label="Seção" error={errors.section_code?.message} {...register('section_code')}>
          <option value="">Sem seção</option>
          {catalogue.sections.map((s) => <option key={s.code} value={s.code}>{s.code} — {s.name}</option>)}
        </SelectField>
        <TextAreaField label="Texto do requisito" rows={2} error={errors.text?.message} {...register('text')} />
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm text-slate-800">
        <label className="flex items-center gap-2"><input type="checkbox" className="h-4 w-4 accent-emerald-700" {...register('in_field')} /> Feito em campo</label>
        <label className="flex items-center gap-2"><input type="checkbox" className="h-4 w-4 accent-emerald-700" {...register('needs_evidence')} /> Precisa de comprovação</label>
      </div>
      <SelectField label="Assinado automaticamente ao concluir" error={linkError} {...register('link')}>
        <option value="">Nada (assinatura manual)</option>
        <optgroup label="Uma especialidade da área">
          {catalogue.areas.map((a) => <option key={a.code} value={`a:${a.code}`}>Uma especialidade da área {a.name}</option>)}
        </optgroup>
        <optgroup label="Completar a especialidade">
          {catalogue.items.filter((i) => i.kind === 'specialty').map((i) => <option key={i.code} value={`s:${i.code}`}>{i.code} — {i.name}</option>)}
        </optgroup>
      </SelectField>
      <div>
        <Button type="submit" loading={save.isPending} icon={requirement ? undefined : <Plus aria-hidden="true" className="h-4 w-4" />}>
          {requirement ? 'Salvar requisito' : 'Adicionar requisito'}
        </Button>
      </div>
    </Form>
  );
}

/** The club's requisitos of one class or especialidade: add, edit, reorder, remove. */
export function RequirementsEditor({ clubId, itemCode, catalogue, canManage }: { clubId: string; itemCode: string; catalogue: TCatalogue; canManage: boolean }) {
  const list = useRequirements(clubId, itemCode);
  const reorder = useReorderRequirements(clubId, itemCode);
  const remove = useRemoveRequirement(clubId);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const isClass = catalogue.items.find((i) => i.code === itemCode)?.kind === 'class';
  const sectionName = (code: string | null) => catalogue.sections.find((s) => s.code === code)?.name;
  const itemName = (code: string) => catalogue.items.find((i) => i.code === code)?.name ?? code;
  const areaName = (code: string) => catalogue.areas.find((a) => a.code === code)?.name ?? code;
  if (list.isLoading) return <PageSpinner />;
  if (list.isError) return <p role="alert" className="text-red-700">{errorMessage(list.error, 'Erro ao carregar os requisitos.')}</p>;
  const reqs = list.data ?? [];

  async function move(index: number, delta: number) {
    const ids = reqs.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved);
    try {
      await reorder.mutateAsync(ids);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao reordenar.'));
    }
  }
  function drop(id: string) {
    setRemoving(id);
  }
  async function confirmDrop() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
      toast.success('Requisito removido.');
      setRemoving(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao remover.'));
    }
  }

  return (
    <div className="space-y-3">
      {reqs.length === 0 ? <p className="text-sm text-slate-600">Nenhum requisito cadastrado. O texto dos requisitos é digitado pelo clube (ou importado de um arquivo que ele tenha).</p> : null}
      <ol className="space-y-2">
        {reqs.map((r, i) => (
          <li key={r.id}>
            <Card className="space-y-2">
              {/* On a phone the buttons go under the text, which keeps the card's width (issue 43). */}
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                <div className="flex min-w-0 flex-1 items-start gap-2">
                  <span className="mt-0.5 shrink-0 text-xs font-semibold text-slate-600" title={sectionName(r.section_code)}>{i + 1}.{r.section_code ? ` ${r.section_code}` : ''}</span>
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-sm text-slate-900">{r.text}</p>
                    {r.in_field || r.needs_evidence || r.link_specialty || r.link_area ? (
                      <div className="mt-1 flex flex-wrap gap-1.5">
                        {r.in_field ? <Tag tone="amber"><MapPin aria-hidden="true" className="mr-1 h-3 w-3" />Feito em campo</Tag> : null}
                        {r.needs_evidence ? <Tag tone="blue"><Paperclip aria-hidden="true" className="mr-1 h-3 w-3" />Precisa de comprovação</Tag> : null}
                        {r.link_specialty ? <Tag tone="green">Assinado ao concluir {itemName(r.link_specialty)}</Tag> : null}
                        {r.link_area ? <Tag tone="green">Assinado com uma especialidade de {areaName(r.link_area)}</Tag> : null}
                      </div>
                    ) : null}
                  </div>
                </div>
                {canManage ? (
                  <div className="flex shrink-0 justify-end gap-1">
                    <IconButton label="Subir" icon={<ArrowUp className="h-4 w-4" />} disabled={i === 0 || reorder.isPending} onClick={() => void move(i, -1)} />
                    <IconButton label="Descer" icon={<ArrowDown className="h-4 w-4" />} disabled={i === reqs.length - 1 || reorder.isPending} onClick={() => void move(i, 1)} />
                    <IconButton label="Remover" icon={<Trash2 className="h-4 w-4" />} disabled={remove.isPending} onClick={() => drop(r.id)} />
                  </div>
                ) : null}
              </div>
              {canManage ? (
                editing === r.id
                  ? <RequirementForm clubId={clubId} itemCode={itemCode} catalogue={catalogue} requirement={r} isClass={isClass} onDone={() => setEditing(null)} />
                  : <Button size="sm" variant="ghost" onClick={() => setEditing(r.id)}>Editar</Button>
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
      {canManage ? (
        <Card className="space-y-2">
          <h3 className="font-medium text-slate-900">Novo requisito</h3>
          <RequirementForm clubId={clubId} itemCode={itemCode} catalogue={catalogue} requirement={null} isClass={isClass} />
        </Card>
      ) : null}
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remover requisito"
        message="Remover este requisito? Os pontos das assinaturas dele serão estornados."
        confirmLabel="Remover"
        loading={remove.isPending}
        onConfirm={() => void confirmDrop()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
