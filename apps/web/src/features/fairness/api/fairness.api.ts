import { CrashRoundDetailSchema, FairnessStateSchema, HouseRoundSchema, RotationResponseSchema, type CrashRoundDetail, type FairnessState, type HouseRound, type RotationResponse } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

/** The house game server's provably fair endpoints (real members only: trials get auth.trial_refused). */

export function fetchFairness(signal?: AbortSignal): Promise<FairnessState> {
  return apiRequest('/api/house/fairness', { schema: FairnessStateSchema, signal });
}

/** Sets the client seed: the server reveals the current server seed and commits a new one. */
export function changeClientSeedRequest(clientSeed: string): Promise<RotationResponse> {
  return apiRequest('/api/house/fairness/client-seed', { method: 'PUT', body: { clientSeed }, schema: RotationResponseSchema });
}

/** Reveals the current server seed and commits a new one, keeping the client seed. */
export function rotateSeedRequest(): Promise<RotationResponse> {
  return apiRequest('/api/house/fairness/rotate', { method: 'POST', schema: RotationResponseSchema });
}

export function fetchHouseRound(id: string, signal?: AbortSignal): Promise<HouseRound> {
  return apiRequest(`/api/house/rounds/${encodeURIComponent(id)}`, { schema: HouseRoundSchema, signal });
}

/** A house round's id from the betting record's roundId ("house-42" → "42"); null for other vendors' rounds. */
export function houseRoundIdOf(roundId: string): string | null {
  const match = /^house-(\d{1,18})$/.exec(roundId);
  return match ? match[1]! : null;
}

/** A round id as /fairness?round= carries it. */
export function isHouseRoundId(value: string | null): value is string {
  return value !== null && /^\d{1,18}$/.test(value);
}

/** A finished crash round with what verifies it (public: 404 crash.round_not_found until it crashed). */
export function fetchCrashRound(id: string, signal?: AbortSignal): Promise<CrashRoundDetail> {
  return apiRequest(`/api/crash/rounds/${encodeURIComponent(id)}`, { schema: CrashRoundDetailSchema, signal, token: null });
}

/** A crash round's id from the betting record's roundId ("crash-42" → "42"); null for other rounds. */
export function crashRoundIdOf(roundId: string): string | null {
  const match = /^crash-(\d{1,18})$/.exec(roundId);
  return match ? match[1]! : null;
}

/** A crash round id as /fairness?crash= carries it. */
export const isCrashRoundId = isHouseRoundId;
