import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_TYPES, type JournalType, type MemberDetail, type OperatorDeposit, type OperatorWithdrawal } from '@app/contracts';
import { SelectField } from '@app/ui';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { ADJUSTMENT_TONE } from './labels.ts';
import { LIST_PAGE_SIZE, useAdjustments, useMemberBalances, useMemberBets, useMemberDeposits, useMemberLedger, useMemberWithdrawals } from './members.api.ts';

/** Previous / next for lists that know only whether more follow (no total: a member may have millions of bets). */
function MorePager({ pageNo, hasMore, onPage }: { pageNo: number; hasMore: boolean; onPage: (pageNo: number) => void }) {
  if (pageNo === 1 && !hasMore) return null;
  return <Pager pageNo={pageNo} hasMore={hasMore} onPage={onPage} />;
}

export function BalancesTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation('admin-members');
  const session = useSession();
  const balances = useMemberBalances(member.id, true);
  const adjustments = useAdjustments({ status: '', memberId: member.id, pageNo: 1 }, session.can('balance.adjust.request'));
  const money = (amount: string) => formatMoney(amount, i18n.language);
  return (
    <>
      <QueryState query={balances}>
        {() => (
          <div className="bo-tiles" data-testid="member-balances">
            <div className="bo-card">
              <p className="bo-muted">{t('balances.cash')}</p>
              <p className="bo-members__figure" data-testid="member-cash">{money(balances.data!.cash)}</p>
            </div>
            <div className="bo-card">
              <p className="bo-muted">{t('balances.bonus')}</p>
              <p className="bo-members__figure">{money(balances.data!.bonus)}</p>
            </div>
            <div className="bo-card">
              <p className="bo-muted">{t('balances.points')}</p>
              <p className="bo-members__figure">{balances.data!.points}</p>
            </div>
            {balances.data!.vendors.map((pocket) => (
              <div className="bo-card" key={pocket.vendor}>
                <p className="bo-muted">{t('balances.vendor', { vendor: pocket.vendor })}</p>
                <p className="bo-members__figure">{money(pocket.balance)}</p>
              </div>
            ))}
          </div>
        )}
      </QueryState>
      {session.can('balance.adjust.request') ? (
        <>
          <h2 className="bo-members__heading">{t('adjustments.ofMember')}</h2>
          <QueryState query={adjustments}>
            {() => (
              <DataTable
                testId="member-adjustments"
                rows={adjustments.data?.content ?? []}
                rowKey={(row) => row.id}
                empty={t('adjustments.empty')}
                columns={[
                  { key: 'id', header: t('adjustments.columns.id'), cell: (row) => row.id },
                  { key: 'amount', header: t('adjustments.columns.amount'), numeric: true, cell: (row) => money(row.amount) },
                  { key: 'reason', header: t('adjustments.columns.reason'), cell: (row) => row.reason },
                  { key: 'status', header: t('adjustments.columns.status'), cell: (row) => <Badge tone={ADJUSTMENT_TONE[row.status]}>{t(`adjustments.status.${row.status}`)}</Badge> },
                  { key: 'requested', header: t('adjustments.columns.requestedBy'), cell: (row) => `${row.requestedBy.username} · ${formatDateTime(row.requestedAt, i18n.language)}` },
                ]}
              />
            )}
          </QueryState>
        </>
      ) : null}
    </>
  );
}

export function LedgerTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation(['admin-members', 'admin']);
  const [type, setType] = useState<JournalType | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const ledger = useMemberLedger(member.id, { type, pageNo }, true);
  const amount = (value: string, pocket: string) => (pocket === 'points' ? value : formatMoney(value, i18n.language));
  return (
    <>
      <div className="bo-filters">
        <SelectField
          label={t('ledger.type')}
          value={type}
          onValueChange={(value) => {
            setType(value);
            setPageNo(1);
          }}
          options={[{ value: '' as const, label: t('admin:common.all') }, ...JOURNAL_TYPES.map((value) => ({ value, label: t(`journalTypes.${value}`) }))]}
          data-testid="member-ledger-type"
        />
      </div>
      <QueryState query={ledger}>
        {() => (
          <>
            <DataTable
              testId="member-ledger"
              rows={ledger.data?.content ?? []}
              rowKey={(row) => `${row.journalId}-${row.pocket}`}
              empty={t('ledger.empty')}
              columns={[
                { key: 'at', header: t('ledger.at'), cell: (row) => formatDateTime(row.at, i18n.language) },
                { key: 'journal', header: t('ledger.journal'), cell: (row) => row.journalId },
                { key: 'type', header: t('ledger.type'), cell: (row) => t(`journalTypes.${row.type}`, { defaultValue: row.type }) },
                { key: 'pocket', header: t('ledger.pocket'), cell: (row) => row.pocket },
                { key: 'amount', header: t('ledger.amount'), numeric: true, cell: (row) => <span className={row.amount.startsWith('-') ? 'bo-members__debit' : 'bo-members__credit'}>{amount(row.amount, row.pocket)}</span> },
                { key: 'after', header: t('ledger.balanceAfter'), numeric: true, cell: (row) => amount(row.balanceAfter, row.pocket) },
                { key: 'reference', header: t('ledger.reference'), cell: (row) => <span className="bo-small">{row.reference ?? '—'}</span> },
              ]}
            />
            <MorePager pageNo={pageNo} hasMore={ledger.data?.hasMore ?? false} onPage={setPageNo} />
          </>
        )}
      </QueryState>
    </>
  );
}

export function BetsTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation('admin-members');
  const [pageNo, setPageNo] = useState(1);
  const bets = useMemberBets(member.id, pageNo, true);
  const money = (value: string) => formatMoney(value, i18n.language);
  return (
    <QueryState query={bets}>
      {() => (
        <>
          <DataTable
            testId="member-bets"
            rows={bets.data?.content ?? []}
            rowKey={(row) => `${row.vendor}-${row.roundId}`}
            empty={t('bets.empty')}
            columns={[
              { key: 'opened', header: t('bets.openedAt'), cell: (row) => formatDateTime(row.openedAt, i18n.language) },
              { key: 'game', header: t('bets.game'), cell: (row) => `${row.vendor} · ${row.gameCode}` },
              { key: 'round', header: t('bets.round'), cell: (row) => <span className="bo-small">{row.roundId}</span> },
              { key: 'bet', header: t('bets.bet'), numeric: true, cell: (row) => money(row.bet) },
              { key: 'win', header: t('bets.win'), numeric: true, cell: (row) => money(row.win) },
              { key: 'status', header: t('bets.status'), cell: (row) => <Badge tone={row.status === 'settled' ? 'ok' : row.status === 'open' ? 'warn' : 'neutral'}>{t(`bets.statuses.${row.status}`)}</Badge> },
            ]}
          />
          <MorePager pageNo={pageNo} hasMore={bets.data?.hasMore ?? false} onPage={setPageNo} />
        </>
      )}
    </QueryState>
  );
}

/** The payments module's deposits of this member (payments.read). */
export function DepositsTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation(['admin-members', 'admin-payments']);
  const [pageNo, setPageNo] = useState(1);
  const deposits = useMemberDeposits(member.account, pageNo);
  const columns: Column<OperatorDeposit>[] = [
    { key: 'id', header: t('payments.id'), cell: (row) => row.id },
    { key: 'created', header: t('payments.createdAt'), cell: (row) => formatDateTime(row.createdAt, i18n.language) },
    { key: 'amount', header: t('payments.amount'), numeric: true, cell: (row) => formatMoney(row.amount, i18n.language) },
    { key: 'status', header: t('payments.status'), cell: (row) => t(`admin-payments:depositStatus.${row.status}`, { defaultValue: row.status }) },
    { key: 'credited', header: t('payments.creditedAt'), cell: (row) => formatDateTime(row.creditedAt, i18n.language) },
  ];
  return (
    <PagedTable query={deposits} testId="member-deposits" columns={columns} rowKey={(row) => row.id} empty={t('payments.emptyDeposits')} pageNo={pageNo} pageSize={LIST_PAGE_SIZE} onPage={setPageNo} pagerOnlyWhenNeeded />
  );
}

/** The payments module's withdrawals of this member (payments.read). */
export function WithdrawalsTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation(['admin-members', 'admin-payments']);
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useMemberWithdrawals(member.account, pageNo);
  const columns: Column<OperatorWithdrawal>[] = [
    { key: 'id', header: t('payments.id'), cell: (row) => row.id },
    { key: 'requested', header: t('payments.requestedAt'), cell: (row) => formatDateTime(row.requestedAt, i18n.language) },
    { key: 'amount', header: t('payments.amount'), numeric: true, cell: (row) => formatMoney(row.amount, i18n.language) },
    { key: 'destination', header: t('payments.destination'), cell: (row) => <span className="bo-small">{row.destination}</span> },
    { key: 'status', header: t('payments.status'), cell: (row) => t(`admin-payments:withdrawalStatus.${row.status}`, { defaultValue: row.status }) },
    { key: 'paid', header: t('payments.paidAt'), cell: (row) => formatDateTime(row.paidAt, i18n.language) },
  ];
  return (
    <PagedTable query={withdrawals} testId="member-withdrawals" columns={columns} rowKey={(row) => row.id} empty={t('payments.emptyWithdrawals')} pageNo={pageNo} pageSize={LIST_PAGE_SIZE} onPage={setPageNo} pagerOnlyWhenNeeded />
  );
}
