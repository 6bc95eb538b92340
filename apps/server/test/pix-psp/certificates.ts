import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestPki {
  dir: string;
  caFile: string;
  ca: Buffer;
  server: { cert: Buffer; key: Buffer };
  client: { certFile: string; keyFile: string; cert: Buffer; key: Buffer };
  /** A client certificate from another CA: the PSP must refuse its handshake. */
  stranger: { keyFile: string; cert: Buffer; key: Buffer };
}

/**
 * A throwaway certificate authority for the mutual-TLS tests, made with the openssl command
 * line: the PSP's server certificate (127.0.0.1 and localhost) and our client certificate,
 * both signed by it, plus a client certificate from an unrelated CA.
 */
export function createTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'pix-pki-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const authority = (name: string) => {
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${name}`, '-keyout', file(`${name}.key`), '-out', file(`${name}.crt`));
  };
  const issue = (name: string, ca: string, extensions: string) => {
    writeFileSync(file(`${name}.ext`), extensions);
    openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', `/CN=${name}`, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`));
    openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file(`${ca}.crt`), '-CAkey', file(`${ca}.key`), '-CAcreateserial', '-days', '2', '-extfile', file(`${name}.ext`), '-out', file(`${name}.crt`));
  };
  authority('test-ca');
  authority('other-ca');
  issue('psp', 'test-ca', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  issue('operator', 'test-ca', 'extendedKeyUsage=clientAuth\n');
  issue('stranger', 'other-ca', 'extendedKeyUsage=clientAuth\n');
  const read = (name: string) => readFileSync(file(name));
  return {
    dir,
    caFile: file('test-ca.crt'),
    ca: read('test-ca.crt'),
    server: { cert: read('psp.crt'), key: read('psp.key') },
    client: { certFile: file('operator.crt'), keyFile: file('operator.key'), cert: read('operator.crt'), key: read('operator.key') },
    stranger: { keyFile: file('stranger.key'), cert: read('stranger.crt'), key: read('stranger.key') },
  };
}
