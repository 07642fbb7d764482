import { useState } from 'react';
import { plural } from '@shared/plural';
import { toast } from 'react-hot-toast';
import { Pencil, Plus, Shirt } from 'lucide-react';
import { formatBrl } from '@shared/format-brl';
import { DELIVERY_SOURCES, DELIVERY_SOURCE_LABEL, GONE_REASONS, GONE_REASON_LABEL, SIZE_FIELDS, SIZE_LABEL, type TDeliverySource, type TGoneReason, type TKit, type TMemberSizes } from '@shared/patrimonio';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextField } from '@web/components/ui/field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Modal } from '@web/components/ui/modal';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useChargeOrder, useDeliver, useKits, useOrder, usePending, usePieceGone, useSaveSizes, useSizes } from '../api/uniforms';
import { KitFormModal } from './kit-form-modal';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Uniformes e kits: the kits, who still lacks each piece per unit, deliveries, the order and its charges, the sizes. */
export function UniformsPanel({ clubId, manage }: { clubId: string; manage: boolean }) {
  const kits = useKits(clubId, true);
  const [kitId, setKitId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TKit | null>(null);
  const kit = kits.data?.find((k) => k.id === kitId) ?? kits.data?.[0] ?? null;
  return (
    <div className="space-y-6">
      <section className="space-y-3" aria-labelledby="kits-title">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="kits-title" className="flex-1 text-lg font-semibold text-slate-900">Kits</h2>
          {kits.data && kits.data.length > 1 ? (
            <SelectField label="Kit" value={kit?.id ?? ''} onChange={(e) => setKitId(e.target.value)}>
              {kits.data.map((k) => <option key={k.id} value={k.id}>{k.kind === 'uniforme' ? `${k.name} (uniforme)` : k.name}</option>)}
            </SelectField>
          ) : null}
          {manage && kit ? <Button variant="secondary" icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing(kit)}>Editar kit</Button> : null}
          {manage ? <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setCreating(true)}>Novo kit</Button> : null}
        </div>
        {kits.isPending ? <PageSpinner label="Carregando kits…" /> : kits.isError ? <p role="alert" className="text-red-700">{errorMessage(kits.error, 'Erro ao carregar os kits.')}</p>
          : !kit ? <EmptyState icon={<Shirt className="h-10 w-10" />} message="Nenhum kit definido." hint="Defina o kit do clube (lenço, Bíblia, caderno, cantil…) e o uniforme (camisa, calça/saia, lenço, cinto, boné, distintivos), e registre quem recebeu." />
            : <KitDetail clubId={clubId} kit={kit} manage={manage} />}
      </section>
      <SizesTable clubId={clubId} manage={manage} />
      {creating ? <KitFormModal clubId={clubId} onClose={() => setCreating(false)} /> : null}
      {editing ? <KitFormModal key={editing.id} clubId={clubId} kit={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function KitDetail({ clubId, kit, manage }: { clubId: string; kit: TKit; manage: boolean }) {
  const pending = usePending(clubId, kit.id);
  const [delivering, setDelivering] = useState<{ itemId: string; memberIds: string[] } | null>(null);
  const [losing, setLosing] = useState<{ itemId: string; member: { member_id: string; name: string } } | null>(null);
  const uniform = kit.kind === 'uniforme';
  const lacks = uniform ? 'Quem ainda não tem' : 'Quem ainda não recebeu';
  const has = uniform ? 'Quem tem' : 'Quem recebeu';
  return (
    <div className="space-y-3">
      <Card>
        <h3 className="font-semibold text-slate-900">{kit.name}{uniform ? <span className="ml-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">Uniforme do clube</span> : null}</h3>
        <ul className="mt-2 grid gap-1 text-sm text-slate-800 sm:grid-cols-2">
          {kit.items.map((i) => <li key={i.id}>{i.name} ({formatBrl(i.price) === '0,00' ? 'sem custo' : `R$ ${formatBrl(i.price)}`}): {i.delivered} de {kit.members} {uniform ? (i.delivered === 1 ? 'tem' : 'têm') : (i.delivered === 1 ? 'recebeu' : 'receberam')}</li>)}
        </ul>
        {kit.removed.length > 0 ? (
          <p className="mt-2 text-sm text-slate-600">Itens tirados do kit (as entregas ficam registradas): {kit.removed.map((i) => `${i.name} (${plural(i.delivered, 'entrega', 'entregas')})`).join(', ')}.</p>
        ) : null}
      </Card>
      {pending.isPending ? <PageSpinner label="Carregando quem ainda não recebeu…" /> : pending.isError ? <p role="alert" className="text-red-700">{errorMessage(pending.error, 'Erro ao carregar.')}</p> : (
        <div className="grid gap-3 lg:grid-cols-2">
          {pending.data.map((p) => {
            const total = p.units.reduce((n, u) => n + u.members.length, 0);
            return (
              <Card key={p.kit_item_id} className="space-y-2">
                <div role="region" className="space-y-2" aria-label={`${lacks}: ${p.item_name}`}>
                  <div className="flex items-center gap-2">
                    <h4 className="flex-1 font-medium text-slate-900">{lacks}: {p.item_name}</h4>
                    {manage && total > 0 ? <Button size="sm" variant="secondary" onClick={() => setDelivering({ itemId: p.kit_item_id, memberIds: p.units.flatMap((u) => u.members.map((m) => m.member_id)) })}>{uniform ? 'Registrar quem tem' : 'Registrar entrega'}</Button> : null}
                  </div>
                  {total === 0 ? <p className="text-sm text-emerald-800">{uniform ? 'Todos têm.' : 'Todos receberam.'}</p> : p.units.map((u) => (
                    <div key={u.unit_id ?? 'none'}>
                      <p className="text-sm font-medium text-slate-700">{u.unit_name} ({u.members.length})</p>
                      <ul className="ml-4 list-disc text-sm text-slate-800">
                        {u.members.map((m) => <li key={m.member_id}>{m.name}{m.size ? ` — tamanho ${m.size}` : ''}</li>)}
                      </ul>
                    </div>
                  ))}
                </div>
                {p.holders.length > 0 ? (
                  <details className="text-sm" aria-label={`${has}: ${p.item_name}`}>
                    <summary className="cursor-pointer text-slate-700">{has} ({p.holders.length})</summary>
                    <ul className="mt-1 space-y-1">
                      {p.holders.map((m) => (
                        <li key={m.member_id} className="flex flex-wrap items-center gap-2 text-slate-800">
                          <span className="flex-1">{m.name}</span>
                          {manage ? <Button size="sm" variant="secondary" aria-label={`Não tem mais: ${m.name} (${p.item_name})`} onClick={() => setLosing({ itemId: p.kit_item_id, member: m })}>Não tem mais</Button> : null}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </Card>
            );
          })}
        </div>
      )}
      {manage ? <OrderCard clubId={clubId} kitId={kit.id} /> : null}
      {delivering && pending.data ? <DeliverModal clubId={clubId} kit={kit} itemId={delivering.itemId}
        candidates={pending.data.find((p) => p.kit_item_id === delivering.itemId)?.units.flatMap((u) => u.members) ?? []} onClose={() => setDelivering(null)} /> : null}
      {losing ? <PieceGoneModal clubId={clubId} kit={kit} itemId={losing.itemId} member={losing.member} onClose={() => setLosing(null)} /> : null}
    </div>
  );
}

function DeliverModal({ clubId, kit, itemId, candidates, onClose }: { clubId: string; kit: TKit; itemId: string; candidates: Array<{ member_id: string; name: string }>; onClose: () => void }) {
  const deliver = useDeliver(clubId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [on, setOn] = useState(todayIso());
  const [source, setSource] = useState<TDeliverySource>('clube');
  const [error, setError] = useState<string | null>(null);
  const item = kit.items.find((i) => i.id === itemId);
  async function save() {
    setError(null);
    try {
      await deliver.mutateAsync({ kitId: kit.id, kitItemId: itemId, memberIds: chosen, on, source });
      toast.success('Entrega registrada!');
      onClose();
    } catch (e) { setError(errorMessage(e, 'Não foi possível registrar a entrega.')); }
  }
  return (
    <Modal open title={`Entrega: ${item?.name ?? ''}`} onClose={onClose} footer={<>
      <Button variant="secondary" onClick={onClose} disabled={deliver.isPending}>Cancelar</Button>
      <Button onClick={() => void save()} loading={deliver.isPending} disabled={chosen.length === 0 || !on}>Registrar entrega</Button>
    </>}>
      <div className="space-y-3">
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
        <DateInput label={kit.kind === 'uniforme' ? 'Desde' : 'Data da entrega'} required value={on} onChange={(e) => setOn(e.target.value)} />
        <SelectField label="De onde veio" value={source} onChange={(e) => setSource(e.target.value as TDeliverySource)}>
          {DELIVERY_SOURCES.map((x) => <option key={x} value={x}>{DELIVERY_SOURCE_LABEL[x]}</option>)}
        </SelectField>
        <fieldset className="max-h-64 space-y-1 overflow-y-auto">
          <legend className="text-sm font-medium text-slate-800">{kit.kind === 'uniforme' ? 'Quem tem' : 'Quem recebeu'}</legend>
          {candidates.map((m) => (
            <label key={m.member_id} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="h-4 w-4" checked={chosen.includes(m.member_id)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, m.member_id] : chosen.filter((x) => x !== m.member_id))} />
              {m.name}
            </label>
          ))}
        </fieldset>
      </div>
    </Modal>
  );
}

/** A member no longer has a piece: lost, outgrown or given back; what they received stays in their history. */
function PieceGoneModal({ clubId, kit, itemId, member, onClose }: { clubId: string; kit: TKit; itemId: string; member: { member_id: string; name: string }; onClose: () => void }) {
  const gone = usePieceGone(clubId);
  const [on, setOn] = useState(todayIso());
  const [reason, setReason] = useState<TGoneReason>('perdeu');
  const [error, setError] = useState<string | null>(null);
  const item = kit.items.find((i) => i.id === itemId);
  async function save() {
    setError(null);
    try {
      await gone.mutateAsync({ kitId: kit.id, kitItemId: itemId, memberId: member.member_id, on, reason });
      toast.success('Registrado: o membro não tem mais a peça.');
      onClose();
    } catch (e) { setError(errorMessage(e, 'Não foi possível registrar.')); }
  }
  return (
    <Modal open title={`${member.name} não tem mais: ${item?.name ?? ''}`} onClose={onClose} footer={<>
      <Button variant="secondary" onClick={onClose} disabled={gone.isPending}>Cancelar</Button>
      <Button onClick={() => void save()} loading={gone.isPending} disabled={!on}>Registrar</Button>
    </>}>
      <div className="space-y-3">
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
        <p className="text-sm text-slate-700">A peça volta a faltar (em quem ainda não tem e no próximo pedido); o que o membro recebeu fica no histórico.</p>
        <SelectField label="Motivo" value={reason} onChange={(e) => setReason(e.target.value as TGoneReason)}>
          {GONE_REASONS.map((r) => <option key={r} value={r}>{GONE_REASON_LABEL[r]}</option>)}
        </SelectField>
        <DateInput label="Desde" required value={on} onChange={(e) => setOn(e.target.value)} />
      </div>
    </Modal>
  );
}

function OrderCard({ clubId, kitId }: { clubId: string; kitId: string }) {
  const order = useOrder(clubId, kitId, true);
  const charge = useChargeOrder(clubId);
  const [asking, setAsking] = useState(false);
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (order.isPending) return <PageSpinner label="Carregando pedido…" />;
  if (order.isError) return <p role="alert" className="text-red-700">{errorMessage(order.error, 'Erro ao carregar o pedido.')}</p>;
  async function confirm() {
    setError(null);
    try {
      const r = await charge.mutateAsync({ kitId, dueOn: due });
      toast.success(`${plural(r.charges, 'cobrança gerada', 'cobranças geradas')}: R$ ${formatBrl(r.total)}.`);
      setAsking(false);
    } catch (e) { setError(errorMessage(e, 'Não foi possível gerar as cobranças.')); }
  }
  return (
    <Card className="space-y-2">
      <h4 className="font-medium text-slate-900">Pedido da próxima compra</h4>
      {order.data.lines.length === 0 ? <p className="text-sm text-slate-700">Nada a pedir{order.data.already_charged > 0 ? ` (${plural(order.data.already_charged, 'membro já cobrado', 'membros já cobrados')})` : ''}.</p> : (
        <>
          <table className="w-full text-sm">
            <thead><tr className="text-left text-slate-600"><th className="py-1">Item</th><th>Tamanho</th><th className="text-right">Qtd.</th><th className="text-right">Total</th></tr></thead>
            <tbody>
              {order.data.lines.map((l) => (
                <tr key={`${l.kit_item_id}-${l.size ?? ''}`} className="border-t border-slate-100">
                  <td className="py-1">{l.item_name}</td><td>{l.size ?? '—'}</td><td className="text-right">{l.count}</td><td className="text-right">R$ {formatBrl(l.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot><tr className="border-t border-slate-300 font-semibold"><td colSpan={3} className="py-1">Total ({plural(order.data.members, 'membro', 'membros')})</td><td className="text-right">R$ {formatBrl(order.data.total)}</td></tr></tfoot>
          </table>
          <Button size="sm" onClick={() => setAsking(true)}>Gerar cobranças às famílias</Button>
        </>
      )}
      {asking ? (
        <Modal open title="Gerar cobranças do pedido" onClose={() => setAsking(false)} footer={<>
          <Button variant="secondary" onClick={() => setAsking(false)} disabled={charge.isPending}>Cancelar</Button>
          <Button onClick={() => void confirm()} loading={charge.isPending} disabled={!due}>Gerar cobranças</Button>
        </>}>
          <div className="space-y-3">
            <p className="text-sm text-slate-700">Uma cobrança por membro, com os itens que faltam a ele, no total de R$ {formatBrl(order.data.total)}. Cada membro é cobrado uma vez por kit.</p>
            {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
            <DateInput label="Vencimento" required value={due} onChange={(e) => setDue(e.target.value)} />
          </div>
        </Modal>
      ) : null}
    </Card>
  );
}

function SizesTable({ clubId, manage }: { clubId: string; manage: boolean }) {
  const sizes = useSizes(clubId, true);
  const [editing, setEditing] = useState<TMemberSizes | null>(null);
  return (
    <section className="space-y-2" aria-labelledby="sizes-title">
      <h2 id="sizes-title" className="text-lg font-semibold text-slate-900">Tamanhos</h2>
      {sizes.isPending ? <PageSpinner label="Carregando tamanhos…" /> : sizes.isError ? <p role="alert" className="text-red-700">{errorMessage(sizes.error, 'Erro ao carregar os tamanhos.')}</p> : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[480px] text-sm">
            <thead><tr className="text-left text-slate-600"><th className="py-1">Membro</th><th>Unidade</th>{SIZE_FIELDS.map((f) => <th key={f}>{SIZE_LABEL[f]}</th>)}{manage ? <th><span className="sr-only">Ações</span></th> : null}</tr></thead>
            <tbody>
              {sizes.data.map((m) => (
                <tr key={m.member_id} className="border-t border-slate-100">
                  <td className="py-1">{m.name}</td><td>{m.unit_name ?? '—'}</td>
                  {SIZE_FIELDS.map((f) => <td key={f}>{m[f] ?? '—'}</td>)}
                  {manage ? <td><Button size="sm" variant="secondary" aria-label={`Editar tamanhos de ${m.name}`} onClick={() => setEditing(m)}>Editar</Button></td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? <SizesModal clubId={clubId} member={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function SizesModal({ clubId, member, onClose }: { clubId: string; member: TMemberSizes; onClose: () => void }) {
  const save = useSaveSizes(clubId);
  const [values, setValues] = useState({ camisa: member.camisa ?? '', calca_saia: member.calca_saia ?? '', sapato: member.sapato ?? '', bone: member.bone ?? '' });
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setError(null);
    try {
      await save.mutateAsync({ memberId: member.member_id, sizes: values });
      toast.success('Tamanhos salvos!');
      onClose();
    } catch (e) { setError(errorMessage(e, 'Não foi possível salvar os tamanhos.')); }
  }
  return (
    <Modal open title={`Tamanhos de ${member.name}`} onClose={onClose} footer={<>
      <Button variant="secondary" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
      <Button onClick={() => void submit()} loading={save.isPending}>Salvar</Button>
    </>}>
      <div className="grid gap-3 sm:grid-cols-2">
        {error ? <p role="alert" className="text-sm text-red-700 sm:col-span-2">{error}</p> : null}
        {SIZE_FIELDS.map((f) => <TextField key={f} label={SIZE_LABEL[f]} maxLength={8} value={values[f]} onChange={(e) => setValues({ ...values, [f]: e.target.value })} />)}
      </div>
    </Modal>
  );
}
