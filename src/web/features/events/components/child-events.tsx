import type { z } from 'zod';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { CheckCircle2, FileSignature, Tent } from 'lucide-react';
import { EVENT_MSG, ZSignAuthorisation, type TAuthorisationText, type TFamilyEvent } from '@shared/events';
import { Form, useZodForm } from '@web/components/form';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { formatDate } from '@web/lib/format';
import { useCampCompanions, useFamilyEvents, useFamilyRegister, useFamilyUnregister, useRevokeAuthorisation, useSignAuthorisation } from '../api/events';
import { eventCost, EventFacts, EventTags } from './event-summary';

type Ask = { kind: 'register' | 'unregister' | 'revoke' | 'sign'; event: TFamilyEvent };

/**
 * /familia: the events a child is invited to. The guardian registers them (the event's charges are
 * written at once and show, with their PIX, in the child's charges: `chargesHref`), signs the
 * authorisation with their typed name, and may revoke it until the event starts.
 */
export function ChildEvents({ memberId, childName, chargesHref }: { memberId: string; childName: string; chargesHref?: string }) {
  const events = useFamilyEvents(memberId);
  const register = useFamilyRegister(memberId);
  const unregister = useFamilyUnregister(memberId);
  const revoke = useRevokeAuthorisation(memberId);
  const [ask, setAsk] = useState<Ask | null>(null);
  if (events.isPending) return null;
  if (events.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(events.error, 'Erro ao carregar os eventos.')}</p>;
  if (events.data.events.length === 0) return null;

  const run = async (fn: () => Promise<string>, fallback: string) => {
    try {
      toast.success(await fn());
      setAsk(null);
    } catch (err) {
      toast.error(errorMessage(err, fallback));
      setAsk(null);
    }
  };
  const confirm = ask && ask.kind !== 'sign' ? ask : null;
  return (
    <Card className="space-y-3 p-4">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900"><Tent aria-hidden="true" className="h-5 w-5 text-emerald-700" /> Eventos</h3>
      <ul aria-label={`Eventos de ${childName}`} className="space-y-3">
        {events.data.events.map((e) => (
          <li key={e.id} className="space-y-2 rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h4 className="min-w-0 break-words font-semibold text-slate-900">{e.title}</h4>
              {e.registered ? <Tag tone="green">Inscrito</Tag> : null}
            </div>
            <EventTags event={e} />
            <EventFacts event={e} />
            {e.description ? <p className="whitespace-pre-wrap text-sm text-slate-700">{e.description}</p> : null}
            {e.registered ? (
              <div className="space-y-2 text-sm">
                {e.cost !== '0.00' ? (
                  <p className="text-slate-700">
                    A inscrição gerou {e.instalments === 1 ? 'a cobrança' : `${e.instalments} cobranças`} do evento ({eventCost(e)}).{' '}
                    {chargesHref ? <a href={chargesHref} className="font-medium text-emerald-800 underline">Pague pelo PIX em Cobranças</a> : null}
                  </p>
                ) : null}
                {e.authorisation ? (
                  <p className="flex items-start gap-1.5 text-emerald-800">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span>Autorização assinada por {e.authorisation.signed_name} em {formatDate(e.authorisation.signed_at)} (versão {e.authorisation.version}).</span>
                  </p>
                ) : <p className="text-amber-900">Falta assinar a autorização.</p>}
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {!e.registered && e.can_register ? <Button size="sm" onClick={() => setAsk({ kind: 'register', event: e })}>Inscrever {childName.split(' ')[0]}</Button> : null}
              {!e.registered && !e.can_register ? <p className="text-sm text-slate-600">{e.places_left === 0 ? EVENT_MSG.full : 'Inscrições encerradas.'}</p> : null}
              {e.registered && !e.authorisation && (e.status === 'inscricoes_abertas' || e.status === 'inscricoes_encerradas') ? (
                <Button size="sm" icon={<FileSignature aria-hidden="true" className="h-4 w-4" />} onClick={() => setAsk({ kind: 'sign', event: e })}>Assinar autorização</Button>
              ) : null}
              {e.registered && e.authorisation && e.can_revoke ? <Button size="sm" variant="secondary" onClick={() => setAsk({ kind: 'revoke', event: e })}>Revogar autorização</Button> : null}
              {e.registered && e.status === 'inscricoes_abertas' ? <Button size="sm" variant="ghost" onClick={() => setAsk({ kind: 'unregister', event: e })}>Cancelar inscrição</Button> : null}
            </div>
          </li>
        ))}
      </ul>
      {ask?.kind === 'sign' ? <SignModal memberId={memberId} childName={childName} event={ask.event} text={events.data.authorisation_text} onClose={() => setAsk(null)} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        danger={confirm?.kind !== 'register'}
        title={confirm?.kind === 'register' ? 'Inscrever no evento' : confirm?.kind === 'revoke' ? 'Revogar autorização' : 'Cancelar inscrição'}
        confirmLabel={confirm?.kind === 'register' ? 'Inscrever' : confirm?.kind === 'revoke' ? 'Revogar' : 'Cancelar inscrição'}
        cancelLabel="Voltar"
        loading={register.isPending || unregister.isPending || revoke.isPending}
        message={confirm?.kind === 'register' ? (
          <>Inscrever {childName} em <strong>{confirm.event.title}</strong>? {confirm.event.cost !== '0.00' ? `Serão geradas as cobranças de ${eventCost(confirm.event)}, com PIX.` : 'O evento é gratuito.'}</>
        ) : confirm?.kind === 'revoke' ? (
          <>Revogar a autorização de {childName} para <strong>{confirm.event.title}</strong>? Sem ela, {childName.split(' ')[0]} não está pronto para o evento.</>
        ) : (
          <>Cancelar a inscrição de {childName} em <strong>{confirm?.event.title}</strong>? As cobranças ainda sem pagamento serão canceladas.</>
        )}
        onCancel={() => setAsk(null)}
        onConfirm={() => {
          if (!confirm) return;
          const id = confirm.event.id;
          if (confirm.kind === 'register') {
            void run(async () => {
              const out = await register.mutateAsync(id);
              const n = out.charge_ids.length;
              return n === 0 ? EVENT_MSG.registered : `${EVENT_MSG.registered} ${n === 1 ? '1 cobrança criada' : `${n} cobranças criadas`}: pague pelo PIX em Cobranças.`;
            }, 'Erro ao inscrever.');
          } else if (confirm.kind === 'revoke') {
            void run(async () => { await revoke.mutateAsync(id); return EVENT_MSG.revoked; }, 'Erro ao revogar a autorização.');
          } else {
            void run(async () => { await unregister.mutateAsync(id); return EVENT_MSG.registrationCancelled; }, 'Erro ao cancelar a inscrição.');
          }
        }}
      />
    </Card>
  );
}

type SignValues = { signed_name: string; text_version: number; confirm: boolean; accompanying_adults: string[] };
type SignOut = { signed_name: string; text_version: number; confirm: true; accompanying_adults: string[] };

/** The authorisation text of the club (its version), the guardian's typed name and 'Li e concordo'. */
function SignModal({ memberId, childName, event, text, onClose }: { memberId: string; childName: string; event: TFamilyEvent; text: TAuthorisationText; onClose: () => void }) {
  const sign = useSignAuthorisation(memberId);
  const companions = useCampCompanions(memberId, event.id);
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const schema = ZSignAuthorisation as unknown as z.ZodType<SignOut, SignValues>;
  const form = useZodForm(schema, { defaultValues: { signed_name: '', text_version: text.version, confirm: false, accompanying_adults: [] } });
  const onSubmit = async (values: SignOut) => {
    const adults = [...picked, ...typed.split('\n').map((n) => n.trim()).filter(Boolean)];
    await sign.mutateAsync({ eventId: event.id, input: { ...values, accompanying_adults: adults } });
    toast.success(EVENT_MSG.signed);
    onClose();
  };
  return (
    <Modal
      open
      size="lg"
      title="Assinar autorização"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sign.isPending}>Voltar</Button>
          <Button type="submit" form="sign-authorisation-form" loading={sign.isPending}>Assinar</Button>
        </>
      }
    >
      <Form id="sign-authorisation-form" form={form} onSubmit={onSubmit} fallback="Não foi possível assinar: tente novamente em instantes.">
        <p className="text-sm text-slate-700">
          Autorização para <strong>{childName}</strong> participar de <strong>{event.title}</strong> ({isoToBrDate(event.starts_on)}).
        </p>
        <div className="space-y-1">
          <p className="text-xs text-slate-600">Texto da autorização · versão {text.version}</p>
          <div tabIndex={0} role="region" aria-label="Texto da autorização" className="max-h-60 overflow-y-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">{text.body}</div>
        </div>
        {companions.data?.is_camp ? (
          <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-900">Adultos que acompanham {childName.split(' ')[0]}{companions.data.required ? ' (obrigatório)' : ''}</legend>
            <p className="text-xs text-slate-600">
              {companions.data.required ? 'Menores de 16 anos só viajam com autorização que indique quem os acompanha (ECA, art. 83). ' : ''}
              Escolha os líderes da saída ou escreva outros nomes, um por linha.
            </p>
            {companions.data.leaders.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="h-4 w-4 rounded border-slate-400" checked={picked.includes(name)}
                  onChange={(e) => setPicked((p) => (e.target.checked ? [...p, name] : p.filter((n) => n !== name)))} />
                {name}
              </label>
            ))}
            <label className="block text-sm text-slate-800">
              Outros adultos (um por linha)
              <textarea rows={2} maxLength={1300} value={typed} onChange={(e) => setTyped(e.target.value)}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
            </label>
          </fieldset>
        ) : null}
        <TextField label="Seu nome completo" autoComplete="name" required maxLength={200} error={form.formState.errors.signed_name?.message} {...form.register('signed_name')} />
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-400" {...form.register('confirm')} />
            Li e concordo com a autorização acima.
          </label>
          {form.formState.errors.confirm?.message ? <p role="alert" className="text-sm text-red-700">{form.formState.errors.confirm.message}</p> : null}
        </div>
        {form.formState.errors.text_version?.message ? <p role="alert" className="text-sm text-red-700">{form.formState.errors.text_version.message}</p> : null}
      </Form>
    </Modal>
  );
}
