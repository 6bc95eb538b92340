import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';
import { ErrorLine, Page } from '../../shared/components/page.tsx';
import { downloadExtract } from './compliance.api.ts';
import './compliance.css';

const FAMILIES = ['bets', 'wallet', 'bettors'] as const;
const FORMATS = ['csv', 'json'] as const;

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

/** The regulator's daily extract (compliance.read): one day, three families, CSV or JSON (docs/regulator-extract.md). */
export default function ExtractPage() {
  const { t } = useTranslation('admin-compliance');
  const [day, setDay] = useState(yesterday);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const download = async (family: (typeof FAMILIES)[number], format: (typeof FORMATS)[number]) => {
    if (busy) return;
    setBusy(`${family}-${format}`);
    setError(null);
    try {
      await downloadExtract(day, family, format);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Page title={t('extract.title')} testId="compliance-extract-page">
      <p className="bo-muted">{t('extract.explain')}</p>
      <div className="compliance-filters">
        <TextField type="date" label={t('extract.day')} value={day} onChange={(event) => setDay(event.target.value)} data-testid="extract-day" />
      </div>
      <div className="compliance-families">
        {FAMILIES.map((family) => (
          <section key={family} className="compliance-family" data-testid={`extract-${family}`}>
            <h2>{t(`extract.families.${family}`)}</h2>
            <p className="bo-small bo-muted">{t(`extract.familyHints.${family}`)}</p>
            <div className="bo-actions">
              {FORMATS.map((format) => (
                <Button key={format} size="sm" variant="outline" disabled={busy !== null || day === ''} aria-busy={busy === `${family}-${format}`} onClick={() => void download(family, format)} data-testid={`extract-${family}-${format}`}>
                  {format.toUpperCase()}
                </Button>
              ))}
            </div>
          </section>
        ))}
      </div>
      <ErrorLine error={error} testId="extract-error" />
    </Page>
  );
}
