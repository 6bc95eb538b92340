import { useTranslation } from 'react-i18next';
import type { GameDraw, PromotionGame } from '@app/contracts';
import { formatDateTime } from '@app/ui';
import { intlLocaleOf } from '@app/i18n';
import { formatMoney } from '../../../shared/format/money.ts';
import { useContentLanguage } from '../../content/index.ts';

/** The published table: each prize, its chance (weight / total) and the numbers that win it. */
export function PrizeTable({ game }: { game: PromotionGame }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const raffle = game.type === 'raffle';
  return (
    <details className="game-prizes" data-testid={`game-${game.promotionId}-prizes`} open={raffle}>
      <summary>{t(raffle ? 'promotionGames.prizes.raffleTitle' : 'promotionGames.prizes.title')}</summary>
      <table className="game-prizes__table">
        <thead>
          <tr>
            <th scope="col">{t('promotionGames.prizes.prize')}</th>
            <th scope="col">{t('promotionGames.prizes.amount')}</th>
            <th scope="col">{t(raffle ? 'promotionGames.prizes.winners' : 'promotionGames.prizes.chance')}</th>
            {raffle ? null : <th scope="col">{t('promotionGames.prizes.numbers')}</th>}
          </tr>
        </thead>
        <tbody>
          {game.prizes.map((prize) => (
            <tr key={prize.seq}>
              <td>{prize.label}</td>
              <td>{prize.kind === 'nothing' ? '—' : `R$ ${formatMoney(prize.amount, language)}${prize.kind === 'bonus' ? ` · ${t('promotionGames.prizes.bonus', { multiple: prize.wageringMultiple })}` : ''}`}</td>
              <td>{raffle ? prize.weight : `${prize.chance?.replace('.', language === 'pt' ? ',' : '.')} %`}</td>
              {raffle ? null : (
                <td className="game-prizes__numbers">
                  {prize.from}–{prize.to - 1}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="game-prizes__hash">
        {raffle ? t('promotionGames.prizes.raffleHow') : t('promotionGames.prizes.how', { total: game.totalWeight, max: game.totalWeight - 1 })}{' '}
        {t('promotionGames.prizes.table', { version: game.version, hash: game.tableHash?.slice(0, 16) ?? '' })}
      </p>
    </details>
  );
}

/** "How it was drawn": the number node:crypto gave, every prize's range of numbers, and the one it fell in. */
export function DrawDetail({ draw }: { draw: GameDraw }) {
  const { t } = useTranslation('content');
  return (
    <details className="draw-detail" data-testid="draw-detail">
      <summary>{t('promotionGames.detail.title')}</summary>
      <p>{t('promotionGames.detail.number', { value: draw.randomValue, max: draw.totalWeight - 1, ticket: draw.ticketNo })}</p>
      <ol className="draw-detail__ranges">
        {draw.prizes.map((prize) => (
          <li key={prize.seq} className={prize.seq === draw.prize.seq ? 'draw-detail__hit' : undefined} data-hit={prize.seq === draw.prize.seq}>
            <span>{prize.label}</span>
            <span>
              {prize.from}–{prize.to - 1}
            </span>
          </li>
        ))}
      </ol>
      <p className="draw-detail__hash">{t('promotionGames.detail.table', { version: draw.version, hash: draw.tableHash })}</p>
    </details>
  );
}

/** What the member may play: tickets left, and how more are earned. */
export function TicketsLine({ game }: { game: PromotionGame }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const rules = [
    game.rules.freeTickets > 0 ? t('promotionGames.rules.free', { count: game.rules.freeTickets }) : null,
    game.rules.depositStep ? t('promotionGames.rules.deposit', { amount: `R$ ${formatMoney(game.rules.depositStep, language)}` }) : null,
    game.rules.betStep ? t('promotionGames.rules.bet', { amount: `R$ ${formatMoney(game.rules.betStep, language)}` }) : null,
    game.rules.maxTickets ? t('promotionGames.rules.max', { count: game.rules.maxTickets }) : null,
  ].filter(Boolean);
  return (
    <div className="game-tickets">
      {game.me ? (
        <p className="game-tickets__count" data-testid={`game-${game.promotionId}-tickets`} data-available={game.me.tickets.available}>
          {t('promotionGames.tickets', { count: game.me.tickets.available })}
        </p>
      ) : null}
      {rules.length > 0 ? <p className="promotion__note">{rules.join(' · ')}</p> : null}
    </div>
  );
}

/** The member's recent plays of this game, each with how it was drawn (kept by the server, so a reload still shows them). */
export function DrawHistory({ game }: { game: PromotionGame }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const draws = game.me?.draws ?? [];
  if (draws.length === 0) return null;
  // A label that is an amount already ("R$ 5") is not said twice.
  const prizeText = ({ prize }: GameDraw) => {
    if (prize.kind === 'nothing') return prize.label;
    const amount = `R$ ${formatMoney(prize.amount, language)}`;
    return /\d/.test(prize.label) ? amount : `${prize.label} · ${amount}`;
  };
  return (
    <details className="draw-history" data-testid={`game-${game.promotionId}-history`}>
      <summary>{t('promotionGames.history.title', { count: draws.length })}</summary>
      <ul className="draw-history__list">
        {draws.map((draw) => (
          <li key={draw.id}>
            <p className="draw-history__line">
              {t('promotionGames.history.line', { ticket: draw.ticketNo, date: formatDateTime(draw.createdAt, intlLocaleOf(language)), prize: prizeText(draw) })}
            </p>
            <DrawDetail draw={draw} />
          </li>
        ))}
      </ul>
    </details>
  );
}
