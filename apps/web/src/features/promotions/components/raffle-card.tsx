import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionGame } from '@app/contracts';
import { Alert, Button, formatDateTime } from '@app/ui';
import { intlLocaleOf } from '@app/i18n';
import { formatMoney } from '../../../shared/format/money.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useContentLanguage } from '../../content/index.ts';
import { newRequestId, useRaffleEntry } from '../api/promotion-games.api.ts';

/**
 * The raffle: when it is drawn, the tickets in it, the member's tickets and the form to enter
 * them (spec §7 MCS2_claimRafflePromotion); once drawn, the winners (accounts masked).
 */
export function RaffleCard({ game }: { game: PromotionGame }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const errorMessage = useErrorMessage();
  const entry = useRaffleEntry(game.promotionId);
  const raffle = game.raffle!;
  const available = game.me?.tickets.available ?? 0;
  const [tickets, setTickets] = useState(1);
  const [requestId, setRequestId] = useState(newRequestId);
  const drawn = raffle.drawnAt !== null;
  const closed = drawn || (raffle.drawAt !== null && new Date(raffle.drawAt) <= new Date());
  const count = Math.min(Math.max(1, tickets), Math.max(1, available));
  const date = (value: string) => formatDateTime(value, intlLocaleOf(language));

  function enter() {
    entry.mutate({ tickets: count, requestId }, { onSuccess: () => setRequestId(newRequestId()) });
  }

  return (
    <div className="raffle-card" data-testid={`raffle-${game.promotionId}`} data-state={drawn ? 'drawn' : closed ? 'closed' : 'open'}>
      <div className="raffle-card__facts">
        <div>
          <span className="raffle-card__label">{t(drawn ? 'promotionGames.raffle.drawnAt' : 'promotionGames.raffle.drawAt')}</span>
          <strong>{drawn ? date(raffle.drawnAt!) : raffle.drawAt ? date(raffle.drawAt) : '—'}</strong>
        </div>
        <div>
          <span className="raffle-card__label">{t('promotionGames.raffle.inDraw')}</span>
          <strong data-testid={`raffle-${game.promotionId}-total`}>{raffle.ticketsEntered}</strong>
        </div>
        {game.me ? (
          <div>
            <span className="raffle-card__label">{t('promotionGames.raffle.yours')}</span>
            <strong data-testid={`raffle-${game.promotionId}-entered`}>{game.me.entered}</strong>
          </div>
        ) : null}
      </div>
      {drawn ? (
        raffle.winners.length === 0 ? (
          <p className="promotion__note">{t('promotionGames.raffle.noWinners')}</p>
        ) : (
          <div className="stack stack--gap-1">
            <h3 className="raffle-card__title">{t('promotionGames.raffle.winners')}</h3>
            <ol className="raffle-card__winners" data-testid={`raffle-${game.promotionId}-winners`}>
              {raffle.winners.map((winner) => (
                <li key={winner.place} className={winner.mine ? 'raffle-card__mine' : undefined}>
                  <span>{t('promotionGames.raffle.place', { n: winner.place })}</span>
                  <span>
                    {winner.account}
                    {winner.mine ? ` (${t('promotionGames.raffle.you')})` : ''}
                  </span>
                  <span>{winner.kind === 'nothing' ? winner.prize : `${winner.prize} · R$ ${formatMoney(winner.amount, language)}`}</span>
                </li>
              ))}
            </ol>
          </div>
        )
      ) : closed ? (
        <p className="promotion__note">{t('promotionGames.raffle.closed')}</p>
      ) : game.me ? (
        <div className="stack stack--gap-2">
          {entry.isError ? <Alert tone="error">{errorMessage(entry.error)}</Alert> : null}
          {entry.isSuccess ? <Alert tone="info">{t('promotionGames.raffle.entered', { count: entry.variables.tickets })}</Alert> : null}
          <div className="raffle-card__form">
            <label className="raffle-card__field">
              <span>{t('promotionGames.raffle.tickets')}</span>
              <input type="number" min={1} max={Math.max(1, available)} value={count} onChange={(event) => setTickets(Number(event.target.value) || 1)} disabled={available < 1} data-testid={`raffle-${game.promotionId}-count`} />
            </label>
            <Button variant="accent" onClick={enter} disabled={available < 1 || entry.isPending} data-testid={`raffle-${game.promotionId}-enter`}>
              {t('promotionGames.raffle.enter')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
