import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { downloadDataExport, downloadHistory } from '../compliance.api.ts';
import './my-data.css';

type Feedback = { tone: 'info' | 'error'; text: string } | null;

/** /my-data: the financial history as CSV and the LGPD export as JSON (issue 27, transparency). */
export function MyDataPage() {
  const { t } = useTranslation('account');
  return (
    <div className="my-data-page" data-testid="my-data-page">
      <h1 className="my-data-page__title" data-testid="page-title">
        {t('myData.title')}
      </h1>
      <p className="my-data-page__intro">{t('myData.intro')}</p>
      <HistoryCard />
      <ExportCard />
    </div>
  );
}

function useDownload(run: () => Promise<void>, done: string) {
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    setFeedback(null);
    try {
      await run();
      setFeedback({ tone: 'info', text: done });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, feedback, start };
}

function HistoryCard() {
  const { t, i18n } = useTranslation('account');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = from || to ? { from, to } : {};
  const download = useDownload(() => downloadHistory(range, currentLanguage(i18n) === 'en' ? 'en' : 'pt'), t('myData.history.done'));
  return (
    <section className="my-data-card" aria-labelledby="my-data-history-title" data-testid="my-data-history">
      <h2 id="my-data-history-title" className="my-data-card__title">
        {t('myData.history.title')}
      </h2>
      <p className="my-data-card__hint">{t('myData.history.hint')}</p>
      <div className="my-data-card__range">
        <TextField type="date" label={t('myData.history.from')} value={from} onChange={(event) => setFrom(event.target.value)} data-testid="my-data-from" />
        <TextField type="date" label={t('myData.history.to')} value={to} onChange={(event) => setTo(event.target.value)} data-testid="my-data-to" />
      </div>
      <p className="my-data-card__note">{t('myData.history.format')}</p>
      <div>
        <Button onClick={() => void download.start()} disabled={download.busy} aria-busy={download.busy} data-testid="my-data-history-download">
          {from || to ? t('myData.history.downloadRange') : t('myData.history.downloadAll')}
        </Button>
      </div>
      {download.feedback ? (
        <Alert tone={download.feedback.tone === 'error' ? 'error' : 'info'} data-testid="my-data-history-feedback">
          {download.feedback.text}
        </Alert>
      ) : null}
    </section>
  );
}

function ExportCard() {
  const { t } = useTranslation('account');
  const download = useDownload(downloadDataExport, t('myData.export.done'));
  return (
    <section className="my-data-card" aria-labelledby="my-data-export-title" data-testid="my-data-export">
      <h2 id="my-data-export-title" className="my-data-card__title">
        {t('myData.export.title')}
      </h2>
      <p className="my-data-card__hint">{t('myData.export.hint')}</p>
      <p className="my-data-card__note">{t('myData.export.rate')}</p>
      <div>
        <Button variant="outline" onClick={() => void download.start()} disabled={download.busy} aria-busy={download.busy} data-testid="my-data-export-download">
          {t('myData.export.download')}
        </Button>
      </div>
      {download.feedback ? (
        <Alert tone={download.feedback.tone === 'error' ? 'error' : 'info'} data-testid="my-data-export-feedback">
          {download.feedback.text}
        </Alert>
      ) : null}
    </section>
  );
}
