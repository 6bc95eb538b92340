import { ErrorResponseSchema } from '@app/contracts';
import { getToken } from './session-token.ts';

/** Client-side codes for failures that never reached the server's error shape. */
export const NETWORK_ERROR_CODE = 'network.failed';
export const UNKNOWN_ERROR_CODE = 'unknown';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Anything with a zod-like parse; keeps this module free of a direct zod dependency. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A raw body sent as it is with its own content type (an uploaded image), instead of JSON `body`. */
  raw?: { data: Blob; contentType: string };
  /** Validates the response body; without it the body is returned as the caller's type. */
  schema?: Parser<T>;
  /** Overrides the stored session token (the login flow checks a token before keeping it). */
  token?: string | null;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (a game page returning money on leave). */
  keepalive?: boolean;
  /** Sees the answer's headers (the lottery's countdowns read the server's clock from Date). */
  onHeaders?: (headers: Headers) => void;
  /** The page's language as Accept-Language, for answers written in it (live table names); the browser's own otherwise. */
  language?: string;
  /** Extra request headers (a chat visitor's token). */
  headers?: Record<string, string>;
  /** Answers the body as a Blob (an image shown from an object URL) instead of JSON. */
  blob?: boolean;
}

/** The only place in the SPA that calls fetch. Errors always surface as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, raw, schema, signal, keepalive } = options;
  const token = options.token === undefined ? getToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (raw) headers['Content-Type'] = raw.contentType;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.language) headers['Accept-Language'] = options.language;
  if (options.headers) Object.assign(headers, options.headers);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: raw ? raw.data : body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, 'Network request failed');
  }

  options.onHeaders?.(response.headers);
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  if (options.blob) return (await response.blob()) as T;

  let data: unknown;
  try {
    const text = await response.text();
    // An accepted-without-content answer (202 for a reset e-mail) may have an empty body.
    if (text === '' && !schema) return undefined as T;
    data = JSON.parse(text);
  } catch {
    throw new ApiError(response.status, UNKNOWN_ERROR_CODE, 'Response is not JSON');
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    // A response that breaks the contract is a server fault the player cannot act on.
    throw new ApiError(response.status, UNKNOWN_ERROR_CODE, `Unexpected response from ${path}`);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Proxies and gateways answer with HTML; fall through to the generic code.
  }
  const parsed = ErrorResponseSchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(response.status, code, message, details);
  }
  return new ApiError(response.status, UNKNOWN_ERROR_CODE, `HTTP ${response.status}`);
}
