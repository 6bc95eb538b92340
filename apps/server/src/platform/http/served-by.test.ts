import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';

/** The headers the shared setter gives one answer, with CLUSTER_NODE_NAME as given (read when the module loads). */
async function headersWith(nodeName: string | undefined): Promise<Record<string, string>> {
  vi.resetModules();
  if (nodeName !== undefined) vi.stubEnv('CLUSTER_NODE_NAME', nodeName);
  const { securityHeaders } = await import('./security-headers.ts');
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => void (headers[name] = value), hasHeader: (name: string) => name in headers };
  securityHeaders(loadConfig({ NODE_ENV: 'test' }))({ id: 'r-1', url: '/api/system/boot', protocol: 'http' } as never, reply as never);
  return headers;
}

/** Issue 28: behind the cluster's load balancer, an answer names the process that gave it. */
describe('x-served-by', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('names the process when CLUSTER_NODE_NAME is set', async () => {
    expect((await headersWith('api-2'))['x-served-by']).toBe('api-2');
  });

  it('is absent when CLUSTER_NODE_NAME is unset, and for a name that is not plain letters, digits, dots and dashes', async () => {
    expect(await headersWith(undefined)).not.toHaveProperty('x-served-by');
    expect(await headersWith('api-2\r\nset-cookie: x=1')).not.toHaveProperty('x-served-by');
  });
});
