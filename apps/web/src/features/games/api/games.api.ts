import {
  ClassifyListSchema,
  FavoriteIdsSchema,
  GameMenuSchema,
  GamePageSchema,
  HomeRowsSchema,
  LaunchResponseSchema,
  VendorTransferResponseSchema,
  type GameMenu,
  type GamePage,
  type GameType,
  type LaunchRequest,
  type LaunchResponse,
} from '@app/contracts';
import type { Language } from '@app/i18n';
import { apiRequest } from '../../../shared/api-client.ts';

/** What a game list asks for; undefined filters are left out of the query string. */
export interface GameListFilters {
  gameType?: GameType;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  isNew?: boolean;
  isHot?: boolean;
}

export interface PageRequest {
  pageNo: number;
  pageSize: number;
  language: Language;
}

function query(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export function fetchGameMenu(signal?: AbortSignal): Promise<GameMenu> {
  return apiRequest('/api/games/menu', { schema: GameMenuSchema, signal });
}

export function fetchGames(filters: GameListFilters, page: PageRequest, signal?: AbortSignal): Promise<GamePage> {
  const search = query({ ...filters, ...page });
  return apiRequest(`/api/games?${search}`, { schema: GamePageSchema, signal });
}

export async function fetchClassifies(gameType: GameType, vassalage: string | undefined, signal?: AbortSignal): Promise<string[]> {
  const response = await apiRequest(`/api/games/classifies?${query({ gameType, vassalage })}`, { schema: ClassifyListSchema, signal });
  return response.classifies;
}

export function fetchHomeRows(language: Language, signal?: AbortSignal) {
  return apiRequest(`/api/games/home?${query({ language })}`, { schema: HomeRowsSchema, signal });
}

export async function fetchFavoriteIds(signal?: AbortSignal): Promise<string[]> {
  const response = await apiRequest('/api/games/favorites/ids', { schema: FavoriteIdsSchema, signal });
  return response.ids;
}

export function fetchFavorites(page: PageRequest, signal?: AbortSignal): Promise<GamePage> {
  return apiRequest(`/api/games/favorites?${query({ ...page })}`, { schema: GamePageSchema, signal });
}

export function fetchRecent(page: PageRequest, signal?: AbortSignal): Promise<GamePage> {
  return apiRequest(`/api/games/recent?${query({ ...page })}`, { schema: GamePageSchema, signal });
}

export function addFavorite(nodeId: number): Promise<void> {
  return apiRequest<void>('/api/games/favorites', { method: 'POST', body: { nodeId } });
}

export function removeFavorite(nodeId: number): Promise<void> {
  return apiRequest<void>(`/api/games/favorites/${encodeURIComponent(String(nodeId))}`, { method: 'DELETE' });
}

export function launchGame(request: LaunchRequest, signal?: AbortSignal): Promise<LaunchResponse> {
  return apiRequest('/api/games/launch', { method: 'POST', body: request, schema: LaunchResponseSchema, signal });
}

/** Brings the player's money back from a transfer-mode vendor; keepalive lets it outlive the page. */
export function transferOut(vendor: string, requestId: string) {
  return apiRequest(`/api/games/vendors/${encodeURIComponent(vendor)}/transfer`, {
    method: 'POST',
    body: { direction: 'out', requestId },
    schema: VendorTransferResponseSchema,
    keepalive: true,
  });
}
