import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GameType, Vendor } from '@app/contracts';
import { GridIcon } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { useGameMenu } from '../api/games.queries.ts';
import { GameTypeIcon } from '../components/game-icons.tsx';
import { EmptyList, LoadError } from '../components/list-states.tsx';
import { VendorGamesModal } from '../components/vendor-games-modal.tsx';
import { VendorGrid, VendorGridSkeleton } from '../components/vendor-grid.tsx';
import { useOpenVendor } from '../hooks/use-open-vendor.ts';
import './games-pages.css';

/** /esports, /lott, /elott, /cockfight: the type's vendors as tiles; ?vassalage opens one. */
export function GameCentreView({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation('games');
  const menu = useGameMenu();
  const [params, setParams] = useSearchParams();
  const vendors = menu.data?.types.find((entry) => entry.gameType === gameType)?.vendors ?? [];
  const chosen = params.get('vassalage');
  const popupVendor = vendors.find((vendor) => vendor.vassalage === chosen && vendor.isGame === 'VASSALAGE');
  const setChosen = (vendor: Vendor | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (vendor) next.set('vassalage', vendor.vassalage);
      else next.delete('vassalage');
      return next;
    });
  const openVendor = useOpenVendor(gameType, setChosen);

  return (
    <div className="page games-page" data-testid={`games-page-${gameType.toLowerCase()}`}>
      <PageHeader title={t(`pages.${gameType}.title`)} subtitle={t(`pages.${gameType}.subtitle`)} icon={<GameTypeIcon type={gameType} size={24} />} />
      {menu.data ? (
        vendors.length > 0 ? (
          <VendorGrid vendors={vendors} gameType={gameType} onOpen={openVendor} highlighted={chosen} />
        ) : (
          <EmptyList testId="vendors-empty" icon={<GridIcon size={26} />} title={t('centre.empty')} text={t('centre.emptyText')} />
        )
      ) : menu.isError ? (
        <LoadError error={menu.error} onRetry={() => void menu.refetch()} retrying={menu.isFetching} />
      ) : (
        <VendorGridSkeleton label={t('list.loading')} />
      )}
      {popupVendor ? <VendorGamesModal vendor={popupVendor} gameType={gameType} onClose={() => setChosen(null)} /> : null}
    </div>
  );
}
