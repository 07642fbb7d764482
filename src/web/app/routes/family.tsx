import { Component as FamilyPage } from '../../features/families/pages/family-page';
import { GuardianProgrammeCard } from '../../features/programme/components/guardian-card';

/** /familia with each child's cartão de classe (the programme) under their other progress. */
export function Component() {
  return <FamilyPage childExtra={(child) => <GuardianProgrammeCard clubId={child.club_id} memberId={child.member_id} />} />;
}
