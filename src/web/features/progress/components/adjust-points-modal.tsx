import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { PROGRESS_MSG, ZPointAdjustment } from '@shared/progress';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { IntegerInput } from '../../../components/ui/integer-input';
import { parseWholeNumber } from '@shared/whole-number';
import { errorMessage } from '@web/lib/api';
import { useAdjustPoints } from '../api/adjust-points';

/** 'Pontuar': a bonus or a penalty for one member, always with a reason. */
export function AdjustPointsModal({ clubId, member, open, onClose }: { clubId: string; member: { id: string; name: string }; open: boolean; onClose: () => void }) {
  const adjust = useAdjustPoints(clubId);
  const [kind, setKind] = useState<'bonus' | 'penalty'>('bonus');
  const [points, setPoints] = useState('10');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ points?: string; reason?: string }>({});

  function close() {
    setKind('bonus');
    setPoints('10');
    setReason('');
    setErrors({});
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The sign comes from Bônus/Penalidade; the field takes a whole number of at least 1.
    const magnitude = parseWholeNumber(points);
    if (magnitude === null || magnitude < 1) {
      setErrors({ points: PROGRESS_MSG.pointsRequired });
      return;
    }
    const body = { profile_id: member.id, points: kind === 'penalty' ? -magnitude : magnitude, reason };
    const parsed = ZPointAdjustment.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors(issue.path[0] === 'reason' ? { reason: issue.message } : { points: issue.message });
      return;
    }
    setErrors({});
    try {
      await adjust.mutateAsync(body);
      toast.success(PROGRESS_MSG.adjusted);
      close();
    } catch (err) {
      toast.error(errorMessage(err, PROGRESS_MSG.adjustError));
    }
  }

  return (
    <Modal open={open} title={`Pontuar ${member.name}`} onClose={close}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Tipo</legend>
          <div className="flex gap-4">
            {(['bonus', 'penalty'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} className="h-4 w-4" />
                {k === 'bonus' ? 'Bônus (+)' : 'Penalidade (−)'}
              </label>
            ))}
          </div>
        </fieldset>
        <IntegerInput label="Pontos" value={points} onChange={(e) => setPoints(e.target.value)} error={errors.points} />
        <TextAreaField label="Motivo" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={500} placeholder="Ex.: uniforme completo, pontualidade, Bíblia" />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={adjust.isPending}>Cancelar</Button>
          <Button type="submit" loading={adjust.isPending}>Pontuar</Button>
        </div>
      </form>
    </Modal>
  );
}
