import { useTranslation } from 'react-i18next';
import type { GameDraw } from '@app/contracts';
import { formatMoney } from '../../../shared/format/money.ts';
import { useContentLanguage } from '../../content/index.ts';
import { DrawDetail } from './game-prizes.tsx';

/** The prize a draw gave (announced to screen readers), and how it was drawn. */
export function GameResult({ draw }: { draw: GameDraw }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const prize = draw.prize;
  const amount = `R$ ${formatMoney(prize.amount, language)}`;
  // A label that is an amount already ("R$ 5") is not said twice.
  const named = /\d/.test(prize.label) ? amount : `${prize.label} (${amount})`;
  return (
    <div className={`game-result game-result--${prize.kind}`} data-testid="game-result" data-kind={prize.kind}>
      <p className="game-result__line">
        {prize.kind === 'nothing' ? t('promotionGames.result.nothing', { prize: prize.label }) : t(prize.kind === 'cash' ? 'promotionGames.result.cash' : 'promotionGames.result.bonus', { prize: named })}
      </p>
      <DrawDetail draw={draw} />
    </div>
  );
}
