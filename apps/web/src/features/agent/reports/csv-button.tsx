import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { downloadCsv, toCsv, type CsvCell, type CsvLanguage } from './csv.ts';

export interface CsvContent {
  fileName: string;
  header: string[];
  rows: CsvCell[][];
}

interface CsvButtonProps {
  /** Builds the file (may read further pages) in the language the agent reads. */
  build: (language: CsvLanguage) => Promise<CsvContent> | CsvContent;
  disabled?: boolean;
  testId: string;
}

/** "Exportar CSV": the report as the filters stand, as a file Excel opens. */
export function CsvButton({ build, disabled = false, testId }: CsvButtonProps) {
  const { t, i18n } = useTranslation('agent');
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const language = currentLanguage(i18n) === 'en' ? 'en' : 'pt';
      const content = await build(language);
      downloadCsv(content.fileName, toCsv(content.header, content.rows, language));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    // Phrasing content only: it sits in a report's meta line (a <p>).
    <span className="agent-csv">
      <Button variant="outline" size="sm" disabled={disabled || busy} onClick={() => void run()} data-testid={testId}>
        {busy ? t('csv.preparing') : t('csv.export')}
      </Button>
      {error ? (
        <span className="ui-field__error" role="alert" data-testid={`${testId}-error`}>
          {errorMessage(error)}
        </span>
      ) : null}
    </span>
  );
}
