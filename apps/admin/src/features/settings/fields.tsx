import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button, SelectField, TextField } from '@app/ui';
import type { FieldErrors } from '../content/index.ts';
import { TextBox as SharedTextBox, type TextBoxProps } from '../../shared/components/text-box.tsx';

/** Lines of a text box, trimmed, empty ones dropped (licence lines). */
export function splitLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Entries separated by new lines, commas or spaces (addresses, country codes, amounts). */
export function splitList(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** "10", "10,5" and "10.50" as the API's "10.50"; anything else is passed on for the schema to refuse. */
export function reais(text: string): string {
  const value = text.trim().replace(/^R\$\s*/i, '').replace(',', '.');
  if (/^\d{1,12}$/.test(value)) return `${value}.00`;
  if (/^\d{1,12}\.\d$/.test(value)) return `${value}0`;
  return value;
}

/** A number field's text as a number ('' = null where the setting allows "none"). */
export function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The problem of a list field: the list's own, or its first bad entry's with the line number. */
export function listError(errors: FieldErrors, path: string, t: TFunction<'admin-settings'>): string | undefined {
  if (errors[path]) return errors[path];
  const prefix = path ? `${path}.` : '';
  for (const [key, message] of Object.entries(errors)) {
    if (!key.startsWith(prefix)) continue;
    const index = Number(key.slice(prefix.length).split('.')[0]);
    return Number.isInteger(index) ? t('line', { line: index + 1, message }) : message;
  }
  return undefined;
}

/** Settings' text boxes: the console's TextBox in the settings pages' look. */
export function TextBox(props: Omit<TextBoxProps, 'className'>) {
  return <SharedTextBox {...props} className="st-textarea" />;
}

/** Rows of (choice, address): customer-service contacts, social links. */
export function LinkListEditor<T extends string>({
  rows,
  onChange,
  choices,
  choiceLabel,
  choiceTitle,
  errors,
  path,
  testId,
  max,
}: {
  rows: { choice: T; url: string }[];
  onChange: (rows: { choice: T; url: string }[]) => void;
  choices: readonly T[];
  choiceLabel: (choice: T) => string;
  choiceTitle: string;
  errors: FieldErrors;
  /** Where the schema puts the list (`social`, or '' for a list that is the whole setting). */
  path: string;
  testId: string;
  max: number;
}) {
  const { t } = useTranslation('admin-settings');
  const at = (index: number, field: string) => errors[[path, String(index), field].filter(Boolean).join('.')];
  return (
    <div className="st-list" data-testid={testId}>
      {rows.length === 0 ? <p className="bo-muted">{t('list.empty')}</p> : null}
      {rows.map((row, index) => (
        <div className="st-list__row" key={index}>
          <SelectField label={choiceTitle} value={row.choice} onValueChange={(choice) => onChange(rows.map((other, i) => (i === index ? { ...other, choice } : other)))} options={choices.map((choice) => ({ value: choice, label: choiceLabel(choice) }))} data-testid={`${testId}-choice-${index}`} />
          <TextField
            label={t('list.url')}
            type="url"
            inputMode="url"
            value={row.url}
            onChange={(event) => onChange(rows.map((other, i) => (i === index ? { ...other, url: event.target.value } : other)))}
            error={at(index, 'url')}
            errorTestId={`${testId}-error-${index}`}
            placeholder="https://"
            maxLength={500}
            data-testid={`${testId}-url-${index}`}
          />
          <Button variant="ghost" size="sm" onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={t('list.remove')} data-testid={`${testId}-remove-${index}`}>
            {t('list.remove')}
          </Button>
        </div>
      ))}
      {rows.length < max ? (
        <Button variant="outline" size="sm" onClick={() => onChange([...rows, { choice: choices[0] as T, url: '' }])} data-testid={`${testId}-add`}>
          {t('list.add')}
        </Button>
      ) : null}
    </div>
  );
}
