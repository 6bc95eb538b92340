import type { TFunction } from 'i18next';
import type { ContentItemInputSchema } from '@app/contracts';
import { ApiError } from '../../shared/api.ts';

/** One problem zod reports (the console reaches zod only through @app/contracts' schemas). */
export type Issue = NonNullable<ReturnType<typeof ContentItemInputSchema.safeParse>['error']>['issues'][number];

/** Field path (`body.title`, `message.pt`, `ipAllowList.2`) → translated message. */
export type FieldErrors = Record<string, string>;

/**
 * Zod's issues as the operator reads them, by kind of problem: the schemas are the shared
 * contracts (the server checks the same ones), their English messages are for developers.
 * `formatText(path)` gives a field's own "what is expected" text for a format problem.
 */
export function issuesToErrors(issues: readonly Issue[], t: TFunction<'admin-content'>, formatText?: (path: string) => string | undefined, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (errors[path]) continue;
    errors[path] = issueText(issue, path, t, formatText);
  }
  return errors;
}

function issueText(issue: Issue, path: string, t: TFunction<'admin-content'>, formatText?: (path: string) => string | undefined): string {
  const format = () => formatText?.(path) ?? t('issues.format');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return t('issues.required');
      if (issue.origin === 'string') return t('issues.tooShort', { min: Number(issue.minimum) });
      if (issue.origin === 'array') return t('issues.tooFew', { min: Number(issue.minimum) });
      return t('issues.tooSmall', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('issues.tooLong', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return t('issues.tooMany', { max: Number(issue.maximum) });
      return t('issues.tooBig', { max: Number(issue.maximum) });
    case 'invalid_type':
      return formatText?.(path) ?? t('issues.required');
    case 'invalid_value':
      return t('issues.choose');
    case 'invalid_format':
    case 'invalid_union':
    case 'custom':
      return format();
    case 'not_multiple_of':
      return t('issues.whole');
    default:
      return t('issues.invalid');
  }
}

/**
 * The fields a refused save names (validation.failed carries details.fields = [{ path, message }]),
 * each marked "refused by the server" under the field; `strip` removes a key prefix
 * (`maintenance.` for settings) so paths meet the form's own.
 */
export function serverFieldErrors(error: unknown, t: TFunction<'admin-content'>, strip = ''): FieldErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.details?.fields)) return {};
  const errors: FieldErrors = {};
  for (const field of error.details.fields as { path?: unknown }[]) {
    if (typeof field.path !== 'string') continue;
    const path = strip && field.path.startsWith(strip) ? field.path.slice(strip.length) : field.path;
    errors[path] ??= t('issues.server');
  }
  return errors;
}

/** The first error at or under `path` (a list's `ipAllowList` shows its entries' problems). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const under = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return under ? errors[under] : undefined;
}
