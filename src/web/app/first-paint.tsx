import { PageSpinner } from '../components/ui/spinner';

/**
 * What every page shows before its code has run: the router's fallback while the first screen's
 * module loads. The build writes it, rendered, into the HTML pages (vite.config.ts, firstPaint), so a
 * phone paints it as soon as the stylesheet arrives instead of after downloading and running the
 * entry; React's first render draws the same thing in its place.
 */
export function FirstPaint() {
  return <PageSpinner label="Carregando…" />;
}
