import { useTranslation } from 'react-i18next';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useLiveLobby } from '../api/use-live-lobby.ts';
import { TableCard } from './table-card.tsx';

/** "Mesas da Casa": the house's live tables, above the live vendors' tiles on /live. */
export function LobbySection() {
  const { t } = useTranslation('live');
  const errorMessage = useErrorMessage();
  const lobby = useLiveLobby();
  return (
    <section className="live-lobby" data-testid="live-lobby" aria-labelledby="live-lobby-title">
      <div className="live-lobby__head">
        <h2 id="live-lobby-title" className="live-lobby__title">
          {t('lobby.title')}
        </h2>
        <p className="live-muted">{t('lobby.subtitle')}</p>
      </div>
      {lobby.data ? (
        lobby.data.tables.length === 0 ? (
          <p className="live-muted" data-testid="live-lobby-empty">
            {t('lobby.empty')}
          </p>
        ) : (
          <div className="live-lobby__grid">
            {lobby.data.tables.map((table) => (
              <TableCard key={table.code} table={table} />
            ))}
          </div>
        )
      ) : lobby.isError ? (
        <div className="live-lobby__error" data-testid="live-lobby-error">
          <Alert tone="error">{errorMessage(lobby.error)}</Alert>
          <Button variant="outline" size="sm" onClick={() => void lobby.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : (
        <Spinner label={t('lobby.loading')} />
      )}
    </section>
  );
}
