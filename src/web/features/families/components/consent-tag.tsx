import { CONSENT_LABEL } from '@shared/families';
import { Tag } from '../../../components/ui/tag';
import { useConsentStatuses } from '../api/consent-status';

/** 'Consentimento pendente' (or 'retirado') beside a minor's name in the member list, for directors. */
export function ConsentPendingTag({ clubId, memberId }: { clubId: string; memberId: string }) {
  const statuses = useConsentStatuses(clubId);
  const consent = statuses.data?.find((s) => s.member_id === memberId)?.consent;
  if (consent !== 'pending' && consent !== 'withdrawn') return null;
  return <span className="ml-1"><Tag tone="amber">{CONSENT_LABEL[consent]}</Tag></span>;
}
