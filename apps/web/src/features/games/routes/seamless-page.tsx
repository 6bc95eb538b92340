import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MaintenanceDetailsSchema } from '@app/contracts';
import { AlertIcon, Button, Spinner } from '@app/ui';
import { isApiError } from '../../../shared/api-client.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { GameStage } from '../components/game-stage.tsx';
import { MaintenanceDialog } from '../components/maintenance-dialog.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { useLaunch } from '../hooks/use-launch.ts';
import { useTransferBack } from '../hooks/use-transfer-back.ts';
import { isSafeLaunchUrl } from '../launch-url.ts';
import '../components/game-stage.css';

/** /seamless: launches the game in the address and runs it in a frame (spec §2 game page). */
export function SeamlessPage() {
  const { t } = useTranslation(['games', 'errors']);
  const errorMessage = useErrorMessage();
  const launch = useLaunch();
  const goBack = useGoBack(launch.data?.game.gameType);
  useTransferBack(launch.data);

  if (!launch.request) return <LaunchProblem message={t('errors:catalogue.launch_target_missing')} onBack={goBack} testId="launch-target-missing" />;
  if (launch.data) {
    if (!isSafeLaunchUrl(launch.data.url)) return <LaunchProblem message={t('games:launch.invalidUrl')} onBack={goBack} testId="launch-invalid-url" />;
    return <GameStage launch={launch.data} onBack={goBack} />;
  }
  if (launch.isError) {
    const error = launch.error;
    if (isApiError(error) && error.code === 'catalogue.game_maintenance') {
      const details = MaintenanceDetailsSchema.safeParse(error.details ?? {});
      return (
        <>
          <LaunchProblem message={t('errors:catalogue.game_maintenance')} onBack={goBack} testId="launch-maintenance" />
          <MaintenanceDialog alternatives={details.success ? details.data.alternatives : []} onClose={goBack} />
        </>
      );
    }
    return <LaunchProblem message={errorMessage(error)} onBack={goBack} onRetry={() => void launch.refetch()} retrying={launch.isFetching} testId="launch-error" />;
  }
  return (
    <div className="seamless-page seamless-page--loading" data-testid="launch-loading">
      <h1 className="seamless-page__title" data-testid="page-title">
        {t('games:launch.loading')}
      </h1>
      <Spinner label={t('games:launch.loading')} size={44} />
    </div>
  );
}

interface LaunchProblemProps {
  message: ReactNode;
  onBack: () => void;
  onRetry?: () => void;
  retrying?: boolean;
  testId: string;
}

function LaunchProblem({ message, onBack, onRetry, retrying, testId }: LaunchProblemProps) {
  const { t } = useTranslation('games');
  return (
    <div className="seamless-page" data-testid={testId}>
      <div className="launch-problem" role="alert">
        <span className="launch-problem__icon">
          <AlertIcon size={26} />
        </span>
        <h1 className="launch-problem__title" data-testid="page-title">
          {t('launch.failedTitle')}
        </h1>
        <p className="launch-problem__message" data-testid="launch-message">
          {message}
        </p>
        <div className="launch-problem__actions">
          <Button variant="outline" onClick={onBack} data-testid="launch-back">
            {t('launch.back')}
          </Button>
          {onRetry ? (
            <Button onClick={onRetry} disabled={retrying} aria-busy={retrying} data-testid="launch-retry">
              {t('list.retry')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
