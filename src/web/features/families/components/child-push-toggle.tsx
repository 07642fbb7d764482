import { toast } from 'react-hot-toast';
import type { TFamilyChild } from '@shared/families';
import { CheckboxField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { useSetChildPush } from '../api/family';

/**
 * A minor gets nothing on their own phone unless a guardian allows it (issue 36): the in-app bell
 * shows everything all the same. One checkbox per child, saved at once.
 */
export function ChildPushToggle({ child }: { child: TFamilyChild }) {
  const save = useSetChildPush();
  const onChange = async (allowed: boolean) => {
    try {
      await save.mutateAsync({ memberId: child.member_id, allowed });
      toast.success(allowed ? `Notificações no celular de ${child.full_name} permitidas.` : `Notificações no celular de ${child.full_name} desligadas.`);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível salvar a permissão.'));
    }
  };
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <CheckboxField
        label={`Permitir que o Trilha envie notificações ao celular de ${child.full_name}`}
        checked={child.child_push_allowed}
        disabled={save.isPending}
        onChange={(e) => void onChange(e.target.checked)}
      />
      <p className="mt-1 text-xs text-slate-600">Sem a sua permissão, os avisos aparecem só dentro do app. Você pode mudar quando quiser.</p>
    </div>
  );
}
