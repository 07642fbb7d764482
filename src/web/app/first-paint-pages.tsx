import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Component as LoginPage } from '../features/auth/pages/login-page';

/**
 * The pages the build renders ahead of time (`vite.config.ts`, `firstPaintPages`), each written as
 * `<name>.html` with the markup beside the app's `#root`; `lib/first-paint.ts` hands it over to the app.
 * Only `/login`: the first screen of every phone that is not signed in, and the same for everyone.
 */
export const FIRST_PAINT_PAGES = [{ path: '/login', file: 'login.html', Page: LoginPage }] as const;

/**
 * One page's markup as the app renders it, except that its submit buttons are disabled: the form takes
 * typing at once, and sends only when the app has taken over. Ids are prefixed so that none repeats one
 * of the app's while both are in the document.
 */
export function renderFirstPaint(path: string): string {
  const page = FIRST_PAINT_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`first-paint-pages: no page rendered ahead of time for ${path}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  const markup = renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <page.Page />
      </MemoryRouter>
    </QueryClientProvider>,
    { identifierPrefix: 'fp-' },
  );
  const submits = markup.match(/<button[^>]*type="submit"[^>]*>/g) ?? [];
  if (submits.length === 0) throw new Error(`first-paint-pages: ${path} has no submit button to hold back`);
  return markup.replace(/<button([^>]*)type="submit"([^>]*)>/g, (tag, before: string, after: string) =>
    /\sdisabled(=|\s|>|$)/.test(tag) ? tag : `<button${before}type="submit" disabled=""${after}>`,
  );
}
