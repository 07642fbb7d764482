import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ComponentType } from 'react';
import { FIRST_PAINT_FILES } from '@shared/first-paint-pages';
import { Component as LoginPage } from '../features/auth/pages/login-page';

/**
 * The pages the build renders ahead of time (`vite.config.ts`, `firstPaintPages`), each written as
 * `<name>.html` with the markup beside the app's `#root`; `lib/first-paint.ts` hands it over to the app.
 * Only `/login`: the first screen of every phone that is not signed in, and the same for everyone.
 */
const PAGES: { [P in keyof typeof FIRST_PAINT_FILES]: ComponentType } = { '/login': LoginPage };
export const FIRST_PAINT_PAGES = Object.entries(FIRST_PAINT_FILES).map(([path, file]) => ({ path, file, Page: PAGES[path as keyof typeof PAGES] }));

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
  let submits = 0;
  const held = markup.replace(/<button([^>]*)type="submit"([^>]*)>/g, (tag, before: string, after: string) => {
    submits += 1;
    return /\sdisabled(=|\s|>|$)/.test(tag) ? tag : `<button${before}type="submit" disabled=""${after}>`;
  });
  if (submits === 0) throw new Error(`first-paint-pages: ${path} has no submit button to hold back`);
  return held;
}
