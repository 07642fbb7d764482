import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function Component() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <PlaceholderPage title="Convite" />
    </main>
  );
}
