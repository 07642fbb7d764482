import { useSyncExternalStore } from 'react';

/**
 * Open modal <dialog>s, innermost last. A modal dialog sits in the browser's top layer, above any
 * z-index, so whatever must stay visible over it (toasts) is rendered inside the innermost one.
 */
const openDialogs: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function pushDialog(dialog: HTMLDialogElement): void {
  openDialogs.push(dialog);
  notify();
}

export function removeDialog(dialog: HTMLDialogElement): void {
  const i = openDialogs.lastIndexOf(dialog);
  if (i >= 0) openDialogs.splice(i, 1);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The innermost open modal dialog, or null. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, () => openDialogs[openDialogs.length - 1] ?? null, () => null);
}
