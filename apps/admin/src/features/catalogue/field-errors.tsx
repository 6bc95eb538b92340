import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { useErrorText } from '../../shared/i18n.ts';

/** The server's message, and for a refused form the first field's reason (validation.failed carries catalogue.* keys). */
export function FieldErrors({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation('errors');
  const errorText = useErrorText();
  if (!error) return null;
  const fields = error instanceof ApiError && Array.isArray(error.details?.fields) ? (error.details.fields as Array<{ message?: string }>) : [];
  const keyed = fields.map((field) => field.message).find((message) => typeof message === 'string' && i18n.exists(`errors:${message}`));
  return (
    <p className="bo-error" role="alert">
      {keyed ? String(t(keyed as never)) : errorText(error)}
    </p>
  );
}
