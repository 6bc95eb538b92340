import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_IMPORT_MAX_BYTES, type CatalogueImportReport, type ImportRowOutcome } from '@app/contracts';
import { Alert, Button, SelectField } from '@app/ui';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page } from '../../shared/components/page.tsx';
import { useCatalogueImport } from './catalogue.api.ts';
import './catalogue.css';

type ReportRow = CatalogueImportReport['rows'][number];
const OUTCOME_TONE: Record<ImportRowOutcome, 'ok' | 'warn' | 'bad' | 'neutral'> = { added: 'ok', updated: 'warn', unchanged: 'neutral', refused: 'bad' };
const OUTCOMES = ['added', 'updated', 'unchanged', 'refused'] as const;

/** Upload a vendor's catalogue CSV (the format of `npm run catalogue:import`) and read what became of each row. */
export default function ImportPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin', 'errors']);
  const upload = useCatalogueImport();
  const form = useForm<{ files: FileList | null }>({ defaultValues: { files: null } });
  const file = useWatch({ control: form.control, name: 'files' })?.[0] ?? null;
  // Told as soon as the file is chosen: the server would refuse it after the whole upload.
  const tooLarge = file !== null && file.size > CATALOGUE_IMPORT_MAX_BYTES;
  const [shown, setShown] = useState<ImportRowOutcome | ''>('');
  const report = upload.data;

  const submit = form.handleSubmit(() => {
    if (!file || tooLarge || upload.isPending) return;
    upload.mutate(file, { onSuccess: (result) => setShown(result.vendors.refused + result.games.refused > 0 ? 'refused' : '') });
  });

  const columns: Column<ReportRow>[] = [
    { key: 'section', header: t('import.columns.section'), cell: (row) => <span className="cat-nowrap">{t(`import.sections.${row.section}`)}</span> },
    { key: 'line', header: t('import.columns.line'), numeric: true, cell: (row) => row.line },
    { key: 'key', header: t('import.columns.key'), cell: (row) => <span className="cat-vendor__code">{row.key || '—'}</span> },
    { key: 'outcome', header: t('import.columns.outcome'), cell: (row) => <Badge tone={OUTCOME_TONE[row.outcome]}>{t(`import.outcomes.${row.outcome}`)}</Badge> },
    {
      key: 'reasons',
      header: t('import.columns.reasons'),
      cell: (row) =>
        row.reasons.length === 0 ? (
          '—'
        ) : (
          <ul className="cat-reasons">
            {row.reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        ),
    },
  ];
  const rows = report ? report.rows.filter((row) => shown === '' || row.outcome === shown) : [];

  return (
    <Page title={t('import.title')} testId="catalogue-import-page">
      <form className="bo-card" onSubmit={(event) => void submit(event)} data-testid="catalogue-import-form">
        <p className="bo-muted">{t('import.help', { size: Math.round(CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024) })}</p>
        <div className="cat-upload">
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label={t('import.file')}
            {...form.register('files', { onChange: () => upload.reset() })}
            data-testid="catalogue-import-file"
          />
          <Button type="submit" disabled={!file || tooLarge || upload.isPending} data-testid="catalogue-import-submit">
            {upload.isPending ? t('import.uploading') : t('import.submit')}
          </Button>
        </div>
        {tooLarge ? <p className="bo-error" role="alert">{t('errors:catalogue.import_too_large')}</p> : null}
        <ErrorLine error={upload.error} testId="catalogue-import-error" />
      </form>
      {report ? (
        <section data-testid="catalogue-import-report">
          <Alert tone={report.vendors.refused + report.games.refused > 0 ? 'error' : 'info'}>
            {t('import.done', { games: report.games.added + report.games.updated, vendors: report.vendors.added + report.vendors.updated, refused: report.vendors.refused + report.games.refused })}
          </Alert>
          {(['vendors', 'games'] as const).map((section) => (
            <div key={section} className="cat-counts">
              {OUTCOMES.map((outcome) => (
                <div key={outcome} className={`cat-count${outcome === 'refused' && report[section].refused > 0 ? ' cat-count--bad' : ''}`} data-testid={`import-count-${section}-${outcome}`}>
                  <div className="cat-count__value">{report[section][outcome]}</div>
                  <div className="cat-count__label">{t(`import.counts.${section}.${outcome}`)}</div>
                </div>
              ))}
            </div>
          ))}
          {report.ignoredColumns.length > 0 ? <p className="bo-muted">{t('import.ignoredColumns', { columns: report.ignoredColumns.join(', ') })}</p> : null}
          <div className="bo-filters">
            <SelectField
              label={t('import.show')}
              value={shown}
              onValueChange={setShown}
              options={[{ value: '' as const, label: t('admin:common.all') }, ...OUTCOMES.map((outcome) => ({ value: outcome, label: t(`import.outcomes.${outcome}`) }))]}
              data-testid="catalogue-import-show"
            />
          </div>
          {report.rowsTruncated ? <p className="bo-muted">{t('import.truncated', { count: report.rows.length })}</p> : null}
          <DataTable columns={columns} rows={rows} rowKey={(row) => `${row.section}-${row.line}`} testId="catalogue-import-rows" empty={t('import.noRows')} />
        </section>
      ) : null}
    </Page>
  );
}
