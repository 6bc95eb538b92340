import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// The least environment production starts with: a generated TOTP key, an operator token, and TLS
// ended by one proxy in front (PUBLIC_URL https://, TRUST_PROXY_HOPS). A production site here
// plays the sandbox PSP (a demo): without PAYMENTS_ALLOW_SANDBOX it refuses to start (tested below).
const TOTP_KEY = '5f0c2e9a7b41d3866a1e94c07b2f58d3e6a90c1b7d24f83a5e6c09b1d47a2f8e';
const PRODUCTION = {
  NODE_ENV: 'production',
  BACKOFFICE_TOTP_KEY: TOTP_KEY,
  OPS_TOKEN: '9c4e1a7f3b0d82e65a1c9f4b7e03d8a2',
  PUBLIC_URL: 'https://bet.example.com',
  TRUST_PROXY_HOPS: '1',
  PAYMENTS_ALLOW_SANDBOX: 'true',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.runWorker).toBe(true);
    expect(config.seedDemo).toBe(true);
  });

  it('lists every problem of an invalid environment at once', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  it('never seeds demo data in production, and refuses an explicit SEED_DEMO=true', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO: 'true' })).toEqual([expect.stringMatching(/^SEED_DEMO: .*never seeded in production/)]);
  });

  it('defaults the demo vendor secret outside production and refuses it in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).demoVendorSecret).toBe('demo-vendor-secret');
    expect(loadConfig(PRODUCTION).demoVendorSecret).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION, DEMO_VENDOR_SECRET: 'a-secret-of-16-chars' })).toThrow(ConfigError);
  });

  it('refuses to start in production without BACKOFFICE_TOTP_KEY, which must not live in the database it protects', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BACKOFFICE_TOTP_KEY/);
    expect(loadConfig(PRODUCTION).backofficeTotpKey).toEqual(Buffer.from(TOTP_KEY, 'hex'));
    expect(loadConfig({ NODE_ENV: 'development' }).backofficeTotpKey).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('refuses the sandbox PSP in production unless a demo site allows it explicitly', () => {
    const { PAYMENTS_ALLOW_SANDBOX: _allowed, ...production } = PRODUCTION;
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_PROVIDER: the built-in sandbox moves no real money/);
    expect(loadConfig(PRODUCTION).pixPsp).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).pixPsp).toBeUndefined();
  });

  it('names every missing PSP setting, and defaults the token URL to the base URL', () => {
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_PROVIDER: 'bcb-pix', PIX_PSP_BASE_URL: 'https://psp.example.com/v2' })).toThrow(
      /PIX_PSP_CLIENT_ID[\s\S]*PIX_PSP_CLIENT_SECRET[\s\S]*PIX_PSP_CERT_FILE[\s\S]*PIX_PSP_KEY_FILE[\s\S]*PIX_PSP_PIX_KEY/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'bcb-pix', PIX_PSP_BASE_URL: 'http://psp.example.com/v2' })).toThrow(/PIX_PSP_BASE_URL/);
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'bcb-pix',
      PIX_PSP_BASE_URL: 'https://psp.example.com/v2/',
      PIX_PSP_CLIENT_ID: 'id',
      PIX_PSP_CLIENT_SECRET: 'secret',
      PIX_PSP_CERT_FILE: '/etc/pix/client.crt',
      PIX_PSP_KEY_FILE: '/etc/pix/client.key',
      PIX_PSP_PIX_KEY: 'pix@example.com',
    });
    expect(config.pixPsp).toMatchObject({ baseUrl: 'https://psp.example.com/v2', tokenUrl: 'https://psp.example.com/v2/oauth/token', caFile: undefined, timeoutMs: 10_000 });
  });

  describe('production refuses demo secrets and a site without TLS behind the proxy', () => {
    it('starts with the least production environment', () => {
      expect(problemsOf(PRODUCTION)).toEqual([]);
      const config = loadConfig(PRODUCTION);
      expect(config).toMatchObject({ isProduction: true, publicUrl: 'https://bet.example.com', trustProxyHops: 1, captchaFixedAnswer: undefined, demoVendorSecret: undefined });
    });

    it('names every problem of a development environment copied to production, all at once', () => {
      const problems = problemsOf({
        NODE_ENV: 'production',
        PAYMENTS_ALLOW_SANDBOX: 'true',
        SEED_DEMO: 'true',
        CAPTCHA_FIXED_ANSWER: 'K7PX',
        DEMO_VENDOR_SECRET: 'demo-vendor-secret',
        PUBLIC_URL: 'http://bet.example.com',
      });
      expect(problems.map((problem) => problem.split(':')[0])).toEqual([
        'SEED_DEMO',
        'CAPTCHA_FIXED_ANSWER',
        'DEMO_VENDOR_SECRET',
        'BACKOFFICE_TOTP_KEY',
        'OPS_TOKEN',
        'PUBLIC_URL',
        'TRUST_PROXY_HOPS',
      ]);
      expect(problems.find((problem) => problem.startsWith('PUBLIC_URL'))).toMatch(/must be https:\/\/ in production \(got http:\/\/bet\.example\.com\)/);
    });

    it('refuses demo and typed secrets: the repository\'s demo values and low-variety keys', () => {
      expect(problemsOf({ ...PRODUCTION, HOUSE_VENDOR_SECRET: 'demo-vendor-secret' })).toEqual([expect.stringMatching(/^HOUSE_VENDOR_SECRET: a demo or typed value/)]);
      expect(problemsOf({ ...PRODUCTION, HOUSE_VENDOR_SECRET: 'change-me-to-something-long' })).toEqual([expect.stringMatching(/^HOUSE_VENDOR_SECRET/)]);
      expect(problemsOf({ ...PRODUCTION, HOUSE_VENDOR_SECRET: 'e1d5a0c7f39b42866d0b1a9c' })).toEqual([]);
      expect(problemsOf({ ...PRODUCTION, OPS_TOKEN: 'x'.repeat(40) })).toEqual([expect.stringMatching(/^OPS_TOKEN: a demo or typed value/)]);
      expect(problemsOf({ ...PRODUCTION, BACKOFFICE_TOTP_KEY: '0'.repeat(64) })).toEqual([expect.stringMatching(/^BACKOFFICE_TOTP_KEY: looks typed/)]);
      expect(problemsOf({ ...PRODUCTION, BACKOFFICE_TOTP_KEY: 'ab'.repeat(32) })).toEqual([expect.stringMatching(/^BACKOFFICE_TOTP_KEY/)]);
    });

    it('takes OPS_ALLOWED_IPS instead of OPS_TOKEN, but not neither (monitoring would be blind)', () => {
      const { OPS_TOKEN: _token, ...withoutToken } = PRODUCTION;
      expect(problemsOf(withoutToken)).toEqual([expect.stringMatching(/^OPS_TOKEN: required in production unless OPS_ALLOWED_IPS/)]);
      expect(problemsOf({ ...withoutToken, OPS_ALLOWED_IPS: '10.0.0.7' })).toEqual([]);
    });

    it('requires the TLS settings behind the proxy: an https PUBLIC_URL and at least one trusted hop', () => {
      const { PUBLIC_URL: _url, ...withoutUrl } = PRODUCTION;
      expect(problemsOf(withoutUrl)).toEqual([expect.stringMatching(/^PUBLIC_URL: required in production/)]);
      expect(problemsOf({ ...PRODUCTION, TRUST_PROXY_HOPS: '0' })).toEqual([expect.stringMatching(/^TRUST_PROXY_HOPS: must be 1 or more/)]);
      expect(problemsOf({ ...PRODUCTION, TRUST_PROXY_HOPS: '2' })).toEqual([]);
    });

    it('asks none of this outside production', () => {
      expect(problemsOf({ NODE_ENV: 'development', SEED_DEMO: 'true', CAPTCHA_FIXED_ANSWER: 'K7PX', PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
      expect(problemsOf({ NODE_ENV: 'test', OPS_TOKEN: 'x'.repeat(40) })).toEqual([]);
    });
  });
});
