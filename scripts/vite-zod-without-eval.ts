/** The line of zod's core that creates its global configuration (zod 4). */
const CONFIG_LINE = '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that with a caught
 * `new Function('')` the first time a schema is built. Our CSP allows no eval
 * (apps/server/src/platform/http/security-headers.ts), and Chromium reports the probe as a
 * violation on every page even though zod falls back. `z.config({ jitless: true })` in app code
 * runs too late (the bundle builds the contracts' schemas first), so the browser bundles start
 * zod with jitless set. The server keeps the compiled parsers. Fails the build if zod changes.
 */
export function zodWithoutEval() {
  return {
    name: 'zod-without-eval',
    apply: 'build' as const,
    transform(code: string, id: string) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return undefined;
      if (!code.includes(CONFIG_LINE)) throw new Error('zod-without-eval: zod core changed; update scripts/vite-zod-without-eval.ts');
      return { code: code.replace(CONFIG_LINE, '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = { jitless: true });'), map: null };
    },
  };
}
