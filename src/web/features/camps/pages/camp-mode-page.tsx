import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { AlertTriangle, ArrowLeft, CloudOff, Download, Pill, RefreshCw, Trash2 } from 'lucide-react';
import {
  CAMP_MSG, HEAD_DIRECTION_LABEL, INCIDENT_KINDS, INCIDENT_KIND_LABEL, INCIDENT_PHOTO_MAX, INCIDENT_PHOTO_MAX_BYTES, dueDoses, headCount, wallClock, type TCampLog, type TIncidentKind,
} from '@shared/camps';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useOnline } from '@web/lib/online';
import { keepAppOffline } from '@web/lib/service-worker';
import { keepLog, keepPack, openPack, packInfo, sealPhoto, wipePack, type OpenedPack, type QueuedCampWrite } from '@web/lib/offline/camp-store';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { downloadPack } from '../api/download-pack';
import { getCampLog } from '../api/get-camp-log';
import { getKeyState } from '../api/get-key-state';
import { useCampQueue } from '../offline/use-camp-queue';
import { Conflicts, LogList } from '../components/camp-log';

/** /dashboard/eventos/:id/acampamento — 'Modo acampamento' of a named leader, offline for days (ADR 078). */
export function Component() {
  const current = useSelectedClub();
  const { id = '' } = useParams();
  // Camp mode is opened to go offline: the app's own offline copy is installed now, not once settled.
  useEffect(keepAppOffline, []);
  return <CampMode key={`${current.clubId}:${id}`} clubId={current.clubId} eventId={id} />;
}

type Log = TCampLog;

/** How often an open camp mode, online, asks for the other leaders' entries (no F5 needed). */
const LOG_REFRESH_MS = 15_000;

/** The server's log with what waits in the queue laid over it, so the phone shows what it recorded. */
function mergedLog(log: Log, queue: QueuedCampWrite[], me: string): Log {
  const out: Log = { movements: log.movements.map((m) => ({ ...m, marks: [...m.marks] })), doses: [...log.doses], incidents: [...log.incidents] };
  for (const e of queue) {
    const b = e.body as unknown as Record<string, never>;
    if (e.kind === 'movements' && !out.movements.some((m) => m.id === e.body.id)) out.movements.push({ id: b.id, label: b.label, recorded_at: b.recorded_at, marks: [] });
    if (e.kind === 'head-marks') {
      const m = out.movements.find((x) => x.id === b.movement_id);
      if (m && !m.marks.some((k) => k.member_id === b.member_id && k.direction === b.direction)) m.marks.push({ id: b.id, member_id: b.member_id, direction: b.direction, marked_at: b.marked_at, recorded_by_name: me });
    }
    if (e.kind === 'doses' && !out.doses.some((d) => d.id === e.body.id)) out.doses.push({ ...(e.body as unknown as Log['doses'][number]), recorded_by_name: me });
    if (e.kind === 'incidents' && !out.incidents.some((d) => d.id === e.body.id)) out.incidents.push({ ...(e.body as unknown as Log['incidents'][number]), photos: [], recorded_by_name: me });
    if (e.kind === 'photos') {
      const i = out.incidents.find((x) => x.id === b.incident_id);
      if (i && !i.photos.some((p) => p.id === e.body.id)) i.photos = [...i.photos, { id: b.id, name: b.name, mime: '', size: 0 }];
    }
  }
  return out;
}

function CampMode({ clubId, eventId }: { clubId: string; eventId: string }) {
  const online = useOnline();
  const [pack, setPack] = useState<OpenedPack | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wiping, setWiping] = useState(false);

  const fetchPack = useCallback(async () => {
    const fresh = await downloadPack(clubId, eventId);
    await keepPack(clubId, eventId, fresh);
    setPack(await openPack(clubId, eventId));
  }, [clubId, eventId]);

  // The log alone, not the pack: a pack download is audited as health data going out (ADR 078), a sync is not.
  const refreshLog = useCallback(() => {
    void (async () => {
      const kept = await keepLog(clubId, eventId, await getCampLog(clubId, eventId));
      if (kept) setPack(kept);
    })().catch(() => undefined);
  }, [clubId, eventId]);
  const { queue, record, sync, conflicts, dismissConflicts } = useCampQueue(clubId, eventId, refreshLog);
  const hasPack = Boolean(pack);

  // Online, the other leaders' entries arrive by themselves: what their phones sent shows here without F5.
  useEffect(() => {
    if (!online || !hasPack) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) refreshLog();
    }, LOG_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [online, hasPack, refreshLog]);

  // Open what the phone keeps; wipe it when the saída's health window ended or the key was revoked.
  useEffect(() => {
    void (async () => {
      const info = await packInfo(clubId, eventId).catch(() => null);
      if (info) {
        const today = new Date().toISOString().slice(0, 10);
        if (today > info.healthUntil) {
          await wipePack(clubId, eventId);
          toast('A saída terminou: os dados de saúde foram apagados deste aparelho.');
        } else if (navigator.onLine) {
          const state = await getKeyState(clubId, eventId, info.keyId).catch(() => null);
          if (state && !state.in_force) {
            await wipePack(clubId, eventId);
            toast('O acesso deste aparelho foi revogado: os dados da saída foram apagados.');
          }
        }
      }
      setPack(await openPack(clubId, eventId).catch(() => null));
    })();
  }, [clubId, eventId]);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await fetchPack();
      toast.success('Pronto: a saída está guardada neste celular (cifrada).');
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível baixar a saída.'));
    } finally {
      setBusy(false);
    }
  };

  if (pack === undefined) return <PageSpinner label="Abrindo o modo acampamento…" />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={`/dashboard/eventos/${eventId}`} className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Evento</Link>
      <h1 className="text-2xl font-bold text-slate-900">Modo acampamento</h1>
      {!online ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"><CloudOff aria-hidden="true" className="h-4 w-4" /> Sem conexão — {queue.length === 1 ? '1 registro na fila' : `${queue.length} registros na fila`}</p>
      ) : queue.length > 0 ? (
        <p role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">Enviando {queue.length} {queue.length === 1 ? 'registro' : 'registros'}…</p>
      ) : null}
      {!pack ? (
        <Card className="space-y-3 p-4">
          <p className="text-sm text-slate-700">Baixe a saída para este celular antes de sair: participantes por unidade, contatos de emergência, resumo de saúde e horários dos medicamentos ficam guardados cifrados, só para os líderes nomeados.</p>
          {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
          <Button icon={<Download aria-hidden="true" className="h-4 w-4" />} loading={busy} disabled={!online} onClick={() => void download()}>Baixar para o celular</Button>
          {!online ? <p className="text-sm text-slate-600">Conecte-se para baixar.</p> : null}
        </Card>
      ) : (
        <>
          {conflicts.length ? <Conflicts conflicts={conflicts} log={pack.log} onDismiss={dismissConflicts} /> : null}
          <CampScreen pack={pack} queue={queue} online={online} record={record} onSync={() => void sync()} onWipe={() => setWiping(true)} clubId={clubId} eventId={eventId} />
        </>
      )}
      {wiping ? (
        <ConfirmDialog
          open
          title="Apagar a saída deste celular?" message="Os dados de saúde saem do aparelho. Registros ainda na fila continuam para envio." confirmLabel="Apagar"
          onConfirm={() => void wipePack(clubId, eventId).then(() => { setPack(null); setWiping(false); })} onCancel={() => setWiping(false)}
        />
      ) : null}
    </div>
  );
}

interface ScreenProps {
  pack: OpenedPack;
  queue: QueuedCampWrite[];
  online: boolean;
  record: (kind: QueuedCampWrite['kind'], body: Record<string, unknown> & { id: string }, label: string) => Promise<void>;
  onSync: () => void;
  onWipe: () => void;
  clubId: string;
  eventId: string;
}

function CampScreen({ pack, queue, online, record, onSync, onWipe, clubId, eventId }: ScreenProps) {
  const log = useMemo(() => mergedLog(pack.log, queue, 'Você'), [pack.log, queue]);
  const people = pack.roster.participants;
  const names = useMemo(() => new Map(people.map((p) => [p.member_id, p.full_name])), [people]);
  return (
    <div className="space-y-4">
      <Card className="space-y-1 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{pack.camp.event.title}</h2>
        <p className="text-sm text-slate-700">{people.length} {people.length === 1 ? 'participante' : 'participantes'} · {pack.camp.leaders.length} {pack.camp.leaders.length === 1 ? 'líder' : 'líderes'} · baixado em {formatDateTime(pack.downloaded_at)}</p>
        <p className="text-xs text-slate-600">Dados de saúde neste aparelho até {pack.roster.health_until.split('-').reverse().join('/')}; depois são apagados.</p>
        <div className="flex flex-wrap gap-2 pt-2">
          <Button variant="secondary" size="sm" icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />} disabled={!online} onClick={onSync}>Sincronizar</Button>
          <Button variant="secondary" size="sm" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={onWipe}>Apagar do celular</Button>
        </div>
      </Card>
      <Schedule pack={pack} />
      <HeadCounts pack={pack} log={log} record={record} />
      <Doses pack={pack} log={log} record={record} />
      <Incidents pack={pack} record={record} clubId={clubId} eventId={eventId} />
      <LogList log={log} names={names} queue={queue} />
    </div>
  );
}

const newId = () => crypto.randomUUID();
const nowIso = () => new Date().toISOString();

function HeadCounts({ pack, log, record }: { pack: OpenedPack; log: Log; record: ScreenProps['record'] }) {
  const [movementId, setMovementId] = useState(log.movements[log.movements.length - 1]?.id ?? '');
  const [label, setLabel] = useState('');
  const [direction, setDirection] = useState<'saida' | 'chegada'>('saida');
  const movement = log.movements.find((m) => m.id === movementId) ?? null;
  const units = movement ? headCount(pack.roster.participants, movement.marks) : [];
  const marked = new Set(movement?.marks.filter((m) => m.direction === direction).map((m) => m.member_id) ?? []);

  const createMovement = async () => {
    if (!label.trim()) return toast.error('Dê um nome ao deslocamento (ex.: Ônibus — ida).');
    const id = newId();
    await record('movements', { id, label: label.trim(), recorded_at: nowIso() }, `Deslocamento: ${label.trim()}`);
    setMovementId(id);
    setLabel('');
  };
  const mark = async (memberIds: string[]) => {
    if (!movement) return;
    for (const memberId of memberIds) {
      const name = pack.roster.participants.find((p) => p.member_id === memberId)?.full_name ?? '';
      await record('head-marks', { id: newId(), movement_id: movement.id, member_id: memberId, direction, marked_at: nowIso() }, `${HEAD_DIRECTION_LABEL[direction]}: ${name}`);
    }
  };

  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Contagem</h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1"><TextField label="Novo deslocamento" value={label} placeholder="Ônibus — ida" onChange={(e) => setLabel(e.target.value)} /></div>
        <Button variant="secondary" onClick={() => void createMovement()}>Criar</Button>
      </div>
      {log.movements.length ? (
        <div className="grid grid-cols-2 gap-2">
          <SelectField label="Deslocamento" value={movementId} onChange={(e) => setMovementId(e.target.value)}>
            <option value="">Escolha…</option>
            {log.movements.map((m) => <option key={m.id} value={m.id}>{m.label}</option>)}
          </SelectField>
          <SelectField label="Registrar" value={direction} onChange={(e) => setDirection(e.target.value as 'saida' | 'chegada')}>
            <option value="saida">Saída</option>
            <option value="chegada">Chegada</option>
          </SelectField>
        </div>
      ) : <p className="text-sm text-slate-600">Crie o primeiro deslocamento (ônibus, trilha, noite).</p>}
      {movement ? units.map((u) => {
        const members = pack.roster.participants.filter((p) => (p.unit_name ?? 'Sem unidade') === u.unit);
        const pending = members.filter((p) => !marked.has(p.member_id)).map((p) => p.member_id);
        return (
          <section key={u.unit} aria-label={`Unidade ${u.unit}`} className="space-y-2 rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{u.unit}</h3>
              <span className="text-sm text-slate-700">saída {u.out}/{u.expected} · chegada {u.in}/{u.expected}</span>
            </div>
            {u.missing.length ? <p className="flex items-start gap-1 text-sm font-medium text-red-700"><AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> Falta alguém: {u.missing.join(', ')}</p> : <p className="text-sm text-emerald-800">Todos contados.</p>}
            <div className="flex flex-wrap gap-2">
              {members.map((p) => (
                <Button key={p.member_id} size="sm" variant={marked.has(p.member_id) ? 'primary' : 'secondary'} disabled={marked.has(p.member_id)} aria-pressed={marked.has(p.member_id)} onClick={() => void mark([p.member_id])}>{p.full_name}</Button>
              ))}
            </div>
            {pending.length > 1 ? <Button size="sm" onClick={() => void mark(pending)}>{direction === 'saida' ? 'Saída' : 'Chegada'} da unidade toda</Button> : null}
          </section>
        );
      }) : null}
    </Card>
  );
}

function Doses({ pack, log, record }: { pack: OpenedPack; log: Log; record: ScreenProps['record'] }) {
  const [skipping, setSkipping] = useState<{ key: string; reason: string } | null>(null);
  const now = wallClock(new Date(), pack.club_timezone);
  const due = dueDoses(pack.roster.participants, log.doses, pack.camp.event.starts_on, pack.camp.event.ends_on, now);
  const late = due.filter((d) => d.state === 'atrasada');
  const open = due.filter((d) => d.state === 'atrasada' || d.state === 'prevista');
  const give = (d: (typeof due)[number], status: 'dada' | 'pulada', reason: string | null) =>
    record('doses', { id: newId(), member_id: d.member_id, medication_id: d.medication_id, slot: d.slot, medication: d.medication, dose: d.dose, status, reason, given_at: nowIso() },
      `Dose ${status}: ${d.medication} — ${d.full_name}`);
  return (
    <Card className="space-y-3 p-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900"><Pill aria-hidden="true" className="h-5 w-5" /> Medicamentos</h2>
      {late.length ? <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{late.length === 1 ? '1 dose atrasada' : `${late.length} doses atrasadas`}</p> : null}
      {open.length === 0 ? <p className="text-sm text-slate-600">Nenhuma dose prevista agora.</p> : (
        <ul className="space-y-2">
          {open.map((d) => {
            const key = `${d.medication_id}|${d.slot}`;
            return (
              <li key={key} className={`space-y-2 rounded-lg border p-3 ${d.state === 'atrasada' ? 'border-red-300' : 'border-slate-200'}`}>
                <p className="text-sm text-slate-900"><strong>{d.full_name}</strong> — {d.medication} {d.dose} às {d.slot.slice(11)} ({d.slot.slice(8, 10)}/{d.slot.slice(5, 7)}){d.state === 'atrasada' ? <span className="font-semibold text-red-700"> · atrasada</span> : null}</p>
                {skipping?.key === key ? (
                  <div className="space-y-2">
                    <TextField label="Motivo" value={skipping.reason} onChange={(e) => setSkipping({ key, reason: e.target.value })} />
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => { if (!skipping.reason.trim()) return toast.error('Informe o motivo de a dose não ter sido dada.'); void give(d, 'pulada', skipping.reason.trim()); setSkipping(null); }}>Registrar</Button>
                      <Button size="sm" variant="secondary" onClick={() => setSkipping(null)}>Voltar</Button>
                    </div>
                  </div>
                ) : (
                  <div className="flex gap-2">
                    <Button size="sm" onClick={() => void give(d, 'dada', null)}>Dose dada</Button>
                    <Button size="sm" variant="secondary" onClick={() => setSkipping({ key, reason: '' })}>Pulada…</Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function Incidents({ pack, record, clubId, eventId }: { pack: OpenedPack; record: ScreenProps['record']; clubId: string; eventId: string }) {
  const blank = { member_id: '', kind: 'incidente' as TIncidentKind, place: '', description: '', first_aid: '', guardian_called: false, doctor_needed: false, notice_text: '' };
  const [form, setForm] = useState(blank);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoKey, setPhotoKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const pickPhotos = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    if (picked.length > INCIDENT_PHOTO_MAX) return toast.error(CAMP_MSG.tooManyPhotos);
    if (picked.some((f) => f.size > INCIDENT_PHOTO_MAX_BYTES)) return toast.error(CAMP_MSG.photoTooBig);
    if (picked.some((f) => !/^image\/(jpeg|png)$/.test(f.type))) return toast.error(CAMP_MSG.photoType);
    setPhotos(picked);
  };
  const submit = async () => {
    if (!form.place.trim()) return toast.error('Informe onde aconteceu.');
    if (!form.description.trim()) return toast.error('Descreva o que aconteceu.');
    setSaving(true);
    try {
      const name = pack.roster.participants.find((p) => p.member_id === form.member_id)?.full_name;
      const incidentId = newId();
      // The photos are sealed before anything is queued: the incident never goes without the photos the leader chose.
      const sealed = [];
      for (const [n, f] of photos.entries()) {
        const photo = await sealPhoto(clubId, eventId, { id: newId(), incident_id: incidentId, name: /\.(jpe?g|png)$/i.test(f.name) ? f.name : `foto-${n + 1}.${f.type === 'image/png' ? 'png' : 'jpg'}`, bytes: await f.arrayBuffer() });
        if (!photo) return toast.error('Abra a saída de novo (baixar para o celular) para guardar as fotos cifradas.');
        sealed.push(photo);
      }
      await record('incidents', { id: incidentId, ...form, member_id: form.member_id || null, notice_text: form.notice_text.trim() || null, occurred_at: nowIso() },
        `${INCIDENT_KIND_LABEL[form.kind]}${name ? ` — ${name}` : ''}`);
      for (const [n, photo] of sealed.entries()) await record('photos', { ...photo }, `Foto ${n + 1} da ocorrência${name ? ` — ${name}` : ''}`);
      toast.success(sealed.length ? `Ocorrência registrada com ${sealed.length === 1 ? '1 foto' : `${sealed.length} fotos`}.` : 'Ocorrência registrada.');
      setForm(blank);
      setPhotos([]);
      setPhotoKey((k) => k + 1);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Nova ocorrência</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField label="Participante" value={form.member_id} onChange={(e) => setForm({ ...form, member_id: e.target.value })}>
          <option value="">Nenhum em especial</option>
          {pack.roster.participants.map((p) => <option key={p.member_id} value={p.member_id}>{p.full_name}</option>)}
        </SelectField>
        <SelectField label="Tipo" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as TIncidentKind })}>
          {INCIDENT_KINDS.map((k) => <option key={k} value={k}>{INCIDENT_KIND_LABEL[k]}</option>)}
        </SelectField>
      </div>
      <TextField label="Onde" value={form.place} onChange={(e) => setForm({ ...form, place: e.target.value })} />
      <TextAreaField label="O que aconteceu" value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
      <TextAreaField label="Primeiros socorros" value={form.first_aid} onChange={(e) => setForm({ ...form, first_aid: e.target.value })} />
      <CheckboxField label="Responsável avisado por telefone" checked={form.guardian_called} onChange={(e) => setForm({ ...form, guardian_called: e.target.checked })} />
      <CheckboxField label="Precisou de médico" checked={form.doctor_needed} onChange={(e) => setForm({ ...form, doctor_needed: e.target.checked })} />
      <TextAreaField label="Aviso aos responsáveis (opcional)" hint="Vai para os responsáveis do participante no Trilha, com estas palavras." value={form.notice_text} onChange={(e) => setForm({ ...form, notice_text: e.target.value })} />
      <label className="block text-sm font-medium text-slate-800">
        Fotos (JPEG ou PNG, até 10 MB cada, no máximo {INCIDENT_PHOTO_MAX})
        <input key={photoKey} type="file" accept="image/jpeg,image/png" capture="environment" multiple className="mt-1 block w-full text-sm" onChange={(e) => pickPhotos(e.target.files)} />
      </label>
      {photos.length ? <p className="text-sm text-slate-700">{photos.length === 1 ? '1 foto escolhida' : `${photos.length} fotos escolhidas`}: guardadas cifradas no celular e enviadas com a ocorrência.</p> : null}
      <Button loading={saving} onClick={() => void submit()}>Registrar ocorrência</Button>
    </Card>
  );
}

/** The saída's programme, kept on the phone with the pack: today's first. */
function Schedule({ pack }: { pack: OpenedPack }) {
  const items = pack.camp.schedule ?? [];
  if (items.length === 0) return null;
  const today = wallClock(new Date(), pack.club_timezone).slice(0, 10);
  const days = [...new Set(items.map((i) => i.day))];
  return (
    <Card className="space-y-2 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Programação</h2>
      {days.map((day) => (
        <div key={day}>
          <h3 className={`text-sm font-semibold ${day === today ? 'text-emerald-800' : 'text-slate-800'}`}>{day.split('-').reverse().join('/')}{day === today ? ' · hoje' : ''}</h3>
          <ul className="text-sm text-slate-800">
            {items.filter((i) => i.day === day).map((i, n) => <li key={n}>{i.at_time} — {i.title}{i.place ? ` (${i.place})` : ''}</li>)}
          </ul>
        </div>
      ))}
    </Card>
  );
}
