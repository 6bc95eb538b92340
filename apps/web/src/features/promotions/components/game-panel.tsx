import { useTranslation } from 'react-i18next';
import type { PlayerPromotion } from '@app/contracts';
import { Alert, Button, Spinner } from '@app/ui';
import { useAccountModals } from '../../account/index.ts';
import { usePromotionGame } from '../api/promotion-games.api.ts';
import { DrawHistory, PrizeTable, TicketsLine } from './game-prizes.tsx';
import { GoldenEggsGame } from './golden-eggs-game.tsx';
import { RaffleCard } from './raffle-card.tsx';
import { WheelGame } from './wheel-game.tsx';
import './promotion-games.css';

/** A wheel, golden-egg or raffle promotion's game: tickets, the game itself and its published prize table. */
export function GamePanel({ promotion }: { promotion: PlayerPromotion }) {
  const { t } = useTranslation('content');
  const { open } = useAccountModals();
  const game = usePromotionGame(promotion.id);
  if (game.isPending) return <Spinner label={t('promotions.loading')} layout="block" />;
  if (game.isError) return <Alert tone="error">{t('promotions.failed')}</Alert>;
  const data = game.data;
  if (!data.configured) return <p className="promotion__note">{t('promotionGames.notReady')}</p>;
  const visitor = promotion.state === null;
  const playable = !visitor && promotion.state !== 'coming_soon';
  return (
    <div className="game-panel stack stack--gap-3" data-testid={`game-${promotion.id}`}>
      <TicketsLine game={data} />
      {data.type === 'raffle' ? <RaffleCard game={data} /> : null}
      {data.type === 'wheel' ? <WheelGame game={data} canPlay={playable} /> : null}
      {data.type === 'golden_egg' ? <GoldenEggsGame game={data} canPlay={playable} /> : null}
      {visitor ? (
        <div>
          <Button variant="accent" onClick={() => open({ kind: 'login' })} data-testid={`promotion-${promotion.id}-action`}>
            {t('promotionGames.login')}
          </Button>
        </div>
      ) : null}
      {promotion.state === 'coming_soon' ? <p className="promotion__note">{t('promotions.notes.coming_soon')}</p> : null}
      <PrizeTable game={data} />
      <DrawHistory game={data} />
    </div>
  );
}
