import { Link } from 'react-router';
import { KeyRound, Pencil, Trash2, Undo2 } from 'lucide-react';
import { roleLabel, type TMember } from '@shared/members';
import { pluralWord } from '@shared/plural';
import { IconButton } from '../../../components/ui/button';
import { ActiveTag, Tag } from '../../../components/ui/tag';

export interface MemberActions {
  onClaimLink: (m: TMember) => void;
  onUndoClaim: (m: TMember) => void;
  onEdit: (m: TMember) => void;
  onDelete: (m: TMember) => void;
  claimPending: boolean;
}

const THUMB = 'h-11 w-11 border border-slate-200';

/**
 * The members list on a phone (below 640 px): one card per member with name, function, unit,
 * status, points and the actions, all inside the screen and big enough for a thumb.
 */
export function MemberCards({ members, points, isAdmin, canOpenProfiles, actions }: {
  members: TMember[];
  /** Ranking totals by profile (null while loading); an active member missing from it has 0 points. */
  points: Map<string, number> | null;
  isAdmin: boolean;
  canOpenProfiles: boolean;
  actions: MemberActions;
}) {
  return (
    <ul aria-label="Membros do clube" className="space-y-3 sm:hidden">
      {members.map((m) => {
        const total = points && m.active ? (points.get(m.profile_id) ?? 0) : undefined;
        return (
          <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="break-words font-semibold text-slate-900">
                  {canOpenProfiles ? (
                    <Link to={`/dashboard/membros/${m.profile_id}`} className="text-emerald-800 underline-offset-2 hover:underline">{m.full_name}</Link>
                  ) : m.full_name}
                </p>
                {m.has_account ? null : <span className="mt-1 inline-block"><Tag tone="amber">Sem conta</Tag></span>}
              </div>
              {total === undefined ? null : (
                <p className="shrink-0 text-right">
                  <span className="block text-xl font-bold leading-tight text-slate-900">{total}</span>
                  <span className="text-xs text-slate-600">{pluralWord(total, 'ponto', 'pontos')}</span>
                </p>
              )}
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Função</dt>
              <dd className="min-w-0 break-words text-slate-900">{m.role === 'admin' ? <Tag tone="violet">{roleLabel(m.role)}</Tag> : roleLabel(m.role)}</dd>
              <dt className="text-slate-600">Unidade</dt>
              <dd className="min-w-0 break-words text-slate-900">{m.unit_name ?? '-'}</dd>
              <dt className="text-slate-600">Status</dt>
              <dd><ActiveTag active={m.active} /></dd>
              {isAdmin && m.email ? (
                <>
                  <dt className="text-slate-600">E-mail</dt>
                  <dd className="min-w-0 break-all text-slate-900">{m.email}</dd>
                </>
              ) : null}
            </dl>
            {isAdmin ? (
              <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
                {m.has_account ? null : (
                  <IconButton className={THUMB} label={`Gerar link de acesso para ${m.full_name}`} icon={<KeyRound aria-hidden="true" className="h-5 w-5" />} onClick={() => actions.onClaimLink(m)} disabled={actions.claimPending} />
                )}
                {m.claimed_here ? (
                  <IconButton className={THUMB} label={`Desfazer acesso de ${m.full_name}`} icon={<Undo2 aria-hidden="true" className="h-5 w-5" />} onClick={() => actions.onUndoClaim(m)} />
                ) : null}
                <IconButton className={THUMB} label={`Editar ${m.full_name}`} icon={<Pencil aria-hidden="true" className="h-5 w-5" />} onClick={() => actions.onEdit(m)} />
                <IconButton className={`${THUMB} hover:text-red-700`} label={`Excluir ${m.full_name}`} icon={<Trash2 aria-hidden="true" className="h-5 w-5" />} onClick={() => actions.onDelete(m)} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
