import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminVipLevelList, AdminVipMemberList } from '@app/contracts';
import { Button } from '@app/ui';
import { DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useVipLevels, useVipMembers } from './vip.api.ts';
import { VipLevelEditor } from './vip-level-editor.tsx';
import './vip.css';

type Level = AdminVipLevelList['levels'][number];
type Member = AdminVipMemberList['content'][number];

/** VIP levels (promotions.manage): define levels, see how many members hold each and who they are. */
export default function VipLevelsPage() {
  const { t, i18n } = useTranslation('admin-vip');
  const query = useVipLevels();
  const [editing, setEditing] = useState<{ level: Level | null; rank: number } | null>(null);
  const [listed, setListed] = useState<number | null>(null);
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const name = (level: Level) => (i18n.language === 'en' ? level.names.en : level.names.pt);
  const bonus = (value: Level['upgradeBonus']) => (value.amount === '0.00' ? '—' : t('bonusWithWagering', { amount: money(value.amount), multiple: value.wageringMultiple }));
  const levels = query.data?.levels ?? [];
  const nextRank = levels.length === 0 ? 0 : Math.max(...levels.map((level) => level.rank)) + 1;

  const columns: Column<Level>[] = [
    {
      key: 'level',
      header: t('columns.level'),
      cell: (row) => (
        <span className="vip-admin-level">
          <span className={`vip-admin-badge vip-admin-badge--${row.badge.startsWith('colour:') ? row.badge.slice(7) : 'image'}`} aria-hidden="true">
            {row.badge.startsWith('colour:') ? row.rank : <img src={row.badge} alt="" />}
          </span>
          <span className="vip-nowrap">
            <strong data-testid={`vip-level-name-${row.rank}`}>{name(row)}</strong>
            <br />
            <span className="bo-small bo-muted">{t('rank', { rank: row.rank })}</span>
          </span>
        </span>
      ),
    },
    { key: 'thresholds', header: t('columns.thresholds'), cell: (row) => <span className="bo-small vip-nowrap">{t('thresholdBet', { amount: money(row.minValidBet) })}<br />{t('thresholdDeposit', { amount: money(row.minDeposit) })}</span> },
    { key: 'retention', header: t('columns.retention'), cell: (row) => <span className="vip-nowrap">{row.retentionValidBet === '0.00' ? '—' : money(row.retentionValidBet)}</span> },
    { key: 'bonuses', header: t('columns.bonuses'), cell: (row) => <span className="bo-small vip-nowrap">{t('upgrade', { bonus: bonus(row.upgradeBonus) })}<br />{t('monthly', { bonus: bonus(row.monthlyBonus) })}</span> },
    { key: 'limit', header: t('columns.withdrawalLimit'), cell: (row) => <span className="vip-nowrap">{row.withdrawalLimitPerDay === null ? t('noLimit') : money(row.withdrawalLimitPerDay)}</span> },
    { key: 'members', header: t('columns.members'), cell: (row) => <span data-testid={`vip-members-count-${row.rank}`}>{row.members.toLocaleString(i18n.language)}</span> },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (row) => (
        <span className="bo-actions vip-nowrap">
          <Button size="sm" variant="outline" onClick={() => setEditing({ level: row, rank: row.rank })} data-testid={`vip-edit-${row.rank}`}>
            {t('edit')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setListed(row.rank)} data-testid={`vip-list-${row.rank}`}>
            {t('listMembers')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Page
      title={t('title')}
      testId="vip-levels-page"
      actions={
        <Button onClick={() => setEditing({ level: null, rank: nextRank })} disabled={query.isPending} data-testid="vip-new">
          {t('new', { rank: nextRank })}
        </Button>
      }
    >
      <p className="bo-muted">{t('explain')}</p>
      <QueryState query={query}>
        {() => <DataTable rows={levels} columns={columns} rowKey={(row) => String(row.rank)} testId="vip-levels" empty={t('empty')} />}
      </QueryState>
      {listed !== null ? <MembersAt rank={listed} level={levels.find((level) => level.rank === listed)} /> : null}
      {editing ? <VipLevelEditor level={editing.level} rank={editing.rank} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function MembersAt({ rank, level }: { rank: number; level: Level | undefined }) {
  const { t, i18n } = useTranslation('admin-vip');
  const [page, setPage] = useState(1);
  const query = useVipMembers(rank, page);
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const columns: Column<Member>[] = [
    { key: 'account', header: t('members.account'), cell: (row) => <strong>{row.account}</strong> },
    { key: 'since', header: t('members.since'), cell: (row) => formatDateTime(row.since, i18n.language) },
    { key: 'validBet', header: t('members.validBet'), cell: (row) => money(row.validBet) },
    { key: 'deposits', header: t('members.deposits'), cell: (row) => money(row.deposits) },
  ];
  return (
    <section className="vip-admin-members" aria-labelledby="vip-members-title" data-testid="vip-members">
      <h2 id="vip-members-title" className="vip-admin-members__title">
        {t('members.title', { name: level ? (i18n.language === 'en' ? level.names.en : level.names.pt) : t('rank', { rank }) })}
      </h2>
      <p className="bo-muted bo-small">{t('members.explain')}</p>
      <QueryState query={query}>
        {() => (
          <>
            <DataTable rows={query.data?.content ?? []} columns={columns} rowKey={(row) => row.memberId} testId="vip-members-table" empty={t('members.empty')} />
            {query.data ? <Pager pageNo={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} /> : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
