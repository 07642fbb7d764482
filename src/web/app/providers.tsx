import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ToastBar, toast, useToaster, type Toast } from 'react-hot-toast';
import { createQueryClient } from './query-client';
import { warmUp } from './warm-up';
import { router } from './router';
import { meQueryOptions } from '@web/lib/session/me';
import { useTopDialog } from '../components/ui/top-layer';
import { endEachPauseOnce } from './toast-pause';

/** Spec 4: the session is recovered when the tab becomes visible again. */
function useRecoverSessionOnVisible(qc: QueryClient) {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void qc.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [qc]);
}

export function AppProviders() {
  const [queryClient] = useState(() => {
    const qc = createQueryClient();
    warmUp(qc, window.location.pathname);
    return qc;
  });
  useRecoverSessionOnVisible(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>
  );
}

/** At most this many toasts at once on screen: more covered a phone's buttons (issue 31). */
const MAX_TOASTS = 2;

const TOAST_OPTIONS = { duration: 4000 };

/** How often a hover's pause checks that the pointer is still over a toast. */
const HOVER_CHECK_MS = 500;

/**
 * Spec 8/9: top right, 4 s, a click dismisses, the newest two shown. Rendered inside an open modal so it
 * stays above it. One `useToaster` drives both the timers and the markup: react-hot-toast's own
 * `<Toaster>` is remounted whenever the toasts move into or out of a modal, and its unmount drops the
 * store subscription of any other `useToaster` beside it.
 */
function Toasts() {
  const topDialog = useTopDialog();
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  // A pointer over a toast pauses every toast until it leaves. A toast that moves or goes away under the
  // pointer (into or out of a modal) never gets its "leave": the pause lasts only while the browser still
  // sees the pointer over a toast.
  const latestEndPause = useRef(handlers.endPause);
  latestEndPause.current = handlers.endPause;
  const [endPause] = useState(() => endEachPauseOnce(() => latestEndPause.current));
  const anyVisible = toasts.some((t) => t.visible);
  useEffect(() => {
    if (!anyVisible) return;
    const check = setInterval(() => {
      if (!document.querySelector('[data-toaster] :hover')) endPause();
    }, HOVER_CHECK_MS);
    return () => clearInterval(check);
  }, [anyVisible, endPause]);
  useEffect(() => {
    // The store lists the newest first: older ones beyond the limit leave.
    for (const t of toasts.filter((t) => t.visible).slice(MAX_TOASTS)) toast.dismiss(t.id);
  }, [toasts]);
  const toaster = (
    <div data-toaster="" className="pointer-events-none fixed inset-4 z-[9999]" onMouseEnter={handlers.startPause} onMouseLeave={endPause}>
      {toasts.map((t) => (
        <ToastSlot key={t.id} toast={t} offset={handlers.calculateOffset(t)} onHeight={handlers.updateHeight} />
      ))}
    </div>
  );
  return topDialog ? createPortal(toaster, topDialog) : toaster;
}

/** One toast, stacked under the newer ones; its height feeds the stacking. A leaving toast takes no clicks. */
function ToastSlot({ toast: t, offset, onHeight }: { toast: Toast; offset: number; onHeight: (id: string, height: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => onHeight(t.id, el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [t.id, onHeight]);
  return (
    <div
      ref={ref}
      className="absolute inset-x-0 top-0 flex justify-end transition-transform duration-[230ms] ease-[cubic-bezier(.21,1.02,.73,1)] motion-reduce:transition-none"
      style={{ transform: `translateY(${offset}px)` }}
    >
      <button
        type="button"
        onClick={() => toast.dismiss(t.id)}
        className={`cursor-pointer text-left ${t.visible ? 'pointer-events-auto' : 'pointer-events-none'}`}
        title="Clique para fechar"
      >
        <ToastBar toast={t} position="top-right" style={t.visible ? undefined : { pointerEvents: 'none' }} />
      </button>
    </div>
  );
}
