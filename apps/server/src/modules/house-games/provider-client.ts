import { createHmac } from 'node:crypto';

/**
 * The house game server's client of the provider protocol (docs/provider-integration.md). Two
 * transports with the same answers: in process (the default, createInProcessProviderClient: the
 * provider module's callbacks.handle, no signature or loopback HTTP per bet and win), or over HTTP
 * exactly as an outside vendor calls it, signing the raw body with its secret (createProviderClient:
 * HOUSE_PROVIDER_URL set, or setProviderUrl). Next hop: provider.callbacks.ts, then provider.service.ts.
 */

export type ProviderCallResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; code: string; balance?: string };

export interface MoneyAnswer {
  balance: string;
  transactionId: string;
  operatorTransactionId: string;
}

/** Every call names the vendor it speaks for: HOUSE, or a demo vendor the sandbox serves. */
export interface ProviderClient {
  authenticate(vendor: string, token: string): Promise<ProviderCallResult<{ playerId: string; balance: string }>>;
  bet(vendor: string, request: { playerId: string; transactionId: string; roundId: string; gameCode: string; amount: string }): Promise<ProviderCallResult<MoneyAnswer>>;
  win(vendor: string, request: { playerId: string; transactionId: string; roundId: string; gameCode: string; amount: string; roundClosed: boolean }): Promise<ProviderCallResult<MoneyAnswer>>;
  rollback(vendor: string, request: { playerId: string; transactionId: string; originalTransactionId: string; roundId: string }): Promise<ProviderCallResult<MoneyAnswer>>;
}

/** A network error or timeout: the call may or may not have been applied (retry with the same id). */
export class ProviderUnreachable extends Error {}

const TIMEOUT_MS = 5000;

export function createProviderClient(deps: { baseUrl: () => string; secretFor: (vendor: string) => Promise<string> }): ProviderClient {
  async function call<T>(vendor: string, action: string, payload: object): Promise<ProviderCallResult<T>> {
    const body = JSON.stringify(payload);
    const signature = createHmac('sha256', await deps.secretFor(vendor)).update(body, 'utf8').digest('hex');
    let response: Response;
    try {
      response = await fetch(`${deps.baseUrl()}/provider/v1/${vendor}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnreachable(`provider ${action}: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return toCallResult<T>(response.status, parsed);
  }
  return clientOver(call);
}

/** The provider module's in-process protocol handler (its api.callbacks.handle). */
export type ProviderProtocolHandler = (vendorCode: string, action: string, body: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * The same client without HTTP: each call goes to the provider module's handler in this process.
 * A thrown error (none is expected: the handler answers failures as the protocol's errors) counts
 * as an unreachable provider, like a network error, so callers retry or settle the round later.
 */
export function createInProcessProviderClient(deps: { handle: ProviderProtocolHandler; registerVendor: (vendor: string) => Promise<unknown> }): ProviderClient {
  async function call<T>(vendor: string, action: string, payload: object): Promise<ProviderCallResult<T>> {
    // As the HTTP client's signing step: the vendor and its secret exist before its first call
    // (a sandbox vendor is registered with the provider on first use), and a failure here throws.
    await deps.registerVendor(vendor);
    let answer: { status: number; body: unknown };
    try {
      answer = await deps.handle(vendor, action, payload);
    } catch (error) {
      throw new ProviderUnreachable(`provider ${action}: ${(error as Error).message}`);
    }
    return toCallResult<T>(answer.status, answer.body);
  }
  return clientOver(call);
}

/** Reads a protocol answer (status and JSON body) the same way whatever the transport. */
function toCallResult<T>(status: number, parsed: unknown): ProviderCallResult<T> {
  if (status >= 200 && status < 300) return { ok: true, status, body: parsed as T };
  const error = (parsed as { error?: { code?: string }; balance?: string } | undefined) ?? {};
  return { ok: false, status, code: error.error?.code ?? 'UNKNOWN', balance: error.balance };
}

function clientOver(call: <T>(vendor: string, action: string, payload: object) => Promise<ProviderCallResult<T>>): ProviderClient {
  return {
    authenticate: (vendor, token) => call(vendor, 'authenticate', { token }),
    bet: (vendor, request) => call(vendor, 'bet', request),
    win: (vendor, request) => call(vendor, 'win', request),
    rollback: (vendor, request) => call(vendor, 'rollback', request),
  };
}

/** Retries a call that must eventually land (wins, rollbacks) on network errors and 5xx, with the same content. */
export async function withRetries<T>(attempt: () => Promise<ProviderCallResult<T>>, tries = 3): Promise<ProviderCallResult<T>> {
  let last: unknown;
  for (let i = 0; i < tries; i += 1) {
    try {
      const result = await attempt();
      if (result.ok || result.status < 500) return result;
      last = new Error(`provider answered ${result.status} ${result.code}`);
    } catch (error) {
      if (!(error instanceof ProviderUnreachable)) throw error;
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * (i + 1)));
  }
  throw last instanceof Error ? last : new ProviderUnreachable('provider unreachable');
}
