import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTRACT_FLAG, type Contract, type ContractKind, type ContractOverview } from '@app/contracts';
import { Alert, BanIcon, Button, ConfirmDialog, Spinner, Tabs } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { useSession, type MemberInfo } from '../../../account/index.ts';
import { EmptyState, LoadFailed, TitledCard } from '../../../wallet/index.ts';
import { contractFlagsQueryOptions } from '../../api/agent.queries.ts';
import { contractOverviewQueryOptions } from '../api/contracts.queries.ts';
import { ContractHistory } from '../components/contract-history.tsx';
import { ContractNotices } from '../components/contract-notices.tsx';
import { DownlineList } from '../components/downline-list.tsx';
import { OfferForm } from '../components/offer-form.tsx';
import { OfferList } from '../components/offer-item.tsx';
import { SettlementRecords } from '../components/settlement-records.tsx';
import { TierTable } from '../components/tier-table.tsx';
import { useContractDecision, type Decision } from '../hooks/use-contract-decision.ts';
import { useContractFormat, type ContractFormat } from '../hooks/use-contract-format.ts';
import '../../../wallet/components/wallet.css';
import '../components/contracts.css';

type PageTab = 'contract' | 'records';

/**
 * Agent centre: one contract kind's page (agentDividendRecordCopy2, agentDailyWages2,
 * agentHourSalary, agentRealtimeSalary). A kind the operator does not run is said so plainly
 * and nothing of it is offered (spec §2: the page exists only if the kind is enabled).
 */
export function ContractKindPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation(['contracts', 'common']);
  const { token, member } = useSession();
  const flags = useQuery(contractFlagsQueryOptions(token));
  if (flags.isError) return <LoadFailed error={flags.error} onRetry={() => void flags.refetch()} retrying={flags.isFetching} />;
  if (!flags.data || !member) return <Spinner label={t('common:loading')} layout="block" />;
  if (!flags.data[CONTRACT_FLAG[kind]]) {
    return (
      <EmptyState testId="contract-kind-disabled" icon={<BanIcon size={22} />}>
        {t('contracts:page.disabled', { kind: t(`contracts:kinds.${kind}`) })}
      </EmptyState>
    );
  }
  return <EnabledKindPage key={kind} kind={kind} member={member} />;
}

function EnabledKindPage({ kind, member }: { kind: ContractKind; member: MemberInfo }) {
  const { t } = useTranslation('contracts');
  const [tab, setTab] = useState<PageTab>('contract');
  const tabs = (['contract', 'records'] as const).map((id) => ({ id, label: t(`page.tabs.${id}`), testId: `contract-tab-${id}` }));
  return (
    <div className="contract-page wallet-page" data-testid={`contract-page-${kind}`}>
      <p className="contract-intro" data-testid="contract-intro">
        {t(`page.intro.${kind}`)}
      </p>
      <Tabs items={tabs} value={tab} onChange={setTab} label={t('page.tabsLabel')} />
      {tab === 'contract' ? <ContractPanel kind={kind} member={member} /> : <SettlementRecords kind={kind} currencySymbol={member.currencySymbol} />}
    </div>
  );
}

function ContractPanel({ kind, member }: { kind: ContractKind; member: MemberInfo }) {
  const { t } = useTranslation(['contracts', 'common']);
  const { token } = useSession();
  const overview = useQuery(contractOverviewQueryOptions(token, kind));
  const format = useContractFormat(member.currencySymbol);
  if (overview.isError) return <LoadFailed error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />;
  if (!overview.data) return <Spinner label={t('common:loading')} layout="block" />;
  return <ContractSections overview={overview.data} member={member} format={format} />;
}

function ContractSections({ overview, member, format }: { overview: ContractOverview; member: MemberInfo; format: ContractFormat }) {
  const { t } = useTranslation(['contracts', 'common']);
  const errorMessage = useErrorMessage();
  const decisions = useContractDecision();
  const [downline, setDownline] = useState('');
  const [terminating, setTerminating] = useState<Contract | null>(null);
  const [notice, setNotice] = useState<Decision | null>(null);
  const formRef = useRef<HTMLElement>(null);
  const { kind, mine } = overview;

  const decide = (contract: Contract, decision: Decision) => {
    setNotice(null);
    decisions.decide(contract, decision, () => setNotice(decision));
  };
  const offerTo = (account: string) => {
    setDownline(account);
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const confirmTerminate = () => {
    if (!terminating) return;
    setNotice(null);
    decisions.decide(terminating, 'terminate', () => setNotice('terminate'));
    setTerminating(null);
  };

  return (
    <div className="contract-sections">
      {notice ? (
        <Alert tone="info" data-testid="decision-notice">
          {t(`contracts:notices.${notice}`)}
        </Alert>
      ) : null}

      <ContractNotices kind={kind} format={format} />

      <TitledCard level={2} titleId="my-contract-title" title={t('contracts:mine.title')} testId="my-contract">
        {mine ? (
          <>
            <p className="contract-downline__label">
              {mine.upline
                ? t('contracts:mine.since', { from: mine.upline, version: mine.version, time: format.dateTime(mine.decidedAt ?? mine.offeredAt) })
                : t('contracts:mine.sinceFromPlatform', { version: mine.version, time: format.dateTime(mine.decidedAt ?? mine.offeredAt) })}
            </p>
            <TierTable kind={kind} tiers={mine.tiers} format={format} testId="my-tiers" />
            {decisions.errorFor(mine.id) ? <Alert data-testid="my-contract-error">{errorMessage(decisions.errorFor(mine.id))}</Alert> : null}
            <div className="contract-actions contract-actions--start">
              <Button variant="ghost" size="sm" className="contract-danger" disabled={decisions.isPending} onClick={() => setTerminating(mine)} data-testid="my-terminate">
                {t('contracts:actions.terminate')}
              </Button>
            </div>
          </>
        ) : (
          <EmptyState testId="my-contract-none">{t('contracts:mine.none')}</EmptyState>
        )}
        {overview.offersToMe.length > 0 ? (
          <div className="contract-offers" data-testid="offers-to-me">
            <h3 className="contract-subtitle">{t('contracts:mine.offers', { count: overview.offersToMe.length })}</h3>
            <OfferList offers={overview.offersToMe} format={format} decisions={decisions} onDecide={decide} />
          </div>
        ) : null}
      </TitledCard>

      <TitledCard level={2} titleId="downlines-title" title={t('contracts:downlines.title')} hint={t('contracts:downlines.hint')} testId="contract-downlines">
        <DownlineList
          overview={overview}
          format={format}
          canOffer={mine !== null}
          onOffer={offerTo}
          onDecide={(contract, decision) => (decision === 'terminate' ? setTerminating(contract) : decide(contract, decision))}
          decisions={decisions}
        />
      </TitledCard>

      <TitledCard level={2} titleId="offer-title" title={t('contracts:form.title')} className="contract-offer-card" ref={formRef} testId="contract-offer-card">
        {mine === null ? (
          <EmptyState testId="offer-needs-contract">{t('contracts:form.needsContract')}</EmptyState>
        ) : overview.downlines.length === 0 ? (
          <EmptyState testId="offer-no-downlines">{t('contracts:form.noDownlines')}</EmptyState>
        ) : (
          <OfferForm kind={kind} limits={overview.limits} downlines={overview.downlines} downline={downline} onDownlineChange={setDownline} format={format} />
        )}
      </TitledCard>

      <TitledCard level={2} titleId="history-title" title={t('contracts:history.title')} testId="contract-history-card">
        <ContractHistory history={overview.history} me={member.account} format={format} />
      </TitledCard>

      <ConfirmDialog
        open={terminating !== null}
        title={t('contracts:terminate.title')}
        message={
          terminating?.downline === member.account
            ? t('contracts:terminate.mine')
            : t('contracts:terminate.downline', { account: terminating?.downline ?? '' })
        }
        confirmLabel={t('contracts:actions.terminate')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirmTerminate}
        onCancel={() => setTerminating(null)}
        busy={decisions.isPending}
        testId="terminate-confirm"
      />
    </div>
  );
}
