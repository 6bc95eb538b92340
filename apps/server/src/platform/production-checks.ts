/**
 * What production refuses to start with (docs/deployment.md, "What production refuses"). Each
 * problem is named with its variable and what to do, and all of them are listed at once, so an
 * operator fixes the environment in one pass rather than one restart per mistake.
 *
 * Two families: demo values (secrets and switches that exist for a demo install or automated
 * journeys) and the TLS settings behind the proxy (the API speaks plain HTTP and relies on the
 * proxy in front for TLS; without knowing that proxy it would log the proxy's address as every
 * client's, rate-limit everyone together and build http:// links).
 */

/** The variables these checks read, as they arrive in the environment (strings; empty = unset). */
export interface ProductionEnvironment {
  SEED_DEMO?: string | undefined;
  CAPTCHA_FIXED_ANSWER?: string | undefined;
  DEMO_VENDOR_SECRET?: string | undefined;
  HOUSE_VENDOR_SECRET?: string | undefined;
  BACKOFFICE_TOTP_KEY?: string | undefined;
  OPS_TOKEN?: string | undefined;
  OPS_ALLOWED_IPS?: string | undefined;
  PUBLIC_URL?: string | undefined;
  TRUST_PROXY_HOPS?: string | undefined;
}

/**
 * Values that appear in this repository's demo set-ups, tests and examples: anyone can read them,
 * so none may guard a production site. Compared case-insensitively.
 */
export const KNOWN_DEMO_SECRETS: readonly string[] = [
  'demo-vendor-secret',
  'house-vendor-secret',
  'change-me',
  'changeme',
  'secret',
  'password',
];

/** A random secret of 32+ characters has well over 8 distinct characters; 'aaaa…' or 'abab…' is typed, not generated. */
const MIN_DISTINCT_CHARACTERS = 8;

function isWeakSecret(value: string): boolean {
  const lower = value.toLowerCase();
  if (KNOWN_DEMO_SECRETS.includes(lower) || /^change-?me/.test(lower)) return true;
  return new Set(lower).size < MIN_DISTINCT_CHARACTERS;
}

const isTrue = (value: string | undefined) => value !== undefined && ['true', '1', 'yes'].includes(value);

export function productionProblems(env: ProductionEnvironment): string[] {
  const problems: string[] = [];
  const set = (value: string | undefined): value is string => value !== undefined && value !== '';

  // Demo switches: refused rather than ignored, so the operator learns the site is not what they configured.
  if (isTrue(env.SEED_DEMO)) problems.push('SEED_DEMO: the demo accounts (demo/Demo@1234, admin/Admin@1234) are never seeded in production; remove SEED_DEMO');
  if (set(env.CAPTCHA_FIXED_ANSWER)) problems.push('CAPTCHA_FIXED_ANSWER: not allowed in production (it makes every captcha answer known)');
  if (set(env.DEMO_VENDOR_SECRET)) problems.push('DEMO_VENDOR_SECRET: not allowed in production (the demo vendor DEMOVENDOR is a certification aid)');

  // Secrets: missing where required, or a demo/typed value.
  // A key generated into the database would sit in every dump next to the seeds it seals.
  if (!set(env.BACKOFFICE_TOTP_KEY)) problems.push('BACKOFFICE_TOTP_KEY: required in production (openssl rand -hex 32)');
  else if (isWeakSecret(env.BACKOFFICE_TOTP_KEY)) problems.push('BACKOFFICE_TOTP_KEY: looks typed, not generated; use openssl rand -hex 32');
  if (set(env.HOUSE_VENDOR_SECRET) && isWeakSecret(env.HOUSE_VENDOR_SECRET)) {
    problems.push('HOUSE_VENDOR_SECRET: a demo or typed value; use openssl rand -hex 32, or leave it unset for a generated stored secret');
  }
  if (set(env.OPS_TOKEN) && isWeakSecret(env.OPS_TOKEN)) problems.push('OPS_TOKEN: a demo or typed value; use openssl rand -hex 32');
  // Without either, /metrics and /api/docs are closed to everyone: monitoring is blind.
  if (!set(env.OPS_TOKEN) && !set(env.OPS_ALLOWED_IPS)) {
    problems.push('OPS_TOKEN: required in production unless OPS_ALLOWED_IPS names the monitoring addresses (openssl rand -hex 32)');
  }

  // TLS settings behind the proxy.
  if (!set(env.PUBLIC_URL)) problems.push('PUBLIC_URL: required in production: the https:// address players use (e.g. https://bet.example.com)');
  else if (!env.PUBLIC_URL.startsWith('https://')) problems.push(`PUBLIC_URL: must be https:// in production (got ${env.PUBLIC_URL}); TLS ends at the proxy in front`);
  if (!(Number(env.TRUST_PROXY_HOPS ?? 0) >= 1)) {
    problems.push('TRUST_PROXY_HOPS: must be 1 or more in production: the number of proxies in front of the API that terminate TLS and set X-Forwarded-For/X-Forwarded-Proto');
  }
  return problems;
}
