import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner, UserIcon } from '@app/ui';
import type { Upline } from '@app/contracts';
import { EmptyState, LoadFailed } from '../panel-states.tsx';
import { TitledCard } from '../titled-card.tsx';

/** Who receives a transfer up: the member's direct upline, or a plain "there is none". */
export function UplineCard({ query }: { query: UseQueryResult<Upline> }) {
  const { t } = useTranslation(['wallet', 'errors', 'common']);
  const upline = query.data?.upline;
  return (
    <TitledCard titleId="upline-title" title={t('wallet:transfer.uplineTitle')} testId="upline-card">
      {upline ? (
        <div className="upline">
          <span className="upline__avatar" aria-hidden="true">
            <UserIcon size={22} />
          </span>
          <dl className="upline__details">
            <div>
              <dt>{t('wallet:transfer.uplineAccount')}</dt>
              <dd data-testid="upline-account">{upline.account}</dd>
            </div>
            {upline.nickname.trim() ? (
              <div>
                <dt>{t('wallet:transfer.uplineNickname')}</dt>
                <dd data-testid="upline-nickname">{upline.nickname}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      ) : upline === null ? (
        <EmptyState testId="upline-none">{t('errors:wallet.no_upline')}</EmptyState>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Spinner label={t('common:loading')} layout="block" size={28} />
      )}
    </TitledCard>
  );
}
