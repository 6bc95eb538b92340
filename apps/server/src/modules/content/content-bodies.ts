import { AppError } from '@app/kernel';
import { CONTENT_BODY_SCHEMAS, type ContentBody, type ContentKind } from '@app/contracts';
import { sanitiseHtml } from '../../platform/sanitise-html.ts';

/**
 * Checks an operator's body against its kind's schema and returns what is stored: HTML sanitised,
 * text trimmed. Refusals carry the field paths so the console can point at them.
 */
export function parseBody<K extends ContentKind>(kind: K, body: unknown): ContentBody<K> {
  const parsed = CONTENT_BODY_SCHEMAS[kind].safeParse(body);
  if (!parsed.success) {
    throw new AppError('validation.failed', `invalid ${kind}`, {
      fields: parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
    });
  }
  const value = parsed.data as ContentBody<K> & { html?: string };
  if (typeof value.html === 'string') value.html = sanitiseHtml(value.html);
  return value;
}

/** A stored body read back; rows written before a schema change are skipped, never shown half-valid. */
export function readBody<K extends ContentKind>(kind: K, body: unknown): ContentBody<K> | undefined {
  const parsed = CONTENT_BODY_SCHEMAS[kind].safeParse(body);
  return parsed.success ? (parsed.data as ContentBody<K>) : undefined;
}
