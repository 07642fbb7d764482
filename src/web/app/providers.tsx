import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster, ToastBar, toast, useToasterStore } from 'react-hot-toast';
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

/** Spec 8/9: top right, 4 s, a click dismisses, the newest two shown. Rendered inside an open modal so it stays above it. */
function Toasts() {
  const topDialog = useTopDialog();
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest first: older ones beyond the limit leave.
    for (const t of toasts.filter((t) => t.visible).slice(MAX_TOASTS)) toast.dismiss(t.id);
  }, [toasts]);
  const toaster = (
    <Toaster position="top-right" toastOptions={{ duration: 4000 }}>
      {(t) => (
        <button type="button" onClick={() => toast.dismiss(t.id)} className="cursor-pointer text-left" title="Clique para fechar">
          <ToastBar toast={t} />
        </button>
      )}
    </Toaster>
  );
  return topDialog ? createPortal(toaster, topDialog) : toaster;
}
