import { useTranslation } from 'react-i18next';
import { BACCARAT_PAYOUTS } from '@app/house-games';
import type { BaccaratResult, BaccaratSpot } from '@app/contracts';
import { formatDecimalPayout } from './payout-text.ts';
import { SpotStack } from './spot-stack.tsx';
import type { LiveBoardControl } from './use-live-board.ts';

function spotWon(spot: BaccaratSpot, result: BaccaratResult): boolean {
  if (spot === 'player_pair') return result.playerPair;
  if (spot === 'banker_pair') return result.bankerPair;
  return result.winner === spot;
}

/** The baccarat layout: the pairs and the tie above, player and banker below, each with its payout. */
export function BaccaratBoard({ control, result }: { control: LiveBoardControl; result: BaccaratResult | null }) {
  const { t, i18n } = useTranslation('live');
  const order: BaccaratSpot[] = ['player_pair', 'tie', 'banker_pair', 'player', 'banker'];
  return (
    <div className="live-board live-board--baccarat" data-testid="live-board">
      {order.map((spot) => (
        <button
          key={spot}
          type="button"
          className={`live-spot live-spot--${spot}${result && spotWon(spot, result) ? ' is-winning' : ''}`}
          data-testid={`spot-${spot}`}
          disabled={!control.canEdit}
          onClick={() => control.place(spot)}
        >
          <span className="live-spot__name">{t(`baccarat.spots.${spot}`)}</span>
          <span className="live-spot__pays">{formatDecimalPayout(BACCARAT_PAYOUTS[spot].pays, i18n.language)}</span>
          <SpotStack confirmed={control.confirmedTotals.get(spot)} pending={control.pendingTotals.get(spot)} />
        </button>
      ))}
    </div>
  );
}

