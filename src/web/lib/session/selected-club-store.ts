import { useSyncExternalStore } from 'react';

/** localStorage key of the selected club (spec 4: kept in browser storage). */
export const SELECTED_CLUB_KEY = 'trilha.selectedClubId';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(SELECTED_CLUB_KEY);
  } catch {
    return null;
  }
}

export function setSelectedClubId(id: string | null): void {
  try {
    if (id) localStorage.setItem(SELECTED_CLUB_KEY, id);
    else localStorage.removeItem(SELECTED_CLUB_KEY);
  } catch {
    // Storage may be unavailable (private mode); the selection then lasts for this page only.
  }
  listeners.forEach((l) => l());
}

export function clearSelectedClub(): void {
  setSelectedClubId(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === SELECTED_CLUB_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedClubId(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
