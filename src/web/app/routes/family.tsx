import { Component as FamilyPage } from '../../features/families/pages/family-page';
import { GuardianProgrammeCard } from '../../features/programme/components/guardian-card';
import { ChildCharges } from '../../features/charges/components/child-charges';
import { ChildEvents } from '../../features/events/components/child-events';
import { Link } from 'react-router';

/**
 * /familia with each child's events (register, sign the authorisation), open charges (with PIX: the
 * ones an event registration wrote among them) and cartão de classe under their other progress.
 */
export function Component() {
  return <FamilyPage childExtra={(child) => (
    <>
      <ChildEvents memberId={child.member_id} childName={child.full_name} chargesHref={`#cobrancas-${child.member_id}`} />
      <div id={`cobrancas-${child.member_id}`} className="scroll-mt-4">
        <ChildCharges memberId={child.member_id} />
      </div>
      <GuardianProgrammeCard clubId={child.club_id} memberId={child.member_id} />
      <p className="text-sm">
        <Link to={`/familia/pasta/${child.member_id}`} className="font-medium text-emerald-800 underline">Pasta na secretaria do clube</Link>: dados, classes, eventos, atos e documentos de {child.full_name}.
      </p>
    </>
  )} />;
}
