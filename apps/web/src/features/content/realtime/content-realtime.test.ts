import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contentKeys } from '../api/content.queries.ts';
import { createContentRealtime } from './content-realtime.ts';

function clientWithContent() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(contentKeys.site('pt'), { language: 'pt' });
  queryClient.setQueryData(contentKeys.help('en'), { language: 'en', articles: [] });
  return queryClient;
}

const invalidated = (queryClient: QueryClient) =>
  [contentKeys.site('pt'), contentKeys.help('en')].map((key) => queryClient.getQueryState(key)?.isInvalidated);

describe('content realtime', () => {
  it('re-reads every content query when an operator changes content', () => {
    const queryClient = clientWithContent();
    const handler = createContentRealtime(queryClient);
    handler.onMessage?.({ type: 'system.settings_changed' });
    expect(invalidated(queryClient)).toEqual([false, false]);
    handler.onMessage?.({ type: 'content.changed' });
    expect(invalidated(queryClient)).toEqual([true, true]);
  });

  it('re-reads after a reconnection, not on the first connection', () => {
    const queryClient = clientWithContent();
    const handler = createContentRealtime(queryClient);
    handler.onOpen?.(false);
    expect(invalidated(queryClient)).toEqual([false, false]);
    handler.onOpen?.(true);
    expect(invalidated(queryClient)).toEqual([true, true]);
  });
});
