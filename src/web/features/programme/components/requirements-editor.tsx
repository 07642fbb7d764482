import { useState } from 'react';
import { ArrowDown, ArrowUp, MapPin, Paperclip, Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { PROGRAMME_MSG, type TCatalogue, type TRequirement } from '@shared/programme';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { useRemoveRequirement, useReorderRequirements, useRequirements, useSaveRequirement } from '../api/requirements';

type Link = '' | `s:${string}` | `a:${string}`;

function RequirementForm({ clubId, itemCode, catalogue, requirement, isClass, onDone }: {
  clubId: string; itemCode: string; catalogue: TCatalogue; requirement: TRequirement | null; isClass: boolean; onDone?: () => void;
}) {
  const save = useSaveRequirement(clubId, itemCode);
  const [section, setSection] = useState(requirement?.section_code ?? (isClass ? 'G' : ''));
  const [text, setText] = useState(requirement?.text ?? '');
  const [inField, setInField] = useState(requirement?.in_field ?? false);
  const [evidence, setEvidence] = useState(requirement?.needs_evidence ?? false);
  const [link, setLink] = useState<Link>(requirement?.link_specialty ? `s:${requirement.link_specialty}` : requirement?.link_area ? `a:${requirement.link_area}` : '');
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setError(null);
    try {
      await save.mutateAsync({
        id: requirement?.id ?? null,
        input: {
          section_code: section || null, text, in_field: inField, needs_evidence: evidence,
          link_specialty: link.startsWith('s:') ? link.slice(2) : null, link_area: link.startsWith('a:') ? link.slice(2) : null,
        },
      });
      toast.success(PROGRAMME_MSG.saved);
      if (!requirement) {
        // The next requisito starts blank: 'feito em campo' and 'comprovação' are per requisito (issue 43).
        setText('');
        setLink('');
        setInField(false);
        setEvidence(false);
      }
      onDone?.();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao salvar o requisito.'));
    }
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <SelectField label="Seção" value={section} onChange={(e) => setSection(e.target.value)}>
          <option value="">Sem seção</option>
          {catalogue.sections.map((s) => <option key={s.code} value={s.code}>{s.code} — {s.name}</option>)}
        </SelectField>
        <TextAreaField label="Texto do requisito" value={text} onChange={(e) => setText(e.target.value)} rows={2} error={error ?? undefined} />
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm text-slate-800">
        <label className="flex items-center gap-2"><input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={inField} onChange={(e) => setInField(e.target.checked)} /> Feito em campo</label>
        <label className="flex items-center gap-2"><input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={evidence} onChange={(e) => setEvidence(e.target.checked)} /> Precisa de comprovação</label>
      </div>
      <SelectField label="Assinado automaticamente ao concluir" value={link} onChange={(e) => setLink(e.target.value as Link)}>
        <option value="">Nada (assinatura manual)</option>
        <optgroup label="Uma especialidade da área">
          {catalogue.areas.map((a) => <option key={a.code} value={`a:${a.code}`}>Uma especialidade da área {a.name}</option>)}
        </optgroup>
        <optgroup label="Completar a especialidade">
          {catalogue.items.filter((i) => i.kind === 'specialty').map((i) => <option key={i.code} value={`s:${i.code}`}>{i.code} — {i.name}</option>)}
        </optgroup>
      </SelectField>
      <div>
        <Button loading={save.isPending} icon={requirement ? undefined : <Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => void submit()}>
          {requirement ? 'Salvar requisito' : 'Adicionar requisito'}
        </Button>
      </div>
    </div>
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
