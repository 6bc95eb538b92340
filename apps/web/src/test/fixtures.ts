import type { BootInfo, MemberInfo } from '@app/contracts';

export function bootFixture(overrides: Partial<BootInfo> = {}): BootInfo {
  return {
    status: 0,
    maintenanceMessage: null,
    location: { ip: '203.0.113.7', country: 'BR' },
    customerService: [],
    whitelabel: [],
    mainDomain: 'example.test',
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    languages: { default: 'pt', fallback: 'en', supported: ['pt', 'en'] },
    timeZone: 'America/Sao_Paulo',
    site: { name: 'Test Site', licenceLines: { pt: [], en: [] }, licenceValidatorUrl: null, affiliateServiceUrl: null, social: [] },
    appDownload: { ios: null, android: null, lite: null },
    ...overrides,
  };
}

export function memberFixture(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 'm-1',
    account: 'player1',
    nickname: '',
    type: 0,
    balance: '1234.50',
    currency: 'BRL',
    currencySymbol: 'R$',
    language: null,
    mobileMasked: null,
    emailMasked: null,
    hasPaymentPassword: false,
    passwordExpired: false,
    ...overrides,
  };
}

/** A fetch stand-in answering JSON by path; anything else is a 404 in the API's error shape. */
export function fakeFetch(routes: Record<string, unknown>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname in routes) {
      return new Response(JSON.stringify(routes[url.pathname]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ error: { code: 'route.not_found', message: 'Not found' } }), { status: 404 });
  };
}
