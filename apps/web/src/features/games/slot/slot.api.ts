import { DemoSpinResponseSchema, SlotTableSchema, SpinResponseSchema, type DemoSpinResponse, type SlotTable, type SpinResponse } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

/** The house game server's slot endpoints (/api/house/games/:vendor/:gameCode…). */
function gamePath(vendor: string, gameCode: string): string {
  return `/api/house/games/${encodeURIComponent(vendor)}/${encodeURIComponent(gameCode)}`;
}

export function fetchSlotTable(vendor: string, gameCode: string, signal?: AbortSignal): Promise<SlotTable> {
  return apiRequest(gamePath(vendor, gameCode), { schema: SlotTableSchema, signal });
}

export function spinSlot(vendor: string, gameCode: string, body: { lineBet: string; requestId: string }): Promise<SpinResponse> {
  return apiRequest(`${gamePath(vendor, gameCode)}/spin`, { method: 'POST', body, schema: SpinResponseSchema });
}

export function demoSpinSlot(vendor: string, gameCode: string, body: { lineBet: string }): Promise<DemoSpinResponse> {
  return apiRequest(`${gamePath(vendor, gameCode)}/demo-spin`, { method: 'POST', body, schema: DemoSpinResponseSchema });
}
