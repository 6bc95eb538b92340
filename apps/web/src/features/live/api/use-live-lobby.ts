import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIVE_LOBBY_TOPIC, type LiveLobby } from '@app/contracts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { watchMessages, watchTopic } from '../../../shared/ws-client.ts';
import { liveClock } from './live-clock.ts';
import { liveKeys, lobbyQueryOptions } from './live.api.ts';
import { applyPlayersToLobby, applyRoundToLobby } from './live-state.ts';

/**
 * The house tables of the /live lobby: GET /api/live/tables once, then topic live.lobby over the
 * tab's shared /ws connection patches each table's round (and its last results when one ends).
 * The live messages are named live.<event>, not after the topic, so they are heard by type.
 */
export function useLiveLobby() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const lobby = useQuery(lobbyQueryOptions(currentLanguage(i18n)));
  useEffect(() => {
    const key = liveKeys.lobbies();
    const patch = (update: (old: LiveLobby) => LiveLobby) => queryClient.setQueriesData<LiveLobby>({ queryKey: key }, (old) => (old ? update(old) : old));
    const stops = [
      watchTopic(LIVE_LOBBY_TOPIC, { onMessage: () => undefined, onSubscribed: () => void queryClient.invalidateQueries({ queryKey: key }) }),
      watchMessages('live.round', (message) => {
        liveClock.sample(message.at);
        patch((old) => applyRoundToLobby(old, message.round));
      }),
      watchMessages('live.players', (message) => patch((old) => applyPlayersToLobby(old, message.tableCode, message.roundId, message.players))),
      watchMessages('live.table_changed', () => void queryClient.invalidateQueries({ queryKey: key })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return lobby;
}
