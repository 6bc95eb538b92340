import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GameType, Vendor } from '@app/contracts';
import { GridIcon, Modal } from '@app/ui';
import { gameListQueryOptions, useGameLanguage } from '../api/games.queries.ts';
import { InfiniteGameList } from './infinite-game-list.tsx';
import { EmptyList } from './list-states.tsx';

/** Spec §3: a vendor whose isGame is VASSALAGE opens this pop-up list of its games. */
export function VendorGamesModal({ vendor, gameType, onClose }: { vendor: Vendor; gameType: GameType; onClose: () => void }) {
  const { t } = useTranslation(['games', 'common']);
  const language = useGameLanguage();
  const query = useInfiniteQuery(gameListQueryOptions({ gameType, vassalage: vendor.vassalage }, language));
  return (
    <Modal open onClose={onClose} title={t('games:centre.vendorGames', { vendor: vendor.displayName })} closeLabel={t('common:actions.close')} size="lg" testId="vendor-games-modal">
      <div className="vendor-games">
        <InfiniteGameList query={query} empty={<EmptyList testId="vendor-games-empty" icon={<GridIcon size={26} />} title={t('games:list.empty')} />} />
      </div>
    </Modal>
  );
}
