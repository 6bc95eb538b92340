import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiveMe, LiveMyBet } from '@app/contracts';
import { formatCents } from '@app/kernel';
import { centsOf } from '../board/board-state.ts';
import { useLiveFormat } from './live-format.ts';

interface RoundBets {
  roundId: string;
  stake: bigint;
  win: bigint | null;
  settled: boolean;
  spots: string[];
}

/** The member's bets grouped by round, newest round first. */
export function groupByRound(bets: readonly LiveMyBet[]): RoundBets[] {
  const rounds = new Map<string, RoundBets>();
  for (const bet of bets) {
    if (bet.status === 'failed') continue;
    const entry = rounds.get(bet.roundId) ?? { roundId: bet.roundId, stake: 0n, win: null, settled: true, spots: [] };
    entry.stake += centsOf(bet.amount);
    if (bet.win !== null) entry.win = (entry.win ?? 0n) + centsOf(bet.win);
    entry.settled &&= bet.status === 'settled' || bet.status === 'refunded';
    for (const chip of bet.chips) if (!entry.spots.includes(chip.spot)) entry.spots.push(chip.spot);
    rounds.set(bet.roundId, entry);
  }
  return [...rounds.values()].sort((a, b) => (BigInt(b.roundId) > BigInt(a.roundId) ? 1 : -1));
}

/** What the member won in one round, once it is settled (null before, or without a bet in it). */
export function winOfRound(me: LiveMe | null, roundId: string | null): { stake: bigint; win: bigint } | null {
  if (!me || !roundId) return null;
  const round = groupByRound([...me.current, ...me.recent]).find((entry) => entry.roundId === roundId);
  return round && round.settled && round.win !== null ? { stake: round.stake, win: round.win } : null;
}

/** "Minhas apostas": the live round's and the last rounds', each with a link to its verification. */
export function MyBets({ me }: { me: LiveMe | null }) {
  const { t } = useTranslation('live');
  const format = useLiveFormat();
  const rounds = me ? groupByRound([...me.current, ...me.recent]) : [];
  return (
    <section className="live-panel live-mybets" data-testid="live-my-bets" aria-label={t('myBets.title')}>
      <h3 className="live-panel__title">{t('myBets.title')}</h3>
      {rounds.length === 0 ? <p className="live-muted">{t('myBets.empty')}</p> : null}
      <ul className="live-mybets__list">
        {rounds.slice(0, 6).map((round) => (
          <li key={round.roundId} data-testid="my-bet-round" data-round={round.roundId}>
            <span className="live-mybets__round">{t('myBets.round', { id: round.roundId })}</span>
            <span>{t('myBets.stake', { amount: format.money(formatCents(round.stake)) })}</span>
            <span data-testid="my-bet-win" className={round.win !== null && round.win > 0n ? 'is-win' : undefined}>
              {round.settled && round.win !== null ? t('myBets.win', { amount: format.money(formatCents(round.win)) }) : t('myBets.open')}
            </span>
            <Link to={`/live/round/${round.roundId}`} data-testid="my-bet-verify">
              {t('myBets.verify')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
