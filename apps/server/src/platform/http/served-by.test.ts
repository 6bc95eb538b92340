import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

/** The headers the shared setter gives one answer, with CLUSTER_NODE_NAME as given. */
function headersWith(nodeName: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => void (headers[name] = value), hasHeader: (name: string) => name in headers };
  const config = loadConfig({ NODE_ENV: 'test', ...(nodeName === undefined ? {} : { CLUSTER_NODE_NAME: nodeName }) });
  securityHeaders(config)({ id: 'r-1', url: '/api/system/boot', protocol: 'http' } as never, reply as never);
  return headers;
}

/** Issue 28: behind the cluster's load balancer, an answer names the process that gave it. */
describe('x-served-by', () => {
  it('names the process when CLUSTER_NODE_NAME is set', () => {
    expect(headersWith('api-2')['x-served-by']).toBe('api-2');
  });

  it('is absent when CLUSTER_NODE_NAME is unset or empty', () => {
    expect(headersWith(undefined)).not.toHaveProperty('x-served-by');
    expect(headersWith('')).not.toHaveProperty('x-served-by');
  });

  it('refuses to start with a name that is not plain letters, digits, dots, dashes and underscores', () => {
    expect(() => headersWith('api-2\r\nset-cookie: x=1')).toThrow(ConfigError);
  });
});
