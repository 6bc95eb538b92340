import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GamePage } from '@app/contracts';
import { Button, Spinner } from '@app/ui';
import { useGameActions } from '../hooks/use-game-actions.ts';
import { useInfiniteSentinel } from '../hooks/use-infinite-sentinel.ts';
import { GameGrid, GameGridSkeleton } from './game-grid.tsx';
import { LoadError } from './list-states.tsx';

interface InfiniteGameListProps {
  query: UseInfiniteQueryResult<InfiniteData<GamePage>>;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  showCount?: boolean;
}

/**
 * A paged game list that appends: the next page loads when the sentinel nears the viewport,
 * and a "load more" button does the same for keyboards and browsers without the observer.
 */
export function InfiniteGameList({ query, empty, showCount = true }: InfiniteGameListProps) {
  const { t } = useTranslation('games');
  const actions = useGameActions();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError) void fetchNextPage();
  };
  const sentinel = useInfiniteSentinel<HTMLDivElement>(loadMore, Boolean(hasNextPage) && !isFetchingNextPage && !query.isFetchNextPageError);

  if (!data) {
    if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return <GameGridSkeleton label={t('list.loading')} />;
  }
  const games = data.pages.flatMap((page) => page.content);
  const total = data.pages[0]?.total ?? games.length;
  if (games.length === 0) return <>{empty}</>;

  return (
    <div className="stack" aria-busy={query.isFetching}>
      {showCount ? (
        <p className="game-list__count" data-testid="games-count" aria-live="polite">
          {t('list.count', { count: total })}
        </p>
      ) : null}
      <GameGrid games={games} actions={actions} />
      <div ref={sentinel} className="game-list__sentinel" aria-hidden="true" />
      {query.isFetchNextPageError ? (
        <LoadError error={query.error} onRetry={() => void fetchNextPage()} retrying={isFetchingNextPage} />
      ) : hasNextPage ? (
        <div className="game-list__more">
          {isFetchingNextPage ? (
            <Spinner label={t('list.loadingMore')} size={28} />
          ) : (
            <Button variant="outline" onClick={loadMore} data-testid="games-load-more">
              {t('list.loadMore')}
            </Button>
          )}
        </div>
      ) : data.pages.length > 1 ? (
        <p className="game-list__end">{t('list.end')}</p>
      ) : null}
    </div>
  );
}
