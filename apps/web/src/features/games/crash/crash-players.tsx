import { useTranslation } from 'react-i18next';
import type { CrashPhase, CrashPlayer } from '@app/contracts';
import { DataTable, type Column } from '@app/ui';
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
  const stateOf = (player: CrashPlayer) => (player.cashOut ? 'cashed' : phase === 'crashed' ? 'lost' : 'in');
  const columns: Column<CrashPlayer>[] = [
    {
      key: 'name',
      header: t('crash.players.name'),
      className: 'crash-players__name',
      // The member's own (masked) name would be a puzzle: it reads "Você".
      cell: (player) => (player.betId === myBetId ? <strong className="crash-players__you">{t('crash.players.you')}</strong> : player.name),
    },
    { key: 'bet', header: t('crash.players.bet'), numeric: true, cell: (player) => format.money(player.amount) },
    {
      key: 'cashOut',
      header: t('crash.players.cashOut'),
      numeric: true,
      cell: (player) => (player.cashOut ? format.multiplierText(player.cashOut) : stateOf(player) === 'lost' ? t('crash.players.lost') : '—'),
    },
    {
      key: 'win',
      header: t('crash.players.win'),
      numeric: true,
      className: 'crash-players__win',
      cell: (player) => (player.win && player.cashOut ? format.money(player.win) : '—'),
    },
  ];
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
        <DataTable
          look={{ wrap: 'crash-players__scroll', table: 'crash-players__table', numeric: 'is-numeric' }}
          columns={columns}
          rows={byStake(players)}
          rowKey={(player) => player.betId}
          rowAttributes={(player) => {
            const state = stateOf(player);
            return { className: `is-${state}${player.betId === myBetId ? ' is-mine' : ''}`, 'data-testid': 'crash-player', 'data-state': state };
          }}
        />
      )}
    </section>
  );
}
