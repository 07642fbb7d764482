import { useQuery } from '@tanstack/react-query';
import type { TGrid } from '@shared/programme';
import { ApiError, api } from '@web/lib/api';
import { setServedFromDevice } from '@web/lib/online';
import { loadGrid, storeGrid } from '@web/lib/offline/signature-store';
import { programmeKey, programmeUrl } from './keys';

/** The grid; kept in IndexedDB when opened, and read from there with no connection (as the roll call's sheet). */
export async function getGrid(clubId: string, profileId: string, itemCode: string): Promise<TGrid & { offline: boolean }> {
  try {
    const grid = await api<TGrid>('GET', `${programmeUrl(clubId)}/items/${itemCode}/grid`);
    await storeGrid(profileId, clubId, grid).catch(() => undefined);
    return { ...grid, offline: false };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'network') throw err;
    const kept = await loadGrid(profileId, clubId, itemCode).catch(() => null);
    if (!kept) throw err;
    setServedFromDevice(true);
    return { ...kept, offline: true };
  }
}

export const useGrid = (clubId: string, profileId: string, itemCode: string | null) =>
  useQuery({ queryKey: programmeKey(clubId, 'grid', itemCode ?? ''), queryFn: () => getGrid(clubId, profileId, itemCode ?? ''), enabled: Boolean(itemCode), networkMode: 'always' });
