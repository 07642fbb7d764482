import { ExternalLink, ListChecks, Pencil, Power, Trash2, Users } from 'lucide-react';
import type { TAdminClub } from '@shared/admin';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ActiveTag } from '../../../components/ui/tag';
import { plural } from '@shared/plural';

export interface ClubCardActions {
  onEdit: (club: TAdminClub) => void;
  onToggleActive: (club: TAdminClub) => void;
  onDelete: (club: TAdminClub) => void;
  onOpen: (club: TAdminClub) => void;
  busy: boolean;
}

/** One club in the super admin grid: data, counts and every action on it. */
export function AdminClubCard({ club, actions }: { club: TAdminClub; actions: ClubCardActions }) {
  return (
    <Card className="flex flex-col gap-3" aria-labelledby={`club-${club.id}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`club-${club.id}`} className="truncate text-lg font-semibold text-slate-900">{club.name}</h3>
          <p className="truncate text-sm text-slate-600">/{club.slug}</p>
        </div>
        <ActiveTag active={club.active} />
      </div>
      <p className="line-clamp-2 text-sm text-slate-700">{club.description || 'Sem descrição'}</p>
      <div className="flex gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1"><Users aria-hidden="true" className="h-4 w-4" /> {plural(club.member_count, 'membro', 'membros')}</span>
        <span className="inline-flex items-center gap-1"><ListChecks aria-hidden="true" className="h-4 w-4" /> {plural(club.task_count, 'tarefa', 'tarefas')}</span>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-100 pt-3">
        <Button size="sm" variant="secondary" icon={<ExternalLink aria-hidden="true" className="h-4 w-4" />} onClick={() => actions.onOpen(club)} disabled={actions.busy}>
          Abrir como admin
        </Button>
        <div className="ml-auto flex">
          <IconButton label={`Editar ${club.name}`} icon={<Pencil className="h-4 w-4" />} onClick={() => actions.onEdit(club)} />
          <IconButton
            label={`${club.active ? 'Desativar' : 'Ativar'} ${club.name}`}
            icon={<Power className="h-4 w-4" />}
            onClick={() => actions.onToggleActive(club)}
            disabled={actions.busy}
          />
          <IconButton label={`Excluir ${club.name}`} icon={<Trash2 className="h-4 w-4 text-red-700" />} onClick={() => actions.onDelete(club)} />
        </div>
      </div>
    </Card>
  );
}
