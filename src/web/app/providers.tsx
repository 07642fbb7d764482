import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster, ToastBar, toast, useToaster } from 'react-hot-toast';
import { createQueryClient } from './query-client';
import { warmUp } from './warm-up';
import { router } from './router';
import { meQueryOptions } from '@web/lib/session/me';
import { useTopDialog } from '../components/ui/top-layer';

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

/** Spec 8/9: top right, 4 s, a click dismisses, the newest two shown. Rendered inside an open modal so it stays above it. */
function Toasts() {
  const topDialog = useTopDialog();
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  // A pointer over a toast pauses every toast until it leaves. When a modal opens or closes, the toasts
  // move (into it or out of it) under a pointer that never "leaves" them, and they would stay forever:
  // the move ends the pause.
  const endPause = useRef(handlers.endPause);
  endPause.current = handlers.endPause;
  useEffect(() => () => endPause.current(), [topDialog]);
  useEffect(() => {
    // The store lists the newest first: older ones beyond the limit leave.
    for (const t of toasts.filter((t) => t.visible).slice(MAX_TOASTS)) toast.dismiss(t.id);
  }, [toasts]);
  const toaster = (
    <Toaster position="top-right" toastOptions={TOAST_OPTIONS}>
      {(t) => (
        <button type="button" onClick={() => toast.dismiss(t.id)} className="cursor-pointer text-left" title="Clique para fechar">
          <ToastBar toast={t} />
        </button>
      )}
    </Toaster>
  );
  return topDialog ? createPortal(toaster, topDialog) : toaster;
}
