import { ErrorResponseSchema } from '@app/contracts';
import { readToken } from './session-store.ts';

/** Any failure of a console call: the server's error code, or `network.failed` / `unknown`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Parser<T> {
  parse(data: unknown): T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Listeners told when the server says the session is gone (401 backoffice.session_required). */
const sessionLostListeners = new Set<() => void>();
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

/**
 * The console's only fetch. JSON in and out, the operator's bearer token unless `token` says
 * otherwise (the enrolment step uses its own), `schema` checks the answer against the contract.
 * `raw` sends a file as it is, with its own content type (a catalogue upload), instead of JSON.
 */
export async function api<T = unknown>(
  method: Method,
  path: string,
  options: { body?: unknown; raw?: { data: Blob; contentType: string }; schema?: Parser<T>; token?: string | null; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const token = options.token === undefined ? readToken() : options.token;
  // Extra headers first (an Idempotency-Key): the content type and the token are the console's own.
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.raw) headers['Content-Type'] = options.raw.contentType;
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.raw?.data ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network.failed', 'network request failed');
  }
  if (!response.ok) {
    const error = await errorOf(response);
    if (error.code === 'backoffice.session_required' && options.token === undefined) sessionLostListeners.forEach((listener) => listener());
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => {
    throw new ApiError(response.status, 'unknown', 'response is not JSON');
  });
  if (!options.schema) return data as T;
  try {
    return options.schema.parse(data);
  } catch {
    throw new ApiError(response.status, 'unknown', `unexpected response from ${path}`);
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const parsed = ErrorResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return new ApiError(response.status, 'unknown', `HTTP ${response.status}`);
  const { code, message, details } = parsed.data.error;
  return new ApiError(response.status, code, message, details);
}

/** A query string from the filters that are set (empty strings and undefined are left out). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Downloads a CSV (or any file) the API serves behind the operator's token. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await errorOf(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** A file the API serves behind the operator's token, as a Blob (an image shown from an object URL). */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = readToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw await errorOf(response);
  return response.blob();
}
