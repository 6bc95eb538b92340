import { MinesPlayResponseSchema, MinesTableSchema, type MinesPlayResponse, type MinesTable } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

/** The house game server's Mines endpoints (/api/house/mines…). */
const MINES_PATH = '/api/house/mines';

/** Limits, RTP and the member's round in progress, if any. */
export function fetchMinesTable(signal?: AbortSignal): Promise<MinesTable> {
  return apiRequest(MINES_PATH, { schema: MinesTableSchema, signal });
}

export function startMines(body: { amount: string; mines: number; requestId: string }): Promise<MinesPlayResponse> {
  return apiRequest(`${MINES_PATH}/start`, { method: 'POST', body, schema: MinesPlayResponseSchema });
}

export function revealMinesCell(body: { roundId: string; cell: number }): Promise<MinesPlayResponse> {
  return apiRequest(`${MINES_PATH}/reveal`, { method: 'POST', body, schema: MinesPlayResponseSchema });
}

export function cashOutMines(body: { roundId: string }): Promise<MinesPlayResponse> {
  return apiRequest(`${MINES_PATH}/cashout`, { method: 'POST', body, schema: MinesPlayResponseSchema });
}
