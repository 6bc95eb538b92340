import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BONUS_GRANT_STATUSES, type AdminBonusGrant, type BonusGrantStatus } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { Badge, type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { useSession } from '../../shared/session.tsx';
import { ProposalDialog } from '../approvals/index.ts';
import { Page } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { LIST_PAGE_SIZE, useBonusGrants } from './members.api.ts';
import './members.css';

const TONE: Record<BonusGrantStatus, 'ok' | 'warn' | 'bad' | 'neutral'> = { active: 'warn', converted: 'ok', expired: 'neutral', forfeited: 'bad', cancelled: 'neutral' };

/** Every bonus grant, newest first, with its wagering: by member account and status. */
export default function BonusGrantsPage() {
  const { t, i18n } = useTranslation(['admin-members', 'admin']);
  const [accountText, setAccountText] = useState('');
  const [account, setAccount] = useState('');
  const [status, setStatus] = useState<BonusGrantStatus | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const query = useBonusGrants({ account, status, pageNo });
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const session = useSession();
  const [granting, setGranting] = useState(false);

  const columns: Column<AdminBonusGrant>[] = [
    { key: 'id', header: t('bonus.columns.id'), cell: (row) => row.id },
    {
      key: 'member',
      header: t('bonus.columns.member'),
      // The source kind under the account; its id (a promotion reward, a CLI key) on hover.
      cell: (row) => (
        <span>
          <Link to={`/members/${row.memberId}`} className="bo-members__nowrap">{row.account}</Link>
          <span className="bo-members__sub" title={row.sourceId}>{`${t('bonus.columns.source')}: ${row.sourceKind}`}</span>
        </span>
      ),
    },
    { key: 'amount', header: t('bonus.columns.amount'), numeric: true, cell: (row) => money(row.amount) },
    {
      key: 'wagering',
      header: t('bonus.columns.wagering'),
      numeric: true,
      cell: (row) => (
        <span>
          {`${money(row.done)} / ${money(row.required)}`}
          <span className="bo-members__sub">{`${row.wageringMultiple}×`}</span>
        </span>
      ),
    },
    {
      key: 'dates',
      header: t('bonus.columns.expires'),
      cell: (row) => (
        <span className="bo-members__nowrap">
          {formatDateTime(row.expiresAt, i18n.language)}
          <span className="bo-members__sub">{`${t('bonus.columns.created')}: ${formatDateTime(row.createdAt, i18n.language)}`}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('bonus.columns.status'),
      cell: (row) => (
        <span>
          <Badge tone={TONE[row.status]}>{t(`bonus.status.${row.status}`)}</Badge>
          {row.closedAmount && row.closedAt ? <span className="bo-members__sub">{`${money(row.closedAmount)} · ${formatDateTime(row.closedAt, i18n.language)}`}</span> : null}
        </span>
      ),
    },
  ];

  return (
    <Page title={t('bonus.title')} testId="bonus-grants-page">
      <p className="bo-muted">{t('bonus.explain')}</p>
      {session.can('balance.adjust.approve') ? (
        <div>
          <Button onClick={() => setGranting(true)} data-testid="bonus-grant-open">
            {t('bonus.grant.open')}
          </Button>
        </div>
      ) : null}
      {granting ? <GrantDialog onClose={() => setGranting(false)} /> : null}
      <form
        className="bo-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setAccount(accountText.trim());
          setPageNo(1);
        }}
      >
        <TextField label={t('bonus.columns.member')} value={accountText} onChange={(event) => setAccountText(event.target.value)} maxLength={40} data-testid="bonus-grants-account" />
        <SelectField
          label={t('bonus.columns.status')}
          value={status}
          onValueChange={(value) => { setStatus(value); setPageNo(1); }}
          options={[{ value: '' as const, label: t('admin:common.all') }, ...BONUS_GRANT_STATUSES.map((value) => ({ value, label: t(`bonus.status.${value}`) }))]}
          data-testid="bonus-grants-status"
        />
        <Button type="submit" data-testid="bonus-grants-search">
          {t('admin:common.search')}
        </Button>
      </form>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="bonus-grants" empty={t('bonus.empty')} pageNo={pageNo} pageSize={LIST_PAGE_SIZE} onPage={setPageNo} />
    </Page>
  );
}

/** A manual grant, proposed with its reason: it is granted when another operator approves it. */
function GrantDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin-members');
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [multiple, setMultiple] = useState('10');
  const [days, setDays] = useState('7');
  return (
    <ProposalDialog
      title={t('bonus.grant.title')}
      url="/api/backoffice/bonus/grants/proposal"
      body={{ account: account.trim(), amount: amount.trim().replace(',', '.'), wageringMultiple: Number(multiple.replace(',', '.')), expiryDays: Number(days) }}
      testId="bonus-grant"
      onClose={onClose}
    >
      <p className="bo-muted">{t('bonus.grant.explain')}</p>
      <TextField label={t('bonus.columns.member')} value={account} onChange={(event) => setAccount(event.target.value)} maxLength={40} data-testid="bonus-grant-account" />
      <TextField label={t('bonus.grant.amount')} value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" maxLength={15} data-testid="bonus-grant-amount" />
      <TextField label={t('bonus.grant.multiple')} value={multiple} onChange={(event) => setMultiple(event.target.value)} inputMode="decimal" maxLength={7} data-testid="bonus-grant-multiple" />
      <TextField label={t('bonus.grant.days')} value={days} onChange={(event) => setDays(event.target.value)} inputMode="numeric" maxLength={3} data-testid="bonus-grant-days" />
    </ProposalDialog>
  );
}
