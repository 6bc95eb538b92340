import { queryOptions } from '@tanstack/react-query';
import {
  ConvertResultSchema,
  PointsBalanceSchema,
  PointsConfigSchema,
  PointsItemListSchema,
  PointsMovementListSchema,
  RedemptionListSchema,
  RedemptionSchema,
  type ConvertRequest,
  type Language,
  type RedeemRequest,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';

/** Keyed by token, like every member query, so a new login never shows another member's points. */
export const pointsKeys = {
  all: ['points'] as const,
  config: () => ['points', 'config'] as const,
  balance: (token: string | null) => ['points', token, 'balance'] as const,
  items: (token: string | null, language: Language) => ['points', token, 'items', language] as const,
  movements: (token: string | null) => ['points', token, 'movements'] as const,
  redemptions: (token: string | null, language: Language) => ['points', token, 'redemptions', language] as const,
};

export const pointsConfigQueryOptions = () => queryOptions({ queryKey: pointsKeys.config(), queryFn: ({ signal }) => apiRequest('/api/points/config', { schema: PointsConfigSchema, signal }) });

export const pointsBalanceQueryOptions = (token: string | null) =>
  memberQueryOptions({ token, queryKey: pointsKeys.balance(token), fetch: (signal) => apiRequest('/api/points/balance', { schema: PointsBalanceSchema, signal }) });

export const pointsItemsQueryOptions = (token: string | null, language: Language) =>
  memberQueryOptions({ token, queryKey: pointsKeys.items(token, language), fetch: (signal) => apiRequest(`/api/points/items?language=${language}`, { schema: PointsItemListSchema, signal }) });

export const pointsMovementsQueryOptions = (token: string | null) =>
  memberQueryOptions({ token, queryKey: pointsKeys.movements(token), fetch: (signal) => apiRequest('/api/points/movements', { schema: PointsMovementListSchema, signal }) });

export const redemptionsQueryOptions = (token: string | null, language: Language) =>
  memberQueryOptions({ token, queryKey: pointsKeys.redemptions(token, language), fetch: (signal) => apiRequest(`/api/points/redemptions?language=${language}`, { schema: RedemptionListSchema, signal }) });

/** The request id travels with the form: a double click, or a retry after a lost answer, redeems once. */
export const redeemRequest = (request: RedeemRequest, language: Language) => apiRequest(`/api/points/redeem?language=${language}`, { method: 'POST', body: request, schema: RedemptionSchema });

export const convertRequest = (request: ConvertRequest) => apiRequest('/api/points/convert', { method: 'POST', body: request, schema: ConvertResultSchema });
