import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName, ClockIcon, StarIcon } from '@app/ui';
import { useSessionToken } from '../../../shared/session-token.ts';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { favoritesQueryOptions, recentQueryOptions, useGameLanguage } from '../api/games.queries.ts';
import { InfiniteGameList } from '../components/infinite-game-list.tsx';
import { EmptyList } from '../components/list-states.tsx';
import './games-pages.css';

export type PlayerListKind = 'favorite' | 'recent';

/** /favorite and /recent: the member's favourites and the games launched lately, newest first. */
export function PlayerGamesView({ kind }: { kind: PlayerListKind }) {
  const { t } = useTranslation('games');
  const token = useSessionToken();
  const language = useGameLanguage();
  const favorites = useInfiniteQuery(favoritesQueryOptions(token, language, undefined, kind === 'favorite'));
  const recent = useInfiniteQuery({ ...recentQueryOptions(token, language), enabled: token !== null && kind === 'recent' });
  const query = kind === 'favorite' ? favorites : recent;
  const icon = kind === 'favorite' ? <StarIcon size={24} /> : <ClockIcon size={24} />;

  return (
    <div className="page games-page" data-testid={`player-games-${kind}`}>
      <PageHeader title={t(`pages.${kind}.title`)} subtitle={t(`pages.${kind}.subtitle`)} icon={icon} />
      <InfiniteGameList
        query={query}
        empty={
          <EmptyList
            testId={`${kind}-empty`}
            icon={kind === 'favorite' ? <StarIcon size={26} /> : <ClockIcon size={26} />}
            title={t(`player.${kind}Empty`)}
            text={t(`player.${kind}EmptyText`)}
            action={
              <Link to="/rng" className={buttonClassName('accent', 'sm')} data-testid="browse-games">
                {t('player.browse')}
              </Link>
            }
          />
        }
      />
    </div>
  );
}
