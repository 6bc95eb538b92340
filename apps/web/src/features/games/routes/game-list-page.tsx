import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GameType } from '@app/contracts';
import { Alert, Button, WrenchIcon } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { gameListQueryOptions, useGameLanguage, useGameMenu } from '../api/games.queries.ts';
import { GameTypeIcon, SearchIcon } from '../components/game-icons.tsx';
import { InfiniteGameList } from '../components/infinite-game-list.tsx';
import { ListFilters } from '../components/list-filters.tsx';
import { EmptyList } from '../components/list-states.tsx';
import { useListFilters } from '../hooks/use-list-filters.ts';
import './games-pages.css';

/** /live, /fish, /rng, /pvp, /crash, /sports: the type's games, filtered from the address. */
export function GameListView({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation('games');
  const language = useGameLanguage();
  const control = useListFilters(gameType);
  const menu = useGameMenu();
  const vendors = menu.data?.types.find((entry) => entry.gameType === gameType)?.vendors ?? [];
  const selected = vendors.find((vendor) => vendor.vassalage === control.vassalage);
  // While a new filter loads, the current games stay (dimmed) instead of flashing skeletons.
  const query = useInfiniteQuery({ ...gameListQueryOptions(control.filters, language), placeholderData: keepPreviousData });

  return (
    <div className="page games-page" data-testid={`games-page-${gameType.toLowerCase()}`}>
      <PageHeader
        title={t(`pages.${gameType}.title`)}
        subtitle={selected ? t('list.vendorSubtitle', { vendor: selected.displayName }) : t(`pages.${gameType}.subtitle`)}
        icon={<GameTypeIcon type={gameType} size={24} />}
      />
      <ListFilters control={control} vendors={vendors} />
      {selected?.maintenance ? (
        <Alert tone="info" data-testid="vendor-maintenance-notice">
          <WrenchIcon size={16} /> {t('list.vendorMaintenance', { vendor: selected.displayName })}
        </Alert>
      ) : null}
      <div className={query.isPlaceholderData ? 'games-page__results is-stale' : 'games-page__results'} data-testid="games-results" data-stale={query.isPlaceholderData}>
        <InfiniteGameList
          query={query}
          empty={
            <EmptyList
              testId="games-empty"
              icon={<SearchIcon size={26} />}
              title={control.hasFilters ? t('list.emptyFiltered') : t('list.empty')}
              text={control.search ? t('list.emptySearch', { search: control.search }) : undefined}
              action={
                control.hasFilters ? (
                  <Button variant="outline" size="sm" onClick={control.clear} data-testid="games-clear-filters">
                    {t('list.clearFilters')}
                  </Button>
                ) : undefined
              }
            />
          }
        />
      </div>
    </div>
  );
}
