import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { Alert, Spinner } from '@app/ui';
import { VIP_PRODUCT_TYPES, type VipLevelInput, type VipOverview, type VipProgressTarget } from '@app/contracts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { getToken } from '../../../shared/session-token.ts';
import { EmptyState, LoadFailed, TitledCard, useWalletFormat, walletBalanceQueryOptions, type WalletFormat } from '../../wallet/index.ts';
import { vipKeys, vipOverviewQueryOptions } from '../vip.api.ts';
import { VipBadge } from './vip-badge.tsx';
import './vip.css';

type Names = VipLevelInput['names'];

/** /member?tab=vip (spec §2 "VIP bonus"): the member's level, progress to the next, the levels and the retention rule. */
export function VipPage() {
  const { t, i18n } = useTranslation(['wallet', 'common']);
  const balance = useQuery(walletBalanceQueryOptions(getToken()));
  const format = useWalletFormat(balance.data?.currencySymbol ?? 'R$');
  // Progress moves with every settled round: the page follows it while open.
  const overview = useQuery({ ...vipOverviewQueryOptions(getToken()), refetchInterval: 15_000 });
  // The page recomputes the member's level: the badge in the menus follows a new rank at once.
  const queryClient = useQueryClient();
  const rank = overview.data?.rank;
  useEffect(() => {
    if (rank !== undefined) void queryClient.invalidateQueries({ queryKey: vipKeys.states(getToken()) });
  }, [rank, queryClient]);
  if (overview.isError) return <LoadFailed error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />;
  if (!overview.data) return <Spinner label={t('common:loading')} layout="block" />;
  const data = overview.data;
  if (data.levels.length === 0) return <EmptyState testId="vip-empty">{t('wallet:vip.empty')}</EmptyState>;
  const language = currentLanguage(i18n);
  const nameOf = (names: Names) => names[language];
  const held = data.levels.find((level) => level.rank === data.rank);
  const next = data.next ? data.levels.find((level) => level.rank === data.next!.rank) : undefined;
  const heldName = held ? nameOf(held.names) : t('wallet:vip.rank', { rank: data.rank });
  return (
    <div className="stack" data-testid="vip-page">
      <TitledCard titleId="vip-level-title" title={t('wallet:vip.levelTitle')} testId="vip-level-card">
        <div className="vip-level">
          <VipBadge badge={held?.badge ?? null} rank={data.rank} name={heldName} size="lg" />
          <div className="vip-level__text">
            <p className="vip-level__name" data-testid="vip-level-name" data-rank={data.rank}>
              {heldName}
            </p>
            <p className="wallet-card__hint">{data.since ? t('wallet:vip.since', { time: format.dateTime(data.since) }) : t('wallet:vip.baseLevel')}</p>
            <p className="wallet-card__hint" data-testid="vip-counted">
              {t('wallet:vip.counted', { validBet: format.money(data.validBet), deposits: format.money(data.deposits) })}
            </p>
          </div>
        </div>
      </TitledCard>
      <TitledCard titleId="vip-progress-title" title={next ? t('wallet:vip.progressTitle', { name: nameOf(next.names) }) : t('wallet:vip.levelTitle')} testId="vip-progress-card">
        {data.next ? (
          <>
            <Progress testId="vip-progress-valid-bet" label={t('wallet:vip.validBet')} target={data.next.validBet} format={format} />
            <Progress testId="vip-progress-deposits" label={t('wallet:vip.deposits')} target={data.next.deposits} format={format} />
            <p className="wallet-card__hint">{t('wallet:vip.both')}</p>
          </>
        ) : (
          <Alert tone="info" data-testid="vip-top-level">
            {t('wallet:vip.topLevel')}
          </Alert>
        )}
      </TitledCard>
      <Retention data={data} heldName={heldName} format={format} />
      <TitledCard titleId="vip-levels-title" title={t('wallet:vip.levelsTitle')} testId="vip-levels-card">
        <LevelsTable data={data} nameOf={nameOf} format={format} />
        <p className="wallet-card__hint" data-testid="vip-bonus-rule">
          {t('wallet:vip.bonusRule')}
        </p>
      </TitledCard>
    </div>
  );
}

function Progress({ label, target, format, testId }: { label: string; target: VipProgressTarget; format: WalletFormat; testId: string }) {
  const { t } = useTranslation('wallet');
  const done = target.remaining === '0.00';
  return (
    <div className="vip-progress" data-testid={testId}>
      <div className="vip-progress__head">
        <strong>{label}</strong>
        <span className={done ? 'vip-progress__state is-done' : 'vip-progress__state'}>{done ? t('vip.reached') : t('vip.remaining', { amount: format.money(target.remaining) })}</span>
      </div>
      <div className="vip-progress__track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={target.percent} aria-label={t('vip.progressLabel', { what: label })}>
        <span className="vip-progress__bar" style={{ width: `${target.percent}%` }} />
      </div>
      <p className="vip-progress__line" data-testid={`${testId}-line`}>
        {t('vip.progress', { current: format.money(target.current), required: format.money(target.required), percent: target.percent })}
      </p>
    </div>
  );
}

function Retention({ data, heldName, format }: { data: VipOverview; heldName: string; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  const free = data.retention.required === '0.00';
  return (
    <TitledCard titleId="vip-retention-title" title={t('vip.retentionTitle')} testId="vip-retention-card">
      <p className="vip-retention" data-testid="vip-retention-rule">
        {free ? t('vip.retentionFree', { name: heldName }) : t('vip.retentionRule', { name: heldName, required: format.money(data.retention.required) })}
      </p>
      {free ? null : (
        <p className="wallet-card__hint" data-testid="vip-retention-month">
          {t('vip.retentionMonth', { amount: format.money(data.retention.monthValidBet), required: format.money(data.retention.required), time: format.dateTime(data.retention.monthEnds) })}
        </p>
      )}
    </TitledCard>
  );
}

function LevelsTable({ data, nameOf, format }: { data: VipOverview; nameOf: (names: Names) => string; format: WalletFormat }) {
  const { t, i18n } = useTranslation('wallet');
  const percent = new Intl.NumberFormat(intlLocaleOf(currentLanguage(i18n)), { maximumFractionDigits: 3 });
  const bonus = (value: VipLevelInput['upgradeBonus']) => (value.amount === '0.00' ? t('vip.table.none') : t('vip.bonusWithWagering', { amount: format.money(value.amount), multiple: value.wageringMultiple }));
  return (
    <div className="vip-table-scroll">
      <table className="vip-table" data-testid="vip-levels">
        <thead>
          <tr>
            <th scope="col">{t('vip.table.level')}</th>
            <th scope="col">{t('vip.table.requirements')}</th>
            <th scope="col">{t('vip.table.upgradeBonus')}</th>
            <th scope="col">{t('vip.table.monthlyBonus')}</th>
            <th scope="col">{t('vip.table.rebates')}</th>
            <th scope="col">{t('vip.table.withdrawalLimit')}</th>
          </tr>
        </thead>
        <tbody>
          {data.levels.map((level) => (
            <tr key={level.rank} className={level.rank === data.rank ? 'is-current' : undefined} data-testid="vip-level-row" data-rank={level.rank} aria-current={level.rank === data.rank ? 'true' : undefined}>
              <th scope="row">
                <span className="vip-table__level">
                  <VipBadge badge={level.badge} rank={level.rank} name={nameOf(level.names)} size="sm" />
                  <span>
                    {nameOf(level.names)}
                    {level.rank === data.rank ? <span className="vip-table__current">{t('vip.table.current')}</span> : null}
                  </span>
                </span>
              </th>
              <td data-label={t('vip.table.requirements')}>{level.rank === 0 ? t('vip.table.free') : t('vip.table.requirement', { validBet: format.money(level.minValidBet), deposits: format.money(level.minDeposit) })}</td>
              <td data-label={t('vip.table.upgradeBonus')}>{bonus(level.upgradeBonus)}</td>
              <td data-label={t('vip.table.monthlyBonus')}>{bonus(level.monthlyBonus)}</td>
              <td className="vip-table__rebates" data-label={t('vip.table.rebates')}>
                {VIP_PRODUCT_TYPES.filter((type) => Number(level.rebates[type]) > 0)
                  .map((type) => t('vip.rebate', { type: t(`vip.productTypes.${type}`), percent: percent.format(Number(level.rebates[type])) }))
                  .join(' · ') || t('vip.table.none')}
              </td>
              <td data-label={t('vip.table.withdrawalLimit')}>{level.withdrawalLimitPerDay === null ? t('vip.table.noLimit') : format.money(level.withdrawalLimitPerDay)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
