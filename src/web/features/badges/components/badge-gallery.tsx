import { Award } from 'lucide-react';
import { describeCriteria, isProgrammeCriteria, RARITY_CLASS, RARITY_LABEL } from '@shared/badges';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { Tag } from '../../../components/ui/tag';
import { useAvailableBadges } from '../api/list-available-badges';
import { catalogueNames, useProgrammeCatalogue } from '../api/programme-catalogue';

/** 'O que posso conquistar': every active badge of the club and the platform, how it is earned and its XP (read only). */
export function BadgeGallery({ clubId }: { clubId: string }) {
  const badges = useAvailableBadges(clubId);
  const list = badges.data ?? [];
  // Names of classes and areas, fetched only when a badge of the programme is on the list.
  const catalogue = useProgrammeCatalogue(list.some((b) => b.auto_criteria && isProgrammeCriteria(b.auto_criteria.type)));
  const nameOf = catalogueNames(catalogue.data);
  return (
    <div>
      <PageHeader title="Badges" description="O que você pode conquistar no clube: como ganhar cada badge e quanto XP ele vale." />
      {badges.isLoading ? <PageSpinner /> : null}
      {badges.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os badges.</p> : null}
      {badges.isSuccess && list.length === 0 ? <EmptyState icon={<Award className="h-10 w-10" />} message="Ainda não há badges para conquistar." /> : null}
      <ul aria-label="Badges para conquistar" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((b) => (
          <li key={b.id}>
            <Card className="flex h-full items-start gap-3">
              <div className={`shrink-0 rounded-full border-2 p-2 ${RARITY_CLASS[b.rarity]}`}>
                <SvgIcon svg={b.icon_svg} label={`Ícone do badge ${b.name}`} className="h-10 w-10" />
              </div>
              <div className="min-w-0 flex-1">
                <h2 className="break-words font-semibold text-slate-900">{b.name}</h2>
                <p className="break-words text-sm text-slate-600">{b.description}</p>
                <p className="mt-1 text-sm text-slate-700">
                  {b.auto_criteria ? `Como ganhar: ${describeCriteria(b.auto_criteria, nameOf)}` : 'Concedido pela diretoria'}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${RARITY_CLASS[b.rarity]}`}>{RARITY_LABEL[b.rarity]}</span>
                  <Tag tone="amber">{b.points} XP</Tag>
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
