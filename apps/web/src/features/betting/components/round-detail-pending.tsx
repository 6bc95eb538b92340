import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';

/** A round's details (house or crash) before they are in: a spinner, or why they could not be read, with a retry. */
export function RoundDetailPending({ round }: { round: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'isFetching' | 'refetch'> }) {
  const { t } = useTranslation(['betting', 'common']);
  const errorMessage = useErrorMessage();
  if (!round.isError) return <Spinner label={t('common:loading')} layout="block" />;
  return (
    <div className="round-detail__state" data-testid="round-detail-failed">
      <Alert>
        {t('betting:detail.loadFailed')} {errorMessage(round.error)}
      </Alert>
      <Button variant="outline" size="sm" onClick={() => void round.refetch()} disabled={round.isFetching}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
