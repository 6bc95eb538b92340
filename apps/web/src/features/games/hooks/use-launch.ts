import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { GameCodeSchema, VendorCodeSchema, type LaunchRequest } from '@app/contracts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { launchGame } from '../api/games.api.ts';
import { gameKeys, invalidateRecent, useGameLanguage } from '../api/games.queries.ts';

/** ?gameId=…, or ?vendor=…&gameCode=… (a lobby); &demo=1 asks for demo play. Null when unusable. */
export function parseLaunchRequest(params: URLSearchParams): LaunchRequest | null {
  const demo = params.get('demo') === '1' ? { demo: true } : {};
  const gameId = params.get('gameId');
  if (gameId !== null) {
    const id = /^\d{1,10}$/.test(gameId) ? Number(gameId) : NaN;
    return id > 0 && id <= 2 ** 31 - 1 ? { gameId: id, ...demo } : null;
  }
  const vendor = VendorCodeSchema.safeParse(params.get('vendor') ?? '');
  const gameCode = GameCodeSchema.safeParse(params.get('gameCode') ?? '');
  return vendor.success && gameCode.success ? { vendor: vendor.data, gameCode: gameCode.data, ...demo } : null;
}

/**
 * Launches the game in the address once. The launch is a query keyed by the address, so React's
 * strict-mode double effects and a double click on "Jogar" (same address) share one POST, while
 * coming back to the page later launches afresh (gcTime 0: a launch token is single-use).
 */
export function useLaunch() {
  const [params] = useSearchParams();
  const token = useSessionToken();
  const language = useGameLanguage();
  const queryClient = useQueryClient();
  const request = parseLaunchRequest(params);
  const query = useQuery({
    queryKey: gameKeys.launch(`${token ?? ''}|${JSON.stringify(request)}`),
    // No abort signal on purpose: a strict-mode unmount must not cancel (and so repeat) the POST.
    queryFn: async () => {
      const response = await launchGame({ ...(request as LaunchRequest), language });
      invalidateRecent(queryClient);
      return response;
    },
    enabled: request !== null && token !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
  return { request, ...query };
}
