import { roleLabel } from '@shared/members';
import { Ban, ShieldCheck, ShieldOff, Unlock } from 'lucide-react';
import { USER_TYPE_LABEL, type TAdminUser } from '@shared/admin';
import { Button } from '../../../components/ui/button';
import { Tag } from '../../../components/ui/tag';
import { formatDate, formatDateTime } from '../../../lib/format';

export type UserAction = 'promote' | 'demote' | 'block' | 'unblock';

/** One account in the users list: who, which clubs, status, and the actions on it. */
export function UserRow({ user, isSelf, onAction }: { user: TAdminUser; isSelf: boolean; onAction: (user: TAdminUser, action: UserAction) => void }) {
  const superAdmin = user.user_type === 'super_admin';
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center" aria-labelledby={`user-${user.id}`}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`user-${user.id}`} className="font-semibold text-slate-900">{user.full_name}</h3>
          {superAdmin ? <Tag tone="violet">{USER_TYPE_LABEL.super_admin}</Tag> : null}
          {user.blocked_at ? <Tag tone="red">Bloqueado</Tag> : null}
          {isSelf ? <Tag tone="blue">Você</Tag> : null}
        </div>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        <p className="text-xs text-slate-600">
          Cadastro em {formatDate(user.created_at)} · Último acesso {user.last_seen_at ? formatDateTime(user.last_seen_at) : 'nenhum'}
          {user.blocked_at ? ` · Bloqueado em ${formatDateTime(user.blocked_at)}` : ''}
        </p>
      </div>
      <div className="min-w-0 lg:w-72">
        {user.clubs.length === 0 ? (
          <p className="text-sm text-slate-600">Sem clubes</p>
        ) : (
          <ul aria-label={`Clubes de ${user.full_name}`} className="flex flex-wrap gap-1">
            {user.clubs.map((c) => (
              <li key={c.id}>
                <Tag tone={c.active ? 'green' : 'gray'}>
                  {c.name} · {c.role === 'admin' ? 'Admin' : roleLabel(c.role)}
                  {c.active ? '' : ' (inativo)'}
                </Tag>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        {superAdmin ? (
          <Button size="sm" variant="secondary" icon={<ShieldOff aria-hidden="true" className="h-4 w-4" />} onClick={() => onAction(user, 'demote')}>
            Remover super admin
          </Button>
        ) : (
          <Button size="sm" variant="secondary" icon={<ShieldCheck aria-hidden="true" className="h-4 w-4" />} onClick={() => onAction(user, 'promote')}>
            Tornar super admin
          </Button>
        )}
        {user.blocked_at ? (
          <Button size="sm" variant="secondary" icon={<Unlock aria-hidden="true" className="h-4 w-4" />} onClick={() => onAction(user, 'unblock')}>
            Desbloquear
          </Button>
        ) : (
          <Button size="sm" variant="danger" disabled={isSelf} icon={<Ban aria-hidden="true" className="h-4 w-4" />} onClick={() => onAction(user, 'block')}>
            Bloquear
          </Button>
        )}
      </div>
    </li>
  );
}
