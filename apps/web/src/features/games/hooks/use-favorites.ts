import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GamePage } from '@app/contracts';
import { errorCodeOf, translateError } from '../../../shared/error-message.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { useAccountModals } from '../../account/index.ts';
import { addFavorite, removeFavorite } from '../api/games.api.ts';
import { favoriteIdsQueryOptions, gameKeys } from '../api/games.queries.ts';
import { createKeyedThrottle } from '../throttle.ts';
import { showGameToast } from '../toast-store.ts';

/** Spec §4/§9: once per second per game, leading edge; shared by every card of the page. */
const favoriteThrottle = createKeyedThrottle(1000);

const EMPTY: readonly string[] = [];

export interface FavoriteControl {
  isFavorite: (nodeId: number) => boolean;
  /** Visitors get the login modal; members see the star change at once, then the server is told. */
  toggle: (nodeId: number) => void;
}

export function useFavorites(): FavoriteControl {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const { open } = useAccountModals();
  const ids = useQuery(favoriteIdsQueryOptions(token)).data ?? EMPTY;

  const toggle = (nodeId: number) => {
    if (!token) {
      open({ kind: 'login' });
      return;
    }
    if (!favoriteThrottle(String(nodeId))) return;
    const id = String(nodeId);
    const idsKey = gameKeys.favoriteIds(token);
    const adding = !(queryClient.getQueryData<string[]>(idsKey) ?? []).includes(id);
    // A read of the ids in flight must not overwrite the change the player just made.
    void queryClient
      .cancelQueries({ queryKey: idsKey })
      .then(() => {
        setLocal(adding);
        return adding ? addFavorite(nodeId) : removeFavorite(nodeId);
      })
      .then(
        () => void queryClient.invalidateQueries({ queryKey: gameKeys.favorites(token) }),
        (error: unknown) => {
          setLocal(!adding);
          void queryClient.invalidateQueries({ queryKey: gameKeys.favorites(token) });
          const code = errorCodeOf(error);
          if (code === 'auth.trial_refused') open({ kind: 'trialRefused' });
          else if (code === 'auth.required') open({ kind: 'login' });
          else showGameToast(translateError(i18n, error));
        },
      );

    function setLocal(add: boolean) {
      queryClient.setQueryData<string[]>(idsKey, (current = []) => {
        if (add) return current.includes(id) ? current : [...current, id];
        return current.filter((value) => value !== id);
      });
      // A removed game leaves the favourites lists at once; an added one appears on the next read.
      if (!add) {
        queryClient.setQueriesData<InfiniteData<GamePage>>({ queryKey: gameKeys.favorites(token) }, (data) =>
          data ? { ...data, pages: data.pages.map((page) => withoutGame(page, nodeId)) } : data,
        );
      }
    }
  };

  return { isFavorite: (nodeId) => ids.includes(String(nodeId)), toggle };
}

function withoutGame(page: GamePage, nodeId: number): GamePage {
  const content = page.content.filter((game) => game.nodeId !== nodeId);
  return content.length === page.content.length ? page : { ...page, content, total: Math.max(0, page.total - 1) };
}
