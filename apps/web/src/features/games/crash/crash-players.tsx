import { useTranslation } from 'react-i18next';
import type { CrashPhase, CrashPlayer } from '@app/contracts';
import { fromCents, toCents } from '../slot/slot-money.ts';
import { useCrashFormat } from './crash-format.ts';

interface CrashPlayersProps {
  players: readonly CrashPlayer[];
  phase: CrashPhase | null;
  /** The member's own bet id, marked "Você" in the list. */
  myBetId: string | null;
}

/** Biggest stakes first; equal stakes keep the order they joined in. */
function byStake(players: readonly CrashPlayer[]): CrashPlayer[] {
  return [...players].sort((a, b) => {
    const difference = toCents(b.amount) - toCents(a.amount);
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  });
}

/** Everyone in the round: name (masked by the server), stake, cash-out and win; cashed rows glow green, lost ones fade red. */
export function CrashPlayers({ players, phase, myBetId }: CrashPlayersProps) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  const total = fromCents(players.reduce((sum, player) => sum + toCents(player.amount), 0n));
  return (
    <section className="crash-players" aria-labelledby="crash-players-title" data-testid="crash-players">
      <header className="crash-players__head">
        <h3 className="crash-players__title" id="crash-players-title">
          {t('crash.players.title')}
        </h3>
        <span className="crash-players__summary" data-testid="crash-players-summary">
          {t('crash.players.summary', { count: players.length, total: format.money(total) })}
        </span>
      </header>
      {players.length === 0 ? (
        <p className="crash-players__empty">{t('crash.players.empty')}</p>
      ) : (
        <div className="crash-players__scroll">
          <table className="crash-players__table">
            <thead>
              <tr>
                <th scope="col">{t('crash.players.name')}</th>
                <th scope="col" className="is-numeric">
                  {t('crash.players.bet')}
                </th>
                <th scope="col" className="is-numeric">
                  {t('crash.players.cashOut')}
                </th>
                <th scope="col" className="is-numeric">
                  {t('crash.players.win')}
                </th>
              </tr>
            </thead>
            <tbody>
              {byStake(players).map((player) => {
                const state = player.cashOut ? 'cashed' : phase === 'crashed' ? 'lost' : 'in';
                const mine = player.betId === myBetId;
                return (
                  <tr key={player.betId} className={`is-${state}${mine ? ' is-mine' : ''}`} data-testid="crash-player" data-state={state}>
                    {/* The member's own (masked) name would be a puzzle: it reads "Você". */}
                    <td className="crash-players__name">{mine ? <strong className="crash-players__you">{t('crash.players.you')}</strong> : player.name}</td>
                    <td className="is-numeric">{format.money(player.amount)}</td>
                    <td className="is-numeric">{player.cashOut ? format.multiplierText(player.cashOut) : state === 'lost' ? t('crash.players.lost') : '—'}</td>
                    <td className="is-numeric crash-players__win">{player.win && player.cashOut ? format.money(player.win) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
