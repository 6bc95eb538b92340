import { MiniPlayResponseSchema, MiniTableSchema, type MiniGameCode, type MiniPlayResponse, type MiniTable } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

/** The house game server's mini game endpoints (/api/house/mini/:gameCode…). */
function miniPath(gameCode: MiniGameCode): string {
  return `/api/house/mini/${encodeURIComponent(gameCode)}`;
}

export function fetchMiniTable(gameCode: MiniGameCode, signal?: AbortSignal): Promise<MiniTable> {
  return apiRequest(miniPath(gameCode), { schema: MiniTableSchema, signal });
}

export interface MiniPlayBody {
  amount: string;
  params: Record<string, string | number>;
  requestId: string;
}

export function playMini(gameCode: MiniGameCode, body: MiniPlayBody): Promise<MiniPlayResponse> {
  return apiRequest(`${miniPath(gameCode)}/play`, { method: 'POST', body, schema: MiniPlayResponseSchema });
}
