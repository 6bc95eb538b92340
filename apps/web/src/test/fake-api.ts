import { vi } from 'vitest';
import { DEFAULT_FIELD_RULES, type FieldRule, type RegistrationSettings } from '@app/contracts';

export interface ApiCall {
  method: string;
  path: string;
  /** The query string's parameters (routes are matched without them). */
  query: URLSearchParams;
  body: unknown;
}

/** A route answers with a JSON body (200), or decides per call (a body or a Response, possibly later). */
export type RouteAnswer = unknown | ((call: ApiCall, index: number) => Response | unknown);

export function json(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, details?: Record<string, unknown>): Response {
  return json(status, { error: { code, message: code, ...(details ? { details } : {}) } });
}

/**
 * Stubs fetch with routes keyed "METHOD /path" (the query string is ignored) and records every
 * call. Unknown routes answer 404 in the API's error shape, as the real server does.
 */
export function stubApi(routes: Record<string, RouteAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    if (!(key in routes)) return apiError(404, 'route.not_found');
    const route = routes[key];
    const answer: unknown = await (typeof route === 'function' ? (route as (c: ApiCall, i: number) => unknown)(call, index) : route);
    return answer instanceof Response ? answer : json(200, answer);
  });
  return calls;
}

const rule = (field: keyof typeof DEFAULT_FIELD_RULES, change: Partial<FieldRule> = {}): FieldRule => ({ ...DEFAULT_FIELD_RULES[field], ...change });

export function registerSettingsFixture(overrides: Partial<RegistrationSettings> = {}): RegistrationSettings {
  return {
    methods: { username: true, mobile: false, mobilePassword: false, smsVerification: false },
    fields: [rule('username'), rule('password'), rule('confirmPassword'), rule('email')],
    captchaRequired: false,
    affiliateValidation: false,
    confirm21: false,
    minAge: 18,
    birthdayMax: '2007-12-31',
    smsExpiredMinutes: 5,
    ...overrides,
  };
}

/** Difficulty 1: the proof of work is found in a couple of hashes. */
export const BOT_CHALLENGE = { challenge: 'ch-1', difficultyBits: 1, expiresAt: '2999-01-01T00:00:00.000Z' };

export function captchaFixture(id = '00000000-0000-4000-8000-000000000001') {
  return { id, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresAt: '2999-01-01T00:00:00.000Z' };
}
