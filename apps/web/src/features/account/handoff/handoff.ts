import { HandoffExchangeResponseSchema, type HandoffExchangeResponse } from '@app/contracts';
import { apiRequest, isApiError, UNKNOWN_ERROR_CODE } from '../../../shared/api-client.ts';
import { getToken } from '../../../shared/session-token.ts';
import { fetchMemberInfo, logoutRequest } from '../api/account.queries.ts';

/**
 * The hand-off code main.tsx took out of the address, kept in memory only (never in storage)
 * until HandoffGate deals with it once.
 */
let pendingCode: string | null = null;

export function rememberHandoff(code: string | null): void {
  pendingCode = code;
}

export function hasPendingHandoff(): boolean {
  return pendingCode !== null;
}

export function takePendingHandoff(): string | null {
  const code = pendingCode;
  pendingCode = null;
  return code;
}

export function exchangeHandoff(code: string): Promise<HandoffExchangeResponse> {
  return apiRequest('/api/session/handoff', { method: 'POST', body: { code }, schema: HandoffExchangeResponseSchema, token: null });
}

/** What to do with a redeemed code, given the session this tab already has. */
export type HandoffDecision =
  /** No live session here: the new one was kept. */
  | { kind: 'adopted' }
  /** The same member is logged in here: the new session was closed again, nothing changes. */
  | { kind: 'same-member' }
  /** Another account is logged in here: only the player may switch (or keep the current one). */
  | { kind: 'confirm'; token: string; account: string; currentAccount: string | null }
  /** The code was refused (used, expired, wrong) or could not be redeemed: the error code to show. */
  | { kind: 'failed'; errorCode: string };

export interface HandoffDeps {
  exchange: (code: string) => Promise<HandoffExchangeResponse>;
  /** The account of the live session's token, or null when that token no longer works. */
  accountOf: (token: string) => Promise<string | null>;
  revoke: (token: string) => Promise<void>;
  currentToken: () => string | null;
  adopt: (token: string) => void;
}

async function accountOfToken(token: string): Promise<string | null> {
  try {
    return (await fetchMemberInfo(token)).account;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const defaultHandoffDeps = (adopt: (token: string) => void): HandoffDeps => ({
  exchange: exchangeHandoff,
  accountOf: accountOfToken,
  revoke: (token) => logoutRequest(token),
  currentToken: getToken,
  adopt,
});

/**
 * Redeems the code, then never replaces a live session of another account on its own: that case
 * comes back as 'confirm' with the new session held in memory until the player decides.
 */
export async function resolveHandoff(code: string, deps: HandoffDeps): Promise<HandoffDecision> {
  let redeemed: HandoffExchangeResponse;
  try {
    redeemed = await deps.exchange(code);
  } catch (error) {
    return { kind: 'failed', errorCode: isApiError(error) ? error.code : UNKNOWN_ERROR_CODE };
  }
  const current = deps.currentToken();
  const currentAccount = current === null ? null : await deps.accountOf(current).catch(() => undefined);
  if (current === null || currentAccount === null) {
    deps.adopt(redeemed.token);
    return { kind: 'adopted' };
  }
  if (currentAccount === redeemed.account) {
    await deps.revoke(redeemed.token).catch(() => undefined);
    return { kind: 'same-member' };
  }
  // Also when the current account could not be read (a network failure): ask rather than switch.
  return { kind: 'confirm', token: redeemed.token, account: redeemed.account, currentAccount: currentAccount ?? null };
}
