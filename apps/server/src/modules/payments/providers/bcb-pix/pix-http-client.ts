import { Agent, request as httpsRequest } from 'node:https';

/**
 * HTTPS to the PSP with mutual TLS (our client certificate on every connection, the PSP's
 * certificate checked against `ca` or the system roots) and an OAuth2 client-credentials token,
 * fetched on first use, kept until a minute before it expires and fetched again once after a 401.
 */
export interface PixHttpClientOptions {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  cert: Buffer;
  key: Buffer;
  /** The PSP's CA (a homologation PSP often has a private one); undefined: the system roots. */
  ca?: Buffer;
  timeoutMs: number;
}

export interface PixResponse {
  status: number;
  body: unknown;
}

/** No answer we can rely on (timeout, connection refused or reset, 5xx): the call may or may not have happened. */
export class PixUnavailableError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'PixUnavailableError';
  }
}

/** The PSP answered 4xx: it understood and refused (RFC 7807 problem in `problem`). */
export class PixRefusedError extends Error {
  constructor(readonly status: number, readonly problem: { title?: string; detail?: string; type?: string } | undefined) {
    super(`PSP refused (${status}): ${problem?.title ?? ''} ${problem?.detail ?? ''}`.trim());
    this.name = 'PixRefusedError';
  }
}

const TOKEN_MARGIN_MS = 60_000;
const MAX_BODY_BYTES = 1024 * 1024;

export function createPixHttpClient(options: PixHttpClientOptions) {
  const agent = new Agent({ cert: options.cert, key: options.key, ca: options.ca, keepAlive: true, maxSockets: 16 });
  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  function send(method: string, url: URL, headers: Record<string, string>, body?: string): Promise<PixResponse> {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(url, { method, agent, headers: { accept: 'application/json', ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) req.destroy(new Error('PSP answer too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = undefined;
          if (text.length > 0) {
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      });
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`PSP did not answer within ${options.timeoutMs} ms`)));
      req.on('error', (error) => reject(new PixUnavailableError(error.message, error)));
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString('base64');
    const response = await send('POST', new URL(options.tokenUrl), { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
    const body = response.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (response.status >= 500) throw new PixUnavailableError(`PSP token endpoint answered ${response.status}`);
    if (response.status !== 200 || typeof body?.access_token !== 'string') throw new PixRefusedError(response.status, problemOf(response.body) ?? { title: 'token refused' });
    const lifetimeMs = (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300) * 1000;
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return token.value;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    // Concurrent calls share one token request.
    pendingToken ??= fetchToken().finally(() => (pendingToken = undefined));
    return pendingToken;
  }

  /**
   * One API call. 2xx and 404 are answers; other 4xx throw PixRefusedError; 5xx, timeouts and
   * broken connections throw PixUnavailableError (the caller keeps its state and asks again later).
   */
  async function call(method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown): Promise<PixResponse> {
    const url = new URL(`${options.baseUrl.replace(/\/$/, '')}${path}`);
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers = (bearer: string) => ({ authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) });
    let response = await send(method, url, headers(await accessToken()), body);
    if (response.status === 401) {
      token = undefined;
      response = await send(method, url, headers(await accessToken()), body);
    }
    if (response.status >= 500) throw new PixUnavailableError(`PSP answered ${response.status} to ${method} ${path}`);
    if (response.status >= 400 && response.status !== 404) throw new PixRefusedError(response.status, problemOf(response.body));
    return response;
  }

  return { call, accessToken, close: () => agent.destroy() };
}

export type PixHttpClient = ReturnType<typeof createPixHttpClient>;

function problemOf(body: unknown): { title?: string; detail?: string; type?: string } | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : undefined);
  return { title: text(record.title), detail: text(record.detail), type: text(record.type) };
}
