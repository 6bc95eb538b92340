import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LotteryArea } from '@app/contracts';
import { GridIcon } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { BetBoard } from '../components/bet-board.tsx';
import { Lobby } from '../components/lobby.tsx';
import { MyOrders } from '../components/my-orders.tsx';
import { ResultsHistory } from '../components/results-history.tsx';
import { VerifyView } from '../components/verify-view.tsx';
import '../components/lottery.css';

/** /lottery, /seaLottery, /vnLottery (spec §2) and their game pages /lottert, /sealottery, /vnlottery. */
export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery' | 'lottert' | 'sealottery' | 'vnlottery';
export type LotteryCentre = 'lott' | 'elott';

const AREAS: Record<LotteryKind, readonly LotteryArea[] | null> = {
  lottery: null,
  lottert: null,
  vnLottery: ['VN'],
  vnlottery: ['VN'],
  seaLottery: ['SEA'],
  sealottery: ['SEA'],
};
const TITLES: Record<LotteryKind, 'lottery' | 'vnLottery' | 'seaLottery'> = { lottery: 'lottery', lottert: 'lottery', vnLottery: 'vnLottery', vnlottery: 'vnLottery', seaLottery: 'seaLottery', sealottery: 'seaLottery' };

type Tab = 'bet' | 'results' | 'orders' | 'lobby';

/**
 * One lottery page, its view chosen by the query: ?gameCode=… the game's betting page
 * (&tab=results its results history), ?tab=orders my orders, ?verify=<draw> a fast draw's proof;
 * neither: the lobby. Query parameters keep each view shareable and the back button working.
 */
export function LotteryPage({ kind }: { kind: LotteryKind }) {
  const { t } = useTranslation('lottery');
  const [params, setParams] = useSearchParams();
  const gameCode = params.get('gameCode');
  const verify = params.get('verify');
  const asked = params.get('tab');
  const tab: Tab = asked === 'orders' ? 'orders' : gameCode ? (asked === 'results' ? 'results' : 'bet') : 'lobby';
  const update = (patch: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };
  const tabs: Tab[] = gameCode ? ['bet', 'results', 'orders'] : ['lobby', 'orders'];
  const onVerify = (drawId: string) => update({ verify: drawId });

  let body: ReactNode;
  if (verify && /^\d{1,18}$/.test(verify)) body = <VerifyView drawId={verify} onBack={() => update({ verify: null })} />;
  else if (tab === 'orders') body = <MyOrders status={params.get('status') === 'settled' ? 'settled' : 'open'} gameCode={gameCode} onStatus={(status) => update({ status: status === 'settled' ? 'settled' : null }, true)} />;
  else if (tab === 'results' && gameCode) body = <ResultsHistory key={gameCode} gameCode={gameCode} onVerify={onVerify} />;
  else if (gameCode) body = <BetBoard key={gameCode} gameCode={gameCode} onResults={() => update({ tab: 'results' })} onVerify={onVerify} />;
  else body = <Lobby areas={AREAS[kind]} onOpen={(code) => update({ gameCode: code, tab: null })} />;

  return (
    <div className="page lt-page" data-testid="lottery-page" data-kind={kind}>
      <PageHeader title={t(`page.${TITLES[kind]}.title`)} subtitle={t(`page.${TITLES[kind]}.subtitle`)} icon={<GridIcon />} />
      <nav className="lt-tabs" aria-label={t('tabs.label')}>
        {gameCode ? (
          <button type="button" className="lt-tabs__back" data-testid="lt-back-lobby" onClick={() => update({ gameCode: null, tab: null, verify: null, status: null })}>
            ← {t('tabs.lobby')}
          </button>
        ) : null}
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            aria-current={tab === id && !verify ? 'page' : undefined}
            className={tab === id && !verify ? 'lt-tabs__tab is-active' : 'lt-tabs__tab'}
            data-testid={`lt-tab-${id}`}
            onClick={() => update({ tab: id === 'bet' || id === 'lobby' ? null : id, verify: null, status: null })}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </nav>
      {body}
    </div>
  );
}

/** Where a game's betting page is: the Vietnamese and SEA games on their own pages, the rest on /lottery. */
export function bettingPathOf(area: LotteryArea): string {
  return area === 'VN' ? '/vnLottery' : area === 'SEA' ? '/seaLottery' : '/lottery';
}

/**
 * /lott and /elott (game centres, open to visitors): the house lottery's lobby first, then the
 * lottery vendors' tiles (`vendors`, the games feature's centre, passed in by the router). A game
 * opens its betting page, which asks a visitor to log in (spec §4).
 */
export function LotteryCentrePage({ centre, vendors }: { centre: LotteryCentre; vendors?: ReactNode }) {
  const { t } = useTranslation('lottery');
  const navigate = useNavigate();
  const location = useLocation();
  const areas: readonly LotteryArea[] = centre === 'elott' ? ['ELOTT'] : ['VN', 'SEA'];
  const open = (code: string, area: LotteryArea) => navigate(`${bettingPathOf(area)}?gameCode=${encodeURIComponent(code)}`, { state: { from: location.pathname } });
  return (
    <div className="page lt-page lt-centre" data-testid="lottery-centre" data-centre={centre}>
      <PageHeader title={t(`page.${centre}.title`)} subtitle={t(`page.${centre}.subtitle`)} icon={<GridIcon />} />
      <Lobby areas={areas} onOpen={open} quiet />
      {vendors ? <div className="lt-vendors" data-testid="lt-vendors">{vendors}</div> : null}
    </div>
  );
}
