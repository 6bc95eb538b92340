import { ERROR_CODES } from '@app/kernel';
import { PROVIDER_ERRORS } from '../../src/modules/provider/index.ts';

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * What is wrong with an answer, or undefined. No 5xx (not even a documented 503: nothing in a
 * fuzz run takes the database away); every refusal in the documented wire shape with a code whose
 * status is the one answered — the app's `{ error: { code, message, details? } }` (error-handler.ts),
 * or under /provider/ the protocol's `{ error: { code, message }, balance? }` (provider.wire.ts).
 */
export function problemWith(answer: Answer, isProvider: boolean): string | undefined {
  if (answer.status >= 500) return `${answer.status} server error`;
  if (answer.status < 400) return undefined;
  if (!answer.contentType?.startsWith('application/json')) return `error answered as ${answer.contentType ?? 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'error body is not JSON';
  }
  return isProvider ? providerShapeProblem(answer.status, body) : appShapeProblem(answer.status, body);
}

function appShapeProblem(status: number, body: unknown): string | undefined {
  if (!isRecord(body) || !onlyKeys(body, ['error'], ['error'])) return 'error body is not { error }';
  const error = body.error;
  if (!isRecord(error) || !onlyKeys(error, ['code', 'message'], ['code', 'message', 'details'])) return 'error is not { code, message, details? }';
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return 'error code or message is not a string';
  if (error.details !== undefined && !isRecord(error.details)) return 'error details is not an object';
  const known = ERROR_CODES[error.code as keyof typeof ERROR_CODES];
  if (!known) return `unknown error code ${error.code}`;
  if (known.status !== status) return `${error.code} answered with ${status}, its table says ${known.status}`;
  return undefined;
}

function providerShapeProblem(status: number, body: unknown): string | undefined {
  if (!isRecord(body) || !onlyKeys(body, ['error'], ['error', 'balance'])) return 'provider error body is not { error, balance? }';
  if (body.balance !== undefined && typeof body.balance !== 'string') return 'provider balance is not a string';
  const error = body.error;
  if (!isRecord(error) || !onlyKeys(error, ['code', 'message'], ['code', 'message'])) return 'provider error is not { code, message }';
  if (typeof error.message !== 'string') return 'provider error message is not a string';
  const expected = PROVIDER_ERRORS[error.code as keyof typeof PROVIDER_ERRORS];
  if (expected === undefined) return `unknown provider error code ${String(error.code)}`;
  if (expected !== status) return `${String(error.code)} answered with ${status}, the protocol says ${expected}`;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyKeys(record: Record<string, unknown>, required: string[], allowed: string[]): boolean {
  return required.every((key) => key in record) && Object.keys(record).every((key) => allowed.includes(key));
}
