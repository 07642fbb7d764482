import { Component as FamilyPage } from '../../features/families/pages/family-page';
import { GuardianProgrammeCard } from '../../features/programme/components/guardian-card';
import { ChildCharges } from '../../features/charges/components/child-charges';

/** /familia with each child's cartão de classe (the programme) and open charges (with PIX) under their other progress. */
export function Component() {
  return <FamilyPage childExtra={(child) => (
    <>
      <ChildCharges memberId={child.member_id} />
      <GuardianProgrammeCard clubId={child.club_id} memberId={child.member_id} />
    </>
  )} />;
}
