import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LaunchResponse } from '@app/contracts';
import { newRequestId } from '../../../shared/request-id.ts';
import { transferOut } from '../api/games.api.ts';
import { invalidateBalances } from '../api/games.queries.ts';

/**
 * A transfer-mode vendor holds the player's money while its game is open. Leaving the page
 * (navigating away, closing the tab: pagehide) brings it back once, with a fresh request id.
 */
export function useTransferBack(launch: LaunchResponse | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!launch || launch.mode !== 'transfer' || launch.demo) return;
    const vendor = launch.game.vassalage;
    let done = false;
    const bringBack = () => {
      if (done) return;
      done = true;
      transferOut(vendor, newRequestId()).then(
        () => invalidateBalances(queryClient),
        // The wallet page lists what stayed at the vendor and can move it back by hand.
        () => invalidateBalances(queryClient),
      );
    };
    window.addEventListener('pagehide', bringBack);
    return () => {
      window.removeEventListener('pagehide', bringBack);
      bringBack();
    };
  }, [launch, queryClient]);
}
