import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';

interface MiniTableGateProps {
  /** The house table's query (limits, RTP, the round in progress): the game plays on it. */
  table: { isPending: boolean; data?: unknown; error: unknown };
  /** Demo mode was asked for: the game says plainly that these rounds use the real balance. */
  demoRequested: boolean;
  children: (notice: ReactNode) => ReactNode;
}

/** A house game's screen while what it needs first (the session, the table) is on its way. */
export function MiniLoading() {
  const { t } = useTranslation('games');
  return (
    <div className="mini-screen mini-screen--loading" data-testid="mini-loading">
      <Spinner label={t('launch.loading')} size={44} />
    </div>
  );
}

/** A house game's screen before its table is in: a spinner, or why it could not be read; then the game. */
export function MiniTableGate({ table, demoRequested, children }: MiniTableGateProps) {
  const { t } = useTranslation('games');
  const errorMessage = useErrorMessage();
  if (table.isPending) return <MiniLoading />;
  if (!table.data) {
    return (
      <div className="mini-screen" data-testid="mini-load-error">
        <Alert tone="error">{errorMessage(table.error)}</Alert>
      </div>
    );
  }
  const notice = demoRequested ? (
    <Alert tone="info" data-testid="mini-demo-notice">
      {t('mini.demo.realOnly')}
    </Alert>
  ) : null;
  return children(notice);
}
