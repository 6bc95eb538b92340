import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { liveTableTopic, type LiveTableState } from '@app/contracts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { getToken } from '../../../shared/session-token.ts';
import { watchMessages, watchTopic } from '../../../shared/ws-client.ts';
import { liveClock } from './live-clock.ts';
import { liveKeys, tableQueryOptions } from './live.api.ts';
import { applyChatMessage, applyChatRemoved, applyPlayersToTable, applyRoundToTable } from './live-state.ts';

/**
 * One table as every viewer sees it: GET /api/live/tables/:code, then topic live.table:<code>
 * patches the round, players and chat. When a round reaches its result the state is read again
 * (history, roads and the shoe move on) and so are the member's bets (settled now).
 */
export function useLiveTable(code: string) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const table = useQuery(tableQueryOptions(code, language));
  useEffect(() => {
    const key = liveKeys.tables(code);
    const patch = (update: (old: LiveTableState) => LiveTableState) => queryClient.setQueriesData<LiveTableState>({ queryKey: key }, (old) => (old ? update(old) : old));
    const reread = () => void queryClient.invalidateQueries({ queryKey: key });
    const stops = [
      watchTopic(liveTableTopic(code), { onMessage: () => undefined, onSubscribed: reread }),
      watchMessages('live.round', (message) => {
        if (message.tableCode !== code) return;
        liveClock.sample(message.at);
        const before = queryClient.getQueryData<LiveTableState>(liveKeys.table(code, language))?.round ?? null;
        patch((old) => applyRoundToTable(old, message.round));
        const phaseChanged = before?.id !== message.round.id || before.phase !== message.round.phase;
        if (phaseChanged && message.round.phase === 'result') {
          reread();
          void queryClient.invalidateQueries({ queryKey: liveKeys.me(code, getToken()) });
        }
      }),
      watchMessages('live.players', (message) => {
        if (message.tableCode === code) patch((old) => applyPlayersToTable(old, message.roundId, message.players));
      }),
      watchMessages('live.chat', (message) => {
        if (message.tableCode === code) patch((old) => applyChatMessage(old, message.message));
      }),
      watchMessages('live.chat_removed', (message) => {
        if (message.tableCode === code) patch((old) => applyChatRemoved(old, message.messageId));
      }),
      watchMessages('live.table_changed', (message) => {
        if (message.tableCode === code) reread();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, code, language]);
  return table;
}
