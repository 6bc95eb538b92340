import { useTranslation } from 'react-i18next';
import type { TeamFigures } from '@app/contracts';
import { SignedAmount, type WalletFormat } from '../../wallet/index.ts';
import { Stat } from './report-kit.tsx';

/** The money of a team (or one member) over a period: cash in and out, play, and its result. */
export function TeamFiguresGrid({ figures, format, testId }: { figures: TeamFigures; format: WalletFormat; testId: string }) {
  const { t } = useTranslation('agent');
  const count = (value: number) => format.points(String(value));
  return (
    <div className="agent-stats" data-testid={testId}>
      <Stat label={t('figures.deposits')} value={format.money(figures.deposits)} testId={`${testId}-deposits`} />
      <Stat label={t('figures.withdrawals')} value={format.money(figures.withdrawals)} testId={`${testId}-withdrawals`} />
      <Stat label={t('figures.bets')} value={count(figures.bets)} hint={t('figures.betsHint')} testId={`${testId}-bets`} />
      <Stat label={t('figures.stake')} value={format.money(figures.stake)} testId={`${testId}-stake`} />
      <Stat label={t('figures.validBet')} value={format.money(figures.validBet)} hint={t('figures.validBetHint')} testId={`${testId}-validBet`} />
      <Stat label={t('figures.payout')} value={format.money(figures.payout)} testId={`${testId}-payout`} />
      <Stat
        label={t('figures.profitLoss')}
        value={<SignedAmount amount={figures.profitLoss} format={format} />}
        hint={t('figures.profitLossHint')}
        testId={`${testId}-profitLoss`}
        tone="highlight"
      />
    </div>
  );
}
