import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { BATCH_MSG, ZPointBatch } from '@shared/point-batches';
import { roleLabel, type TMember } from '@shared/members';
import { Form, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { Modal } from '../../../components/ui/modal';
import { UnitMemberPicker } from '../../../components/unit-member-picker';
import { useScoreMany } from '../api/score-many';

/** Active members other than me, by name: the picker groups them by unit. */
const pickable = (members: TMember[], myProfileId: string | null) =>
  members.filter((m) => m.active && m.profile_id !== myProfileId).sort((a, b) => a.full_name.localeCompare(b.full_name, 'pt-BR'));

const EMPTY = { points: '', reason: '', profile_ids: [] as string[] };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * 'Pontuar vários': the same points and reason for many members in one save (all or nothing on the
 * server). Built for one thumb: big rows, a search box, a 'Selecionar unidade' box per unit.
 */
export function ScoreManyModal({ clubId, open, members, loading = false, myProfileId, onClose }: {
  clubId: string;
  open: boolean;
  members: TMember[];
  /** Every page of the members list is still being fetched. */
  loading?: boolean;
  myProfileId: string | null;
  onClose: () => void;
}) {
  const save = useScoreMany(clubId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const form = useZodForm(ZPointBatch, { defaultValues: EMPTY, toInput: (v) => ({ ...v, profile_ids: [...selected] }) });
  const { register, formState: { errors } } = form;
  const offered = useMemo(() => pickable(members, myProfileId), [members, myProfileId]);
  const needle = fold(search.trim());
  const shown = useMemo(() => (needle ? offered.filter((m) => fold(m.full_name).includes(needle)) : offered), [offered, needle]);

  const close = () => {
    setSelected(new Set());
    setSearch('');
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit = async (input: z.output<typeof ZPointBatch>) => {
    const res = await save.mutateAsync(input);
    toast.success(`${BATCH_MSG.saved} (${res.member_count})`);
    close();
  };

  return (
    <Modal
      open={open}
      title="Pontuar vários"
      onClose={close}
      size="lg"
      footer={(
        <div className="flex w-full items-center justify-between gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">{selected.size === 1 ? '1 selecionado' : `${selected.size} selecionados`}</p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={close}>Cancelar</Button>
            <Button type="submit" form="score-many-form" loading={save.isPending}>Salvar</Button>
          </div>
        </div>
      )}
    >
      <Form id="score-many-form" form={form} onSubmit={onSubmit} fallback={BATCH_MSG.saveError}>
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <IntegerInput label="Pontos" allowNegative error={errors.points?.message} {...register('points')} hint="Use um número negativo para penalidade." />
          <TextField label="Motivo" error={errors.reason?.message} {...register('reason')} maxLength={500} placeholder="Ex.: Limpeza do acampamento" />
        </div>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-[2.35rem] h-4 w-4 text-slate-500" />
          <TextField label="Buscar membro" type="search" value={search} onChange={(e) => setSearch(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }} className="pl-9" placeholder="Digite um nome" />
        </div>
        {errors.profile_ids ? <p role="alert" className="text-sm text-red-700">{errors.profile_ids.message}</p> : null}
        {loading ? <p role="status" className="text-sm text-slate-600">Carregando membros…</p> : null}
        {!loading && shown.length === 0 ? <p className="text-sm text-slate-600">Nenhum membro encontrado.</p> : null}
        <UnitMemberPicker members={shown} selected={selected} onChange={setSelected} size="lg" renderMember={(m) => (
          <span className="min-w-0 flex-1">
            <span className="block truncate text-slate-900">{m.full_name}</span>
            <span className="block truncate text-xs text-slate-600" aria-hidden="true">{roleLabel(m.role)}</span>
          </span>
        )} />
      </Form>
    </Modal>
  );
}
