import { Construction } from 'lucide-react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A screen whose capability is still being built: says so clearly instead of showing a blank page. */
export function PlaceholderPage({ title, message }: { title: string; message?: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <EmptyState icon={<Construction className="h-10 w-10" />} message={message ?? 'Esta área estará disponível em breve.'} />
    </div>
  );
}
