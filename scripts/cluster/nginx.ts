import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
const TEMPLATE = path.resolve(import.meta.dirname, '../../deploy/nginx/cluster.conf.template');

/**
 * Debian's nginx: installed on demand when we may (root), as scripts/test.ts does for Chromium;
 * otherwise the command to run is printed and the cluster does not start.
 */
export function ensureNginx(log: (line: string) => void): boolean {
  if (existsSync(NGINX)) return true;
  if (process.getuid?.() !== 0) {
    log(`${NGINX} is missing: install Debian's nginx (sudo apt-get install -y nginx-light) and run again`);
    return false;
  }
  log("installing Debian's nginx-light package for the load balancer");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'inherit', env });
  return existsSync(NGINX);
}

/**
 * deploy/nginx/cluster.conf.template filled in, written to a fresh directory that also holds
 * nginx's pid and temporary files (nothing under /etc or /var). As root the master switches its
 * worker to `nobody`, which must be able to enter that directory.
 */
export function renderNginxConfig(options: { listen: string; upstreams: string[] }): { runDir: string; configFile: string } {
  const runDir = mkdtempSync(path.join(tmpdir(), 'cluster-nginx-'));
  chmodSync(runDir, 0o755);
  const values: Record<string, string> = {
    run_dir: runDir,
    user: process.getuid?.() === 0 ? 'user nobody nogroup;' : '',
    listen: options.listen,
    upstream_servers: options.upstreams.map((address) => `        server ${address} max_fails=2 fail_timeout=5s;`).join('\n'),
  };
  const rendered = readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${TEMPLATE}: unknown placeholder ${whole}`);
    return value;
  });
  const configFile = path.join(runDir, 'nginx.conf');
  writeFileSync(configFile, rendered);
  return { runDir, configFile };
}

/** `nginx -t` on the rendered file: a broken template stops the start with nginx's own words. */
export function checkNginxConfig(runDir: string, configFile: string): string | undefined {
  const result = spawnSync(NGINX, ['-t', '-q', '-p', runDir, '-c', configFile], { encoding: 'utf8' });
  return result.status === 0 ? undefined : `${result.stderr}${result.stdout}`.trim();
}
