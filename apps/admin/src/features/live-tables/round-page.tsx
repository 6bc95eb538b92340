import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LiveAdminRound } from '@app/contracts';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useLiveRound, useLiveTables } from './live.api.ts';
import { useTableName } from './live-text.ts';
import { ResultView, useSpotName } from './result-view.tsx';
import './live.css';

type Bet = NonNullable<ReturnType<typeof useLiveRound>['data']>['bets'][number];

/** One round (live.read): totals, result, verification data (seeds only once revealed to players) and every bet with its account. */
export default function RoundPage() {
  const { id = '' } = useParams();
  const query = useLiveRound(id);
  return <QueryState query={query}>{() => <RoundDetail round={query.data!.round} bets={query.data!.bets} />}</QueryState>;
}

function Facts({ items, wide }: { items: Array<[string, ReactNode]>; wide?: boolean }) {
  return (
    <dl className={`lv-facts${wide ? ' lv-facts--wide' : ''}`}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RoundDetail({ round, bets }: { round: LiveAdminRound; bets: readonly Bet[] }) {
  const { t, i18n } = useTranslation('admin-live');
  const tables = useLiveTables();
  const tableName = useTableName();
  const spotName = useSpotName();
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, i18n.language));
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('round.notYet'));
  const table = tables.data?.tables.find((each) => each.code === round.tableCode);
  const name = table ? tableName(table) : round.tableCode;
  const v = round.verification;
  const hidden = (hint: string) => <span className="bo-muted">{t('round.notRevealed')} <span className="lv-small">({hint})</span></span>;
  const mono = (text: string) => <span className="lv-mono">{text}</span>;
  const verification: Array<[string, ReactNode]> =
    v.game === 'roulette'
      ? [[t('round.commitment'), mono(v.serverSeedHash)], [t('round.roundSeed'), v.serverSeed ? mono(v.serverSeed) : hidden(t('round.notRevealedRoulette'))], [t('round.clientSeed'), mono(v.clientSeed)], [t('round.nonce'), v.nonce]]
      : [[t('round.commitment'), mono(v.shoeHash)], [t('round.shoeSeed'), v.shoeSeed ? mono(v.shoeSeed) : hidden(t('round.notRevealedBaccarat'))], [t('round.shoe'), `#${v.shoeId}`], [t('round.clientSeed'), mono(v.clientSeed)], [t('round.nonce'), v.nonce], [t('round.firstCard'), v.firstCard], [t('round.cardsUsed'), v.cardsUsed]];
  const columns: Column<Bet>[] = [
    { key: 'account', header: t('round.columns.account'), cell: (bet) => <strong>{bet.account}</strong> },
    { key: 'chips', header: t('round.columns.chips'), cell: (bet) => <span className="lv-limits">{bet.chips.map((chip, index) => <span key={index}>{spotName(chip.spot)}: {money(chip.amount)}{chip.win !== null && chip.win !== '0.00' ? ` → ${money(chip.win)}` : ''}</span>)}</span> },
    { key: 'amount', header: t('round.columns.amount'), cell: (bet) => <span className="lv-nowrap">{money(bet.amount)}</span>, numeric: true },
    { key: 'win', header: t('round.columns.win'), cell: (bet) => <span className="lv-nowrap">{money(bet.win)}</span>, numeric: true },
    { key: 'status', header: t('round.columns.status'), cell: (bet) => <span className={`lv-badge lv-badge--${bet.status}`}>{t(`betStatus.${bet.status}`)}</span> },
    { key: 'at', header: t('round.columns.at'), cell: (bet) => <span className="lv-nowrap lv-small">{formatDateTime(bet.createdAt, i18n.language)}</span> },
  ];
  return (
    <Page title={t('round.title', { table: name, number: round.number })} testId="lv-round-page">
      <p><Link to={`/live/rounds?table=${round.tableCode}`}>← {t('round.back')}</Link></p>
      <Facts
        items={[
          [t('round.phase'), <span className={`lv-badge lv-badge--${round.phase}`}>{t(`phase.${round.phase}`)}</span>],
          [t('round.bettingEndsAt'), when(round.bettingEndsAt)],
          [t('round.resultAt'), when(round.resultAt)],
          [t('round.settledAt'), when(round.settledAt)],
          [t('round.bets'), round.bets],
          [t('round.players'), round.players],
          [t('round.staked'), money(round.staked)],
          [t('round.paid'), money(round.paid)],
          [t('round.unclosed'), round.unclosed],
        ]}
      />
      <h2 className="lv-section-title">{t('round.result')}</h2>
      <ResultView result={round.result} />
      <h2 className="lv-section-title">{t('round.verification')}</h2>
      <Facts items={verification} wide />
      <h2 className="lv-section-title">{t('round.betsTitle')}</h2>
      <DataTable rows={bets} columns={columns} rowKey={(bet) => bet.id} testId="lv-round-bets" empty={t('round.betsEmpty')} />
    </Page>
  );
}
