import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CoinsIcon, Tabs } from '@app/ui';
import { useSession } from '../../account/index.ts';
import { TitledCard, useWalletFormat } from '../../wallet/index.ts';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { pointsBalanceQueryOptions } from '../api/points.api.ts';
import { ConvertForm } from '../components/convert-form.tsx';
import { MallGrid } from '../components/mall-grid.tsx';
import { PointsDetails } from '../components/points-details.tsx';
import { PointsRules } from '../components/points-rules.tsx';
import { RedeemHistory } from '../components/redeem-history.tsx';
import '../../wallet/components/wallet.css';
import '../components/points.css';

const TABS = ['mall', 'details', 'history', 'convert', 'rules'] as const;
type PointsTab = (typeof TABS)[number];

const PANELS: Record<PointsTab, () => JSX.Element> = { mall: MallGrid, details: PointsDetails, history: RedeemHistory, convert: ConvertForm, rules: PointsRules };

/** /pointMall (a member route: the router sends visitors to log in): the member's points, the mall, points details, redeem history, conversion and the rules with the exchange-rate table. */
export function PointMallPage() {
  const { t } = useTranslation('pages');
  const [params, setParams] = useSearchParams();
  const { token } = useSession();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'mall';
  const Panel = PANELS[tab];
  return (
    <div className="page points-page" data-testid="points-page">
      <PageHeader title={t('pointMall.title')} icon={<CoinsIcon />} subtitle={t('pointMall.subtitle')} />
      <BalanceCard token={token} />
      <div className="points-tabs">
        <Tabs label={t('pointMall.tabsLabel')} value={tab} onChange={(next) => setParams({ tab: next }, { replace: true })} items={TABS.map((id) => ({ id, label: t(`pointMall.tabs.${id}`) }))} />
      </div>
      <Panel />
    </div>
  );
}

function BalanceCard({ token }: { token: string | null }) {
  const { t } = useTranslation('pages');
  const format = useWalletFormat('R$');
  const balance = useQuery({ ...pointsBalanceQueryOptions(token), refetchInterval: 10_000 });
  return (
    <TitledCard titleId="points-balance-title" title={t('pointMall.balance.title')} testId="points-balance-card" className="points-balance">
      <p className="points-balance__figure" data-testid="points-balance">
        {balance.data ? format.points(balance.data.points) : '…'}
      </p>
      {balance.data ? (
        <p className="wallet-card__hint" data-testid="points-balance-totals">
          {t('pointMall.balance.totals', { earned: format.points(balance.data.earned), spent: format.points(balance.data.spent) })}
        </p>
      ) : null}
    </TitledCard>
  );
}
