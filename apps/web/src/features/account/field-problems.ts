import { FieldProblemDetailSchema, registrationProblemMessageKey, type RegistrationFormProblem } from '@app/contracts';
import { isApiError } from '../../shared/api-client.ts';
import type { MessageParams } from '../../shared/error-message.ts';

/** One field message, untranslated: a key of the `validation` namespace and its parameters. */
export interface FieldIssue {
  field: string;
  messageKey: string;
  params?: MessageParams;
}

/**
 * The field problems of a validation.failed answer, with paths reduced to field names
 * ('fields.username' → 'username', 'body.mobile' → 'mobile', 'agreeTerms' stays). Null for
 * any other error, so callers can tell "show under fields" from "show for the form".
 */
export function serverFieldIssues(error: unknown): FieldIssue[] | null {
  if (!isApiError(error) || error.code !== 'validation.failed') return null;
  const raw = error.details?.fields;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): FieldIssue[] => {
    const parsed = FieldProblemDetailSchema.safeParse(item);
    if (!parsed.success) return [];
    const { path, messageKey, message, params } = parsed.data;
    return [{ field: path.replace(/^(fields|body)\./, ''), messageKey: messageKey ?? message, ...(params ? { params } : {}) }];
  });
}

/** A shared validator's problem as a message key plus the rule's length range. */
export function clientFieldIssue(field: string, problem: RegistrationFormProblem): FieldIssue {
  const messageKey = registrationProblemMessageKey(problem);
  return problem.reason === 'mismatch' ? { field, messageKey } : { field, messageKey, params: { min: problem.min, max: problem.max } };
}

export type FieldMessages = Partial<Record<string, string>>;

/** The first message per field, translated; later ones for the same field add nothing new to fix. */
export function toFieldMessages(issues: readonly FieldIssue[], translate: (key: string, params?: MessageParams) => string): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of issues) {
    if (messages[issue.field] === undefined) messages[issue.field] = translate(issue.messageKey, issue.params);
  }
  return messages;
}
