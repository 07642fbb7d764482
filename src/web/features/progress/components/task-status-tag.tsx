import { ASSIGNMENT_STATUS_LABEL, type TAssignmentStatus } from '@shared/progress';
import { Tag } from '../../../components/ui/tag';

const TONE = { pending: 'blue', submitted: 'amber', approved: 'green', rejected: 'red', completed: 'green' } as const;

export function TaskStatusTag({ status }: { status: TAssignmentStatus | null }) {
  if (!status) return <Tag tone="gray">Não iniciada</Tag>;
  return <Tag tone={TONE[status]}>{ASSIGNMENT_STATUS_LABEL[status]}</Tag>;
}
