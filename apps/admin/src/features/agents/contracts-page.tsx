import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTRACT_KINDS, CONTRACT_STATUSES, type Contract, type ContractKind, type ContractStatus } from '@app/contracts';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { useContracts } from './agents.api.ts';
import { GrantDialog } from './grant-dialog.tsx';
import { CONTRACT_TONE, formatRate } from './labels.ts';
import './agents.css';

/** Contracts where an account is either party (or all), newest first; owners and finance grant top agents theirs. */
export default function ContractsPage() {
  const { t, i18n } = useTranslation(['admin-agents', 'admin']);
  const session = useSession();
  const mayGrant = session.can('agents.contracts.grant');
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<ContractKind | ''>('');
  const [status, setStatus] = useState<ContractStatus | ''>('active');
  const [granting, setGranting] = useState(false);
  const [granted, setGranted] = useState<Contract | null>(null);
  const query = useContracts({ account: account.trim().toLowerCase(), kind, status });

  const columns: Column<Contract>[] = [
    { key: 'id', header: t('contracts.columns.id'), cell: (row) => row.id },
    { key: 'kind', header: t('contracts.columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { key: 'downline', header: t('contracts.columns.downline'), cell: (row) => <Link to={`/agents/tree?root=${encodeURIComponent(row.downline)}`} className="bo-agents__nowrap">{row.downline}</Link> },
    { key: 'upline', header: t('contracts.columns.upline'), cell: (row) => (row.upline ? <span className="bo-agents__nowrap">{row.upline}</span> : <span className="bo-muted">{t('contracts.operator')}</span>) },
    { key: 'version', header: t('contracts.columns.version'), numeric: true, cell: (row) => row.version },
    { key: 'status', header: t('contracts.columns.status'), cell: (row) => <Badge tone={CONTRACT_TONE[row.status]}>{t(`contractStatus.${row.status}`)}</Badge> },
    { key: 'tiers', header: t('contracts.columns.tiers'), cell: (row) => <TierList contract={row} language={i18n.language} /> },
    { key: 'decided', header: t('contracts.columns.since'), cell: (row) => formatDateTime(row.decidedAt ?? row.offeredAt, i18n.language) },
    { key: 'ended', header: t('contracts.columns.ended'), cell: (row) => (row.endedAt ? `${formatDateTime(row.endedAt, i18n.language)}${row.endedBy ? ` · ${row.endedBy}` : ''}` : '—') },
  ];

  return (
    <Page
      title={t('contracts.title')}
      testId="agents-contracts-page"
      actions={
        mayGrant ? (
          <Button onClick={() => { setGranted(null); setGranting(true); }} data-testid="grant-open">
            {t('grant.open')}
          </Button>
        ) : null
      }
    >
      <div className="bo-filters">
        <TextField label={t('contracts.filters.account')} value={account} onChange={(event) => setAccount(event.target.value)} maxLength={64} data-testid="contracts-account" />
        <SelectField label={t('contracts.filters.kind')} value={kind} onValueChange={setKind} options={[{ value: '' as const, label: t('admin:common.all') }, ...CONTRACT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))]} data-testid="contracts-kind" />
        <SelectField label={t('contracts.filters.status')} value={status} onValueChange={setStatus} options={[{ value: '' as const, label: t('admin:common.all') }, ...CONTRACT_STATUSES.map((value) => ({ value, label: t(`contractStatus.${value}`) }))]} data-testid="contracts-status" />
      </div>
      {granted ? (
        <Alert tone="info" data-testid="grant-done">
          {t('grant.done', { kind: t(`kinds.${granted.kind}`), account: granted.downline, version: granted.version })}
        </Alert>
      ) : null}
      <QueryState query={query}>
        {() => (
          <>
            <DataTable columns={columns} rows={query.data?.contracts ?? []} rowKey={(row) => row.id} testId="contracts" empty={t('contracts.empty')} />
            {(query.data?.contracts.length ?? 0) >= 200 ? <p className="bo-muted">{t('contracts.limited')}</p> : null}
          </>
        )}
      </QueryState>
      {granting ? <GrantDialog initialAccount={account.trim()} onClose={() => setGranting(false)} onGranted={(contract) => { setGranting(false); setGranted(contract); }} /> : null}
    </Page>
  );
}

/** "≥ R$ 100,00 valid bet · ≥ 2 active → 1,2 %" per tier. */
function TierList({ contract, language }: { contract: Contract; language: string }) {
  const { t } = useTranslation('admin-agents');
  return (
    <ol className="bo-agents__tier-list">
      {contract.tiers.map((tier, index) => {
        const conditions: string[] = [];
        for (const field of ['minValidBet', 'minLoss', 'minSingleBet'] as const) {
          const value = tier[field];
          if (value !== undefined && Number(value) > 0) conditions.push(t(`tiers.${field}`, { amount: formatMoney(String(value), language) }));
        }
        if (tier.minActive !== undefined && Number(tier.minActive) > 0) conditions.push(t('tiers.minActive', { count: Number(tier.minActive) }));
        const rates =
          tier.rate !== undefined
            ? formatRate(String(tier.rate), language)
            : t('tiers.realtimeRates', { profit: formatRate(String(tier.profitRate ?? '0'), language), loss: formatRate(String(tier.lossRate ?? '0'), language) });
        return (
          <li key={index}>
            {conditions.length ? conditions.join(' · ') : t('tiers.any')} → <strong>{rates}</strong>
          </li>
        );
      })}
    </ol>
  );
}
