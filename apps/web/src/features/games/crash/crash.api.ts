import {
  CrashBetResponseSchema,
  CrashCashOutResponseSchema,
  CrashMeSchema,
  CrashStateSchema,
  type CrashBetRequest,
  type CrashBetResponse,
  type CrashCashOutResponse,
  type CrashMe,
  type CrashState,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

/** The crash game's endpoints. The live state is public: anyone may watch a round. */

export function fetchCrashState(signal?: AbortSignal): Promise<CrashState> {
  return apiRequest('/api/crash', { schema: CrashStateSchema, signal, token: null });
}

/** The member's bet in the live round and recent ones. */
export function fetchCrashMe(signal?: AbortSignal): Promise<CrashMe> {
  return apiRequest('/api/crash/me', { schema: CrashMeSchema, signal });
}

export function placeCrashBet(body: CrashBetRequest): Promise<CrashBetResponse> {
  return apiRequest('/api/crash/bet', { method: 'POST', body, schema: CrashBetResponseSchema });
}

export function cashOutCrash(betId: string): Promise<CrashCashOutResponse> {
  return apiRequest('/api/crash/cashout', { method: 'POST', body: { betId }, schema: CrashCashOutResponseSchema });
}
