import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, apiRequest } from './api-client.ts';
import { translateError } from './error-message.ts';
import { createI18n } from './i18n.ts';

describe('error messages', () => {
  const i18n = createI18n('en');

  it('maps a server code to errors:<code>', async () => {
    const body = { error: { code: 'auth.invalid_credentials', message: 'Invalid credentials' } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 401 }));
    const caught = await apiRequest('/api/session/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(401);
    expect(translateError(i18n, caught)).toBe('Incorrect username or password.');
  });

  it('falls back to errors:unknown for unknown codes, group codes and non-API errors', () => {
    expect(translateError(i18n, new ApiError(400, 'brand.new_code', 'x'))).toBe('Unknown error');
    expect(translateError(i18n, new ApiError(400, 'auth', 'x'))).toBe('Unknown error');
    expect(translateError(i18n, new Error('boom'))).toBe('Unknown error');
  });

  it('names the VIP daily withdrawal limit and what is left today, in reais, in both languages', () => {
    const error = new ApiError(409, 'payments.vip_daily_limit', 'x', { limit: '1500.00', remaining: '250.5' });
    expect(translateError(i18n, error)).toBe('Your VIP level allows withdrawals of up to R$\u00a01,500.00 a day; R$\u00a0250.50 is left today.');
    expect(translateError(createI18n('pt'), error)).toBe('Seu nível VIP permite sacar até R$\u00a01.500,00 por dia; hoje ainda restam R$\u00a0250,50.');
  });

  it('turns a network failure into the network message', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const caught = await apiRequest('/api/x').catch((e: unknown) => e);
    expect((caught as ApiError).code).toBe(NETWORK_ERROR_CODE);
    expect(translateError(i18n, caught)).toBe('Network link is abnormal, please try again');
  });

  it('treats a non-JSON gateway error as unknown', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const caught = await apiRequest('/api/x').catch((e: unknown) => e);
    expect((caught as ApiError).code).toBe('unknown');
  });
});
