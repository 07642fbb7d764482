import { useState } from 'react';
import { Link } from 'react-router';
import { Inbox, Mail, Plus, Search } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { CONTROL } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { oficioFileHref, useOficios } from '../api/oficios';
import { ReceiveOficioModal, SendOficioModal } from './oficio-modals';

/** The protocol: ofícios sent and correspondence received, newest first, with a search. */
export function OficiosTab({ clubId, year, manage }: { clubId: string; year: number; manage: boolean }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const oficios = useOficios(clubId, year, search);
  const [modal, setModal] = useState<'send' | 'receive' | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <form role="search" className="flex gap-2" onSubmit={(e) => { e.preventDefault(); setSearch(typed.trim()); }}>
          <label className="sr-only" htmlFor="oficio-search">Buscar no protocolo</label>
          <input id="oficio-search" className={CONTROL} placeholder="Buscar por assunto, destinatário, remetente" maxLength={100} value={typed} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit" variant="secondary" icon={<Search aria-hidden="true" className="h-4 w-4" />}>Buscar</Button>
        </form>
        {manage ? (
          <div className="flex flex-wrap gap-2">
            <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setModal('send')}>Novo ofício</Button>
            <Button variant="secondary" icon={<Inbox aria-hidden="true" className="h-4 w-4" />} onClick={() => setModal('receive')}>Registrar recebido</Button>
          </div>
        ) : null}
      </div>
      {oficios.isPending ? <PageSpinner label="Carregando o protocolo…" /> : oficios.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(oficios.error, 'Erro ao carregar o protocolo.')}</p>
      ) : oficios.data.length === 0 ? (
        <EmptyState icon={<Mail className="h-10 w-10" />} message={search ? `Nada encontrado para “${search}” em ${year}.` : `Nenhum ofício em ${year}.`} />
      ) : (
        <ul aria-label={`Protocolo de ${year}`} className="space-y-2">
          {oficios.data.map((o) => (
            <li key={o.id}>
              <Card className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    {o.direction === 'enviado'
                      ? <Link to={`/dashboard/secretaria/oficios/${o.id}`} className="font-semibold text-slate-900 hover:underline">{o.label}</Link>
                      : <a href={oficioFileHref(clubId, o.id)} target="_blank" rel="noopener noreferrer" className="font-semibold text-slate-900 hover:underline">{o.label}</a>}
                    <Tag tone={o.direction === 'enviado' ? 'blue' : 'violet'}>{o.direction === 'enviado' ? 'Enviado' : 'Recebido'}</Tag>
                  </div>
                  <p className="break-words text-sm text-slate-700">{o.subject}</p>
                  <p className="text-xs text-slate-500">{formatDate(o.dated_on)} · {o.direction === 'enviado' ? 'Para' : 'De'}: {o.counterpart}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {modal === 'send' ? <SendOficioModal clubId={clubId} onClose={() => setModal(null)} /> : null}
      {modal === 'receive' ? <ReceiveOficioModal clubId={clubId} onClose={() => setModal(null)} /> : null}
    </div>
  );
}
