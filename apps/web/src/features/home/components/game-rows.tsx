import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOME_GAME_PAGE_SIZE, type Game, type HomeRow, type Vendor } from '@app/contracts';
import { StarIcon } from '@app/ui';
import { useSessionToken } from '../../../shared/session-token.ts';
import { favoritesQueryOptions, homeRowsQueryOptions, useGameLanguage, GameCard, FlameIcon, GameTypeIcon, LoadError, VendorTile, gameTypePath, useGameActions, useOpenVendor } from '../../games/index.ts';
import { GameRow } from './game-row.tsx';
import { GameRowsSkeleton } from './game-rows-skeleton.tsx';
import './game-row.css';

/** Spec §2 home game rows: hot, favourites (members), rng, sports, pvp, fish — only real games. */
export function GameRows() {
  const { t } = useTranslation('games');
  const language = useGameLanguage();
  const token = useSessionToken();
  const rows = useQuery(homeRowsQueryOptions(language));
  const favorites = useInfiniteQuery(favoritesQueryOptions(token, language, HOME_GAME_PAGE_SIZE));
  const actions = useGameActions();
  const openRng = useOpenVendor('RNG');
  const openSports = useOpenVendor('SPORTS');

  if (!rows.data) {
    if (rows.isError) return <LoadError error={rows.error} onRetry={() => void rows.refetch()} retrying={rows.isFetching} />;
    return <GameRowsSkeleton label={t('list.loading')} />;
  }

  const renderGame = (game: Game) => <GameCard game={game} isFavorite={actions.isFavorite(game.nodeId)} onToggleFavorite={actions.toggleFavorite} onStart={actions.start} />;
  const renderVendorRow = (row: HomeRow) => {
    const open = row.key === 'rng' ? openRng : openSports;
    return (
      <GameRow<Vendor>
        key={row.key}
        id={row.key}
        title={t(`home.rows.${row.key}`)}
        icon={<GameTypeIcon type={row.gameType ?? 'RNG'} />}
        seeAllTo={gameTypePath(row.gameType ?? 'RNG')}
        kind="vendors"
        items={row.vendors}
        itemKey={(vendor) => vendor.vassalage}
        renderItem={(vendor) => <VendorTile vendor={vendor} showStart={row.gameType !== 'RNG'} onOpen={open} />}
      />
    );
  };
  const renderGamesRow = (row: HomeRow) => (
    <GameRow<Game>
      key={row.key}
      id={row.key}
      title={t(`home.rows.${row.key}`)}
      icon={row.key === 'hot' ? <FlameIcon /> : <GameTypeIcon type={row.gameType ?? 'RNG'} />}
      seeAllTo={row.key === 'hot' ? `${gameTypePath(row.gameType ?? 'RNG')}?hot=1` : gameTypePath(row.gameType ?? 'RNG')}
      kind="games"
      items={row.games}
      itemKey={(game) => game.nodeId}
      renderItem={renderGame}
    />
  );
  const favoriteGames = favorites.data?.pages[0]?.content;

  return (
    <div className="game-rows" data-testid="home-catalogue" aria-label={t('home.rowsLabel')} role="region">
      {rows.data.rows.flatMap((row) => {
        const rendered = row.kind === 'vendors' ? (row.vendors.length > 0 ? renderVendorRow(row) : null) : row.games.length > 0 ? renderGamesRow(row) : null;
        // Favourites come right after the hot games (spec §2 order), for members only.
        if (row.key !== 'hot' || !token || !favoriteGames) return [rendered];
        return [
          rendered,
          <GameRow<Game>
            key="favorites"
            id="favorites"
            title={t('home.rows.favorites')}
            icon={<StarIcon />}
            seeAllTo="/favorite"
            kind="games"
            items={favoriteGames}
            itemKey={(game) => game.nodeId}
            renderItem={renderGame}
            empty={<p className="game-row__empty">{t('home.favoritesEmpty')}</p>}
          />,
        ];
      })}
    </div>
  );
}
