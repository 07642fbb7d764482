import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { OUTBOX_STATUS_LABEL, type TOutboxList } from '@shared/security';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Modal } from '@web/components/ui/modal';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { saveFile } from '@web/lib/download';
import { formatDateTime } from '@web/lib/format';
import { outboxMessageQuery, outboxQuery, useRetryMail } from '@web/features/auth/api/security';
import { pushIssuesQuery } from '@web/features/admin/api/push-deliveries';
import { PUSH_STATUS_LABEL } from '@shared/notifications';
import { plural } from '@shared/plural';

type Row = TOutboxList['messages'][number];
const TONE = { pending: 'amber', sending: 'blue', sent: 'green', failed: 'red' } as const;

/** /superadmin/caixa-de-saida ('Caixa de saída'): every e-mail the platform queued, sent or failed to send. */
export function Component() {
  const list = useQuery({ ...outboxQuery(), refetchInterval: 10_000 });
  const retry = useRetryMail();
  const [open, setOpen] = useState<string | null>(null);
  if (list.isLoading || !list.data) return <PageSpinner />;
  const { delivery, messages } = list.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Caixa de saída"
        description={
          delivery === 'outbox'
            ? 'Sem servidor SMTP configurado (SMTP_URL): cada e-mail é gravado como arquivo .eml em DATA_DIR/outbox.'
            : 'E-mails enviados pelo servidor SMTP configurado. Envios com falha são tentados de novo automaticamente.'
        }
      />
      {messages.length === 0 ? (
        <EmptyState message="Nenhum e-mail ainda" hint="Convites, redefinições de senha e confirmações de e-mail aparecem aqui." />
      ) : (
        <Card className="p-0">
          <ul aria-label="E-mails" className="divide-y divide-slate-200">
            {messages.map((m: Row) => (
              <li key={m.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">{m.subject}</p>
                  <p className="break-all text-slate-700">Para {m.to_address}</p>
                  <p className="text-slate-600">{formatDateTime(m.created_at)}{m.attempts > 1 || m.last_error ? ` · ${plural(m.attempts, 'tentativa', 'tentativas')}` : ''}</p>
                  {m.last_error ? <p className="break-all text-xs text-red-800">{m.last_error}</p> : null}
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <Tag tone={TONE[m.status]}>{OUTBOX_STATUS_LABEL[m.status]}</Tag>
                  <Button variant="ghost" size="sm" onClick={() => setOpen(m.id)} aria-label={`Ver e-mail ${m.subject} para ${m.to_address}`}>Ver</Button>
                  {m.status === 'failed' ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={retry.isPending && retry.variables === m.id}
                      onClick={() => retry.mutateAsync(m.id).then(() => toast.success('E-mail na fila de novo'), (err: unknown) => toast.error(errorMessage(err, 'Erro ao reenviar')))}
                    >
                      Tentar novamente
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <PushIssues />
      {open ? <MessageModal id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** Notifications to phones that failed or wait for a retry: retried with backoff by the server. */
function PushIssues() {
  const issues = useQuery({ ...pushIssuesQuery(), refetchInterval: 30_000 });
  return (
    <section aria-labelledby="push-issues" className="space-y-3">
      <div>
        <h2 id="push-issues" className="text-lg font-semibold text-slate-900">Notificações no celular com falha</h2>
        <p className="text-sm text-slate-600">Envios que falharam ou esperam nova tentativa (o servidor tenta de novo com intervalos crescentes; aparelhos que o serviço diz não existir mais são removidos).</p>
      </div>
      {issues.isLoading ? <PageSpinner /> : null}
      {issues.isError ? <p role="alert" className="text-red-700">{errorMessage(issues.error, 'Não foi possível carregar as notificações com falha.')}</p> : null}
      {issues.data?.length === 0 ? <EmptyState message="Nenhuma falha de envio" hint="Quando um serviço de push recusar uma notificação, ela aparece aqui." /> : null}
      {issues.data && issues.data.length > 0 ? (
        <Card className="p-0">
          <ul aria-label="Notificações com falha" className="divide-y divide-slate-200">
            {issues.data.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">{d.recipient_name}{d.club_name ? ` · ${d.club_name}` : ''}</p>
                  <p className="break-all text-slate-700">{d.service_host} · {formatDateTime(d.created_at)} · {d.attempts === 1 ? '1 tentativa' : `${d.attempts} tentativas`}</p>
                  {d.last_error ? <p className="break-all text-xs text-red-800">{d.last_error}</p> : null}
                  {d.status === 'pending' ? <p className="text-xs text-slate-600">Próxima tentativa: {formatDateTime(d.next_attempt_at)}</p> : null}
                </div>
                <Tag tone={d.status === 'failed' ? 'red' : 'amber'}>{PUSH_STATUS_LABEL[d.status]}</Tag>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}

function MessageModal({ id, onClose }: { id: string; onClose: () => void }) {
  const msg = useQuery(outboxMessageQuery(id));
  const download = () => {
    if (!msg.data?.eml) return;
    saveFile(new Blob([msg.data.eml], { type: 'message/rfc822' }), msg.data.message_file ?? 'mensagem.eml');
  };
  return (
    <Modal
      open
      size="lg"
      title={msg.data?.subject ?? 'E-mail'}
      onClose={onClose}
      footer={
        <>
          {msg.data?.eml ? <Button variant="secondary" onClick={download}>Baixar .eml</Button> : null}
          <Button onClick={onClose}>Fechar</Button>
        </>
      }
    >
      {msg.isLoading || !msg.data ? (
        <PageSpinner />
      ) : (
        <div className="space-y-3 text-sm">
          <p><strong>Para:</strong> <span className="break-all">{msg.data.to_address}</span></p>
          {msg.data.message_file ? <p><strong>Arquivo:</strong> <span className="break-all font-mono">{msg.data.message_file}</span></p> : null}
          <pre data-testid="outbox-text" tabIndex={0} aria-label="Texto do e-mail" className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-3 text-slate-900">{msg.data.text_body}</pre>
        </div>
      )}
    </Modal>
  );
}
