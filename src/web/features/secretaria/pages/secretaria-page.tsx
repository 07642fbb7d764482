import { useSearchParams } from 'react-router';
import { Tabs } from '@web/components/ui/tabs';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { AtasTab } from '../components/atas-tab';
import { AtosTab } from '../components/atos-tab';
import { CarteirinhasTab } from '../components/carteirinhas-tab';
import { OficiosTab } from '../components/oficios-tab';
import { VisitasTab } from '../components/visitas-tab';
import { PastasTab } from '../components/pastas-tab';
import { YearSelect } from '../components/year-select';

const BOOKS = [
  { key: 'atas', label: 'Atas' },
  { key: 'atos', label: 'Atos' },
  { key: 'oficios', label: 'Ofícios' },
  { key: 'visitas', label: 'Visitas' },
  { key: 'carteirinhas', label: 'Carteirinhas' },
  { key: 'pastas', label: 'Pastas' },
] as const;
type Book = (typeof BOOKS)[number]['key'];
const isBook = (v: string | null): v is Book => BOOKS.some((b) => b.key === v);

export function Component() {
  const current = useSelectedClub();
  if (!current.can('secretaria.read')) return <EmptyState message="Sua função no clube não dá acesso à secretaria." hint="A secretaria é dos líderes: secretaria, diretoria e demais funções de liderança." />;
  return <SecretariaScreen key={current.clubId} clubId={current.clubId} manage={current.can('secretaria.manage')} sign={current.can('secretaria.visitors')} />;
}

/** Secretaria: the club's books as tabs (the tab and the year in the address, so a link or Back keeps them). */
function SecretariaScreen({ clubId, manage, sign }: { clubId: string; manage: boolean; sign: boolean }) {
  const [params, setParams] = useSearchParams();
  const livro = params.get('livro');
  const book: Book = isBook(livro) ? livro : 'atas';
  const yearParam = Number(params.get('ano'));
  const year = Number.isInteger(yearParam) && yearParam >= 1900 && yearParam <= 2200 ? yearParam : new Date().getFullYear();
  const set = (next: { livro?: Book; ano?: number }) => {
    const p = new URLSearchParams(params);
    if (next.livro) p.set('livro', next.livro);
    if (next.ano) p.set('ano', String(next.ano));
    setParams(p, { replace: true });
  };
  return (
    <div className="space-y-4">
      <PageHeader
        title="Secretaria"
        description="Livro de atas e votos, livro de atos, ofícios e protocolo, livro de visitas e as pastas dos membros."
        actions={<YearSelect value={year} onChange={(ano) => set({ ano })} />}
      />
      <Tabs label="Livros da secretaria" tabs={BOOKS.filter((b) => manage || b.key !== 'carteirinhas').map((b) => ({ key: b.key, label: b.label }))} value={book} onChange={(k) => set({ livro: k })} look="line">
        {book === 'atas' ? <AtasTab clubId={clubId} year={year} manage={manage} /> : null}
        {book === 'atos' ? <AtosTab clubId={clubId} year={year} manage={manage} /> : null}
        {book === 'oficios' ? <OficiosTab clubId={clubId} year={year} manage={manage} /> : null}
        {book === 'visitas' ? <VisitasTab clubId={clubId} year={year} sign={sign} /> : null}
        {book === 'carteirinhas' && manage ? <CarteirinhasTab clubId={clubId} /> : null}
        {book === 'pastas' ? <PastasTab clubId={clubId} /> : null}
      </Tabs>
    </div>
  );
}
