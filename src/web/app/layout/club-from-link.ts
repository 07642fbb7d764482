import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { setSelectedClubId } from '@web/lib/session/selected-club-store';

/** A push notification opens `…?clube=<id>`: its club becomes the selected one, then the parameter goes. */
export function useClubFromLink(): void {
  const [params, setParams] = useSearchParams();
  const clubId = params.get('clube');
  useEffect(() => {
    if (!clubId || !/^[0-9a-f-]{36}$/i.test(clubId)) return;
    setSelectedClubId(clubId);
    setParams((p) => {
      p.delete('clube');
      return p;
    }, { replace: true });
  }, [clubId, setParams]);
}
