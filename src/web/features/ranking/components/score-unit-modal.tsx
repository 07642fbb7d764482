import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { PROGRESS_MSG, ZPointAdjustment } from '@shared/progress';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { IntegerInput } from '../../../components/ui/integer-input';
import { errorMessage } from '@web/lib/api';
import { useScoreUnit, useUnitOptions } from '../api/score-unit';

/** Weekly-meeting points for a whole unit (uniform, punctuality, Bible…), with a reason. */
export function ScoreUnitModal({ clubId, open, onClose }: { clubId: string; open: boolean; onClose: () => void }) {
  const units = useUnitOptions(clubId, open);
  const score = useScoreUnit(clubId);
  const [unitId, setUnitId] = useState('');
  const [points, setPoints] = useState('10');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ unit?: string; points?: string; reason?: string }>({});

  function close() {
    setUnitId('');
    setPoints('10');
    setReason('');
    setErrors({});
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZPointAdjustment.safeParse({ unit_id: unitId || null, points, reason });
    if (!unitId) return setErrors({ unit: 'Escolha a unidade.' });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setErrors(issue.path[0] === 'reason' ? { reason: issue.message } : { points: issue.message });
    }
    setErrors({});
    try {
      await score.mutateAsync(parsed.data);
      toast.success(PROGRESS_MSG.adjusted);
      close();
    } catch (err) {
      toast.error(errorMessage(err, PROGRESS_MSG.adjustError));
    }
  }

  return (
    <Modal open={open} title="Pontuar unidade" onClose={close}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SelectField label="Unidade" value={unitId} onChange={(e) => setUnitId(e.target.value)} error={errors.unit}>
          <option value="">Selecione…</option>
          {(units.data ?? []).map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
        </SelectField>
        <IntegerInput label="Pontos (negativo para penalidade)" allowNegative value={points} onChange={(e) => setPoints(e.target.value)} error={errors.points} />
        <TextAreaField label="Motivo" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={500} placeholder="Ex.: uniforme completo, pontualidade, Bíblia" />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={score.isPending}>Cancelar</Button>
          <Button type="submit" loading={score.isPending}>Pontuar</Button>
        </div>
      </form>
    </Modal>
  );
}
