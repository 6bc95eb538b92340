import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LotteryArea, LotteryGame } from '@app/contracts';
import { Spinner } from '@app/ui';
import { useSessionToken } from '../../../shared/session-token.ts';
import { gamesQueryOptions, recentQueryOptions, resultsQueryOptions } from '../api/lottery.api.ts';
import { Countdown } from './countdown.tsx';
import { useLotteryNames } from './names.ts';
import { ResultView } from './result-view.tsx';
import { LoadProblem } from './states.tsx';

interface Group {
  id: string;
  kind: 'vn_north' | 'vn_central' | 'vn_south' | 'sea' | 'fast';
  minutes: number;
  games: LotteryGame[];
}

type OpenGame = (code: string, area: LotteryArea) => void;

const byClose = (a: LotteryGame, b: LotteryGame) => (a.nextDraw?.closesAt ?? '9').localeCompare(b.nextDraw?.closesAt ?? '9');

/** Vietnam by region (north, central, south), then SEA, then the fast draws by interval (1, 3, 5 min). */
export function groupGames(games: readonly LotteryGame[]): Group[] {
  const groups: Group[] = [];
  for (const region of ['north', 'central', 'south'] as const) groups.push({ id: `vn_${region}`, kind: `vn_${region}`, minutes: 0, games: games.filter((game) => game.area === 'VN' && game.region === region).sort(byClose) });
  groups.push({ id: 'sea', kind: 'sea', minutes: 0, games: games.filter((game) => game.area === 'SEA').sort(byClose) });
  const intervals = [...new Set(games.filter((game) => game.area === 'ELOTT').map((game) => game.intervalMinutes ?? 0))].sort((a, b) => a - b);
  for (const minutes of intervals) groups.push({ id: `fast_${minutes}`, kind: 'fast', minutes, games: games.filter((game) => game.area === 'ELOTT' && (game.intervalMinutes ?? 0) === minutes).sort(byClose) });
  return groups.filter((group) => group.games.length > 0);
}

/** Whether a draw is today in the player's clock (the lobby marks today's provinces). */
function isToday(iso: string): boolean {
  return new Date(iso).toDateString() === new Date().toDateString();
}

function GameTile({ game, onOpen }: { game: LotteryGame; onOpen: OpenGame }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  const draw = game.nextDraw;
  return (
    <button type="button" className="lt-tile" data-testid="lt-game-tile" data-game={game.code} onClick={() => onOpen(game.code, game.area)}>
      <span className="lt-tile__name">{names.game(game)}</span>
      {draw ? (
        <>
          <span className="lt-tile__draw">
            {t('draw.number', { no: draw.drawNo })}
            {game.area === 'VN' && isToday(draw.drawAt) ? <span className="lt-tile__today">{t('lobby.today')}</span> : null}
          </span>
          <Countdown closesAt={draw.closesAt} compact />
        </>
      ) : (
        <span className="lt-tile__draw">{game.intervalMinutes ? t('draw.opening') : t('draw.none')}</span>
      )}
    </button>
  );
}

/** The newest result of a game, for the lobby's quick results. */
function QuickResult({ game, onOpen }: { game: LotteryGame; onOpen: OpenGame }) {
  const names = useLotteryNames();
  const results = useQuery(resultsQueryOptions(game.code, 1));
  const last = results.data?.draws.find((draw) => draw.result);
  if (!last?.result) return null;
  return (
    <li className="lt-quick" data-testid="lt-quick-result">
      <button type="button" className="lt-quick__game" onClick={() => onOpen(game.code, game.area)}>{names.game(game)}</button>
      <span className="lt-quick__no">{last.drawNo}</span>
      <ResultView result={last.result} compact />
    </li>
  );
}

/**
 * The lottery lobby: next draws with live countdowns, grouped; the member's recent lotteries;
 * the newest results. `areas` narrows it (the VN page, the SEA page, the e-lottery centre).
 * `quiet` (the game centres): with nothing to show it folds away and the vendors' tiles remain.
 */
export function Lobby({ areas, onOpen, quiet = false }: { areas: readonly LotteryArea[] | null; onOpen: OpenGame; quiet?: boolean }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  const token = useSessionToken();
  const query = useQuery(gamesQueryOptions(areas?.length === 1 ? areas[0]! : null));
  const recent = useQuery(recentQueryOptions(token));
  if (quiet && (query.isError || query.data?.games.every((game) => areas && !areas.includes(game.area)))) return null;
  if (query.isPending) return <div className="lt-state"><Spinner label={t('state.loading')} /></div>;
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => void query.refetch()} />;
  const games = query.data.games.filter((game) => !areas || areas.includes(game.area));
  if (games.length === 0) return <p className="lt-state" data-testid="lt-lobby-empty">{t('lobby.empty')}</p>;
  const recentGames = (recent.data ?? []).map((code) => games.find((game) => game.code === code)).filter((game): game is LotteryGame => game !== undefined);
  const quick = [...recentGames, ...games.filter((game) => !recentGames.includes(game))].slice(0, 6);
  return (
    <div className="lt-lobby" data-testid="lt-lobby">
      {recentGames.length > 0 ? (
        <section className="lt-group" data-testid="lt-recent">
          <h2 className="lt-group__title">{t('lobby.recent')}</h2>
          <div className="lt-tiles">{recentGames.map((game) => <GameTile key={game.code} game={game} onOpen={onOpen} />)}</div>
        </section>
      ) : null}
      {groupGames(games).map((group) => {
        // Provinces without a draw today fold into one line: the tiles are the draws one can bet on.
        const drawing = group.games.filter((game) => game.nextDraw);
        const idle = group.games.filter((game) => !game.nextDraw);
        return (
          <section key={group.id} className="lt-group" data-testid={`lt-group-${group.id}`}>
            <h2 className="lt-group__title">{t(`lobby.group.${group.kind}`, { minutes: group.minutes })}</h2>
            {drawing.length > 0 ? <div className="lt-tiles">{drawing.map((game) => <GameTile key={game.code} game={game} onOpen={onOpen} />)}</div> : null}
            {idle.length > 0 ? (
              <p className="lt-group__idle" data-testid="lt-group-idle">
                {t('lobby.noDrawToday')}{' '}
                {idle.map((game, index) => (
                  <span key={game.code}>
                    {index > 0 ? ', ' : ''}
                    <button type="button" className="lt-link" onClick={() => onOpen(game.code, game.area)}>{names.game(game)}</button>
                  </span>
                ))}
              </p>
            ) : null}
          </section>
        );
      })}
      <section className="lt-group" data-testid="lt-quick-results">
        <h2 className="lt-group__title">{t('lobby.quickResults')}</h2>
        <ul className="lt-quick-list">{quick.map((game) => <QuickResult key={game.code} game={game} onOpen={onOpen} />)}</ul>
      </section>
    </div>
  );
}
