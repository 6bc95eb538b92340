import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contracts';
import { useValidationMessage, type MessageParams } from '../../../shared/error-message.ts';
import type { FieldIssue } from '../field-problems.ts';
import { newPasswordIssues } from '../password-rules.ts';

/**
 * Helpers for account forms whose schema comes from @app/contracts: every zod message is a key of
 * the `validation` namespace, so the form translates it like the server's messageKey.
 */

interface IssueSink {
  addIssue(issue: { code: 'custom'; path: string[]; message: string }): void;
}

/** The form's own checks (the ones the wire schema cannot know) reported as zod issues. */
export function addFieldIssues(ctx: IssueSink, issues: readonly FieldIssue[]): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.messageKey });
}

/** The parameters of every new-password message (the policy's lengths, as newPasswordIssues gives them). */
export const PASSWORD_LENGTHS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** The new password and its confirmation, with the messages newPasswordIssues always gave. */
export function addNewPasswordIssues(ctx: IssueSink, values: { newPassword: string; confirmPassword: string }): void {
  addFieldIssues(ctx, newPasswordIssues(values.newPassword, values.confirmPassword));
}

interface RawIssue {
  code?: string;
  path?: readonly PropertyKey[];
}

type KeyFor = (code: string | undefined) => string;

/** An empty password is "required"; one over the wire limit gets the length message. */
export const PASSWORD_MESSAGE_KEY: KeyFor = (code) => (code === 'too_small' ? 'required' : 'password_too_long');

/**
 * Parse options for zodResolver: what the contracts schema itself refuses (an empty field, a
 * malformed code) reads as the message the form showed before, chosen by field.
 */
export function contractMessages(keys: Readonly<Record<string, string | KeyFor>>) {
  return {
    error: (issue: RawIssue) => {
      const field = issue.path?.[0];
      const key = typeof field === 'string' ? keys[field] : undefined;
      return typeof key === 'function' ? key(issue.code) : key;
    },
  };
}

/** Marks a message that arrived translated (a server problem, with its own parameters). */
export const SERVER_ERROR_TYPE = 'server';

interface ShownError {
  type?: string;
  message?: string;
}

/** The text under a field: a schema key translated now, or a server message as it came. */
export function useFieldMessage(params?: MessageParams): (error: ShownError | undefined) => string | undefined {
  const validationMessage = useValidationMessage();
  return (error) => {
    if (!error) return undefined;
    return error.type === SERVER_ERROR_TYPE ? error.message : validationMessage(error.message ?? '', params);
  };
}

/**
 * A validation.failed answer's problems under the form's own fields, translated with their
 * parameters; problems for other paths are left to the caller (the form-level message).
 */
export function setServerIssues<Field extends string>(
  fields: readonly Field[],
  issues: readonly FieldIssue[],
  setError: (field: Field, error: { type: string; message: string }) => void,
  translate: (key: string, params?: MessageParams) => string,
): void {
  const shown = new Set<string>();
  for (const issue of issues) {
    const field = fields.find((candidate) => candidate === issue.field);
    // The first problem per field, as toFieldMessages did: later ones add nothing new to fix.
    if (field === undefined || shown.has(field)) continue;
    shown.add(field);
    setError(field, { type: SERVER_ERROR_TYPE, message: translate(issue.messageKey, issue.params) });
  }
}
