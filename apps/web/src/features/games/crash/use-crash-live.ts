import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CrashMe, CrashState, WsServerMessage } from '@app/contracts';
import { getToken } from '../../../shared/session-token.ts';
import { watchTopic } from '../../../shared/ws-client.ts';
import { fetchCrashState } from './crash.api.ts';
import { createCrashClock, type CrashClock } from './crash-clock.ts';
import { crashKeys } from './crash.queries.ts';
import { applyPlayerMessage, applyRoundMessage, applyToMyBet, preferNewer } from './crash-state.ts';

/** A slow safety read of the state; the pushes carry everything in between. */
const STATE_REFRESH_MS = 30_000;

/**
 * The live round as every viewer sees it: GET /api/crash once, then the `crash` topic over the
 * tab's shared /ws connection patches it (phases and players) and keeps the clock in step
 * (ticks). Whatever the pushes cannot have told (a new socket, a round whose start was missed)
 * is read again from the server.
 */
export function useCrashLive() {
  const queryClient = useQueryClient();
  const [clock] = useState(createCrashClock);
  const state = useQuery({
    queryKey: crashKeys.state(),
    queryFn: async ({ signal }) => {
      const fetched = await fetchCrashState(signal);
      clock.sample(fetched.serverTime);
      return preferNewer(queryClient.getQueryData<CrashState>(crashKeys.state()), fetched);
    },
    refetchInterval: STATE_REFRESH_MS,
  });

  useEffect(
    () =>
      watchTopic('crash', {
        onMessage: (message) => handleCrashMessage(queryClient, clock, message),
        onSubscribed: () => void queryClient.invalidateQueries({ queryKey: crashKeys.all }),
      }),
    [queryClient, clock],
  );

  return { state, clock };
}

export type CrashLive = ReturnType<typeof useCrashLive>;

function handleCrashMessage(queryClient: QueryClient, clock: CrashClock, message: WsServerMessage): void {
  const key = crashKeys.state();
  const current = queryClient.getQueryData<CrashState>(key);
  const refetchState = () => {
    if (!queryClient.isFetching({ queryKey: key })) void queryClient.invalidateQueries({ queryKey: key });
  };
  switch (message.type) {
    case 'crash.tick':
      clock.tick(message.roundId, message.elapsedMs, message.at);
      // A tick of a round the screen does not know: its start (and its players) were missed.
      if (current && current.round?.id !== message.roundId) refetchState();
      return;
    case 'crash.round': {
      const missedStart = current !== undefined && current.round?.id !== message.round.id && message.round.phase !== 'betting';
      queryClient.setQueryData<CrashState>(key, (old) => (old ? applyRoundMessage(old, message.round) : old));
      patchMyBet(queryClient, message);
      if (missedStart) refetchState();
      // The crash settles every bet: read the member's again for the server's final word.
      if (message.round.phase === 'crashed') void queryClient.invalidateQueries({ queryKey: crashKeys.me(getToken()) });
      return;
    }
    case 'crash.player':
      queryClient.setQueryData<CrashState>(key, (old) => (old ? applyPlayerMessage(old, message) : old));
      patchMyBet(queryClient, message);
      return;
    default:
  }
}

function patchMyBet(queryClient: QueryClient, message: WsServerMessage): void {
  queryClient.setQueryData<CrashMe>(crashKeys.me(getToken()), (me) => (me ? { ...me, current: applyToMyBet(me.current, message) } : me));
}
