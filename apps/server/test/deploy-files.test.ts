import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/platform/config.ts';

/**
 * The deployment files for operators (Dockerfile, deploy/compose.yaml, deploy/nginx/compose.conf)
 * cannot be run here (no Docker); what can be checked without it is: the compose file parses and
 * its environment is one production accepts, the paths both files name exist, every setting is
 * documented in docs/deployment.md, and nginx accepts its configuration (when nginx is installed).
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };

/** What an operator's deploy/.env holds: generated secrets, an https address, a PSP. */
const OPERATOR_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: '4f1d8c2b9e7a6035d1c4b8e2f9a7c360',
  PUBLIC_URL: 'https://bet.example.com',
  OPS_TOKEN: 'c8e41f0b7a2d93655e1b0c4f8a7d2e93b6f1c0a4d8e72b95',
  BACKOFFICE_TOTP_KEY: '9a3e7c1f5b0d2846'.repeat(4),
  PIX_PSP_BASE_URL: 'https://pix.psp.example.com/v2',
  PIX_PSP_CLIENT_ID: 'bet-client',
  PIX_PSP_CLIENT_SECRET: 'e05a9d3c7f1b4862',
  PIX_PSP_PIX_KEY: '12345678000199',
};

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?message} (which must be set). */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_0-9]+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind: string | undefined, rest: string) => {
    if (env[name]) return env[name]!;
    if (kind === '?') throw new Error(`${name} is required: ${rest}`);
    return kind === '-' ? rest : '';
  });
}

describe('the deployment files', () => {
  it('runs two API processes, the worker, PostgreSQL 15, NATS and nginx from one image built by the Dockerfile', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'nats', 'nginx', 'postgres', 'worker']);
    for (const name of ['api-1', 'api-2', 'worker']) {
      const service = compose.services[name]!;
      expect(path.resolve(root, 'deploy', service.build!.context, service.build!.dockerfile)).toBe(path.join(root, 'Dockerfile'));
    }
    expect(compose.services.worker!.command).toEqual(['node', '--import', 'tsx', 'apps/server/src/main-worker.ts']);
    expect(compose.services['api-1']!.environment!.RUN_WORKER).toBe('false');
    expect(compose.services.postgres!.image).toMatch(/^postgres:15/);
    expect(compose.services.nginx!.volumes).toContain('./nginx/compose.conf:/etc/nginx/nginx.conf:ro');
    expect(existsSync(path.join(root, 'deploy/nginx/compose.conf'))).toBe(true);
  });

  it('gives the API an environment production accepts once the operator fills in deploy/.env, and refuses to start without it', () => {
    const environment = compose.services['api-1']!.environment!;
    const env = Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(String(value), OPERATOR_ENV)]));
    const config = loadConfig(env);
    expect(config).toMatchObject({ isProduction: true, trustProxyHops: 1, publicUrl: 'https://bet.example.com', runWorker: false, seedDemo: false });
    expect(config.pixPsp?.certFile).toBe('/run/secrets/bet/pix-client.crt');
    const { PUBLIC_URL: _unset, ...withoutUrl } = OPERATOR_ENV;
    expect(() => Object.values(environment).map((value) => interpolate(String(value), withoutUrl))).toThrow(/PUBLIC_URL is required/);
  });

  it('names only settings that exist, and every setting of config.ts is documented in docs/deployment.md', () => {
    const configSource = read('apps/server/src/platform/config.ts');
    const settings = [...configSource.matchAll(/^ {2}([A-Z][A-Z0-9_]+): (?:z\b|booleanString)/gm)].map((match) => match[1]!);
    expect(settings.length).toBeGreaterThan(40);
    const environment = compose.services['api-1']!.environment!;
    expect(Object.keys(environment).filter((name) => !settings.includes(name))).toEqual([]);
    const documented = read('docs/deployment.md');
    expect(settings.filter((name) => !documented.includes(`\`${name}\``))).toEqual([]);
    // The operator's template names every variable the compose file asks for.
    const asked = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z_0-9]+)[:}]/g)].map((match) => match[1]!);
    const template = read('deploy/env.example');
    expect([...new Set(asked)].filter((name) => name !== 'APP_IMAGE' && !new RegExp(`^${name}=`, 'm').test(template))).toEqual([]);
  });

  it('copies into the image only paths that exist, and starts the API entry point', () => {
    const dockerfile = read('Dockerfile');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => match[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(10);
    expect(sources.filter((source) => !existsSync(path.join(root, source)))).toEqual([]);
    expect(dockerfile).toMatch(/^FROM node:20|^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('CMD ["node", "--import", "tsx", "apps/server/src/main-api.ts"]');
    expect(existsSync(path.join(root, 'apps/server/src/main-api.ts'))).toBe(true);
  });

  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));
  const openssl = ['/usr/bin/openssl', '/bin/openssl'].find((candidate) => existsSync(candidate));
  it.skipIf(!nginx || !openssl)('nginx accepts deploy/nginx/compose.conf (API names and TLS files replaced by local stand-ins)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ops-nginx-'));
    try {
      await run(openssl!, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=bet.example.com', '-keyout', path.join(dir, 'privkey.pem'), '-out', path.join(dir, 'fullchain.pem')]);
      const config = read('deploy/nginx/compose.conf')
        .replaceAll('api-1:3000', '127.0.0.1:56190')
        .replaceAll('api-2:3000', '127.0.0.1:56191')
        .replaceAll('/etc/nginx/tls/', `${dir}/`)
        .replaceAll('/var/log/nginx/', `${dir}/`)
        .replace('pid /var/run/nginx.pid;', `pid ${dir}/nginx.pid;`);
      writeFileSync(path.join(dir, 'nginx.conf'), config);
      const { stderr } = await run(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
      expect(stderr).toMatch(/syntax is ok/);
      expect(stderr).toMatch(/test is successful/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
