import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Logger } from '../../../../platform/logger.ts';
import { ConfigError, type PixPspConfig } from '../../../../platform/config.ts';
import { normalizePixKey } from '../../pix/index.ts';
import { createBcbPixPsp, type BcbPixPsp } from './bcb-pix-psp.ts';
import { createPixHttpClient } from './pix-http-client.ts';

export { BCB_PIX_PROVIDER, type BcbPixPsp } from './bcb-pix-psp.ts';

/**
 * The BCB PIX adapter from the operator's settings, checked before the site starts: the
 * certificate and key files are read, parsed and matched, the certificate must be valid now,
 * and the PIX key must be a key DICT accepts. Every problem is named at once.
 */
export function createBcbPixFromConfig(config: PixPspConfig, deps: { logger: Logger; webhookSecret: () => Promise<Buffer>; receiverName: string; receiverCity: string }): BcbPixPsp {
  const problems: string[] = [];
  const read = (name: string, file: string | undefined) => {
    if (file === undefined) return undefined;
    try {
      return readFileSync(file);
    } catch (error) {
      problems.push(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return undefined;
    }
  };
  const cert = read('PIX_PSP_CERT_FILE', config.certFile);
  const key = read('PIX_PSP_KEY_FILE', config.keyFile);
  const ca = read('PIX_PSP_CA_FILE', config.caFile);
  checkCertificate(cert, key, problems);
  if (ca) parseOr(problems, 'PIX_PSP_CA_FILE: not a PEM certificate', () => new X509Certificate(ca));
  if (!isPixKey(config.pixKey)) problems.push('PIX_PSP_PIX_KEY: not a PIX key (CPF, CNPJ, e-mail, +55 phone or random key)');
  if (problems.length > 0) throw new ConfigError(problems);
  const client = createPixHttpClient({ baseUrl: config.baseUrl, tokenUrl: config.tokenUrl, clientId: config.clientId, clientSecret: config.clientSecret, cert: cert!, key: key!, ca, timeoutMs: config.timeoutMs });
  return createBcbPixPsp({ client, pixKey: config.pixKey, receiverName: deps.receiverName, receiverCity: deps.receiverCity, webhookSecret: deps.webhookSecret, logger: deps.logger });
}

function checkCertificate(cert: Buffer | undefined, key: Buffer | undefined, problems: string[]): void {
  const certificate = cert && parseOr(problems, 'PIX_PSP_CERT_FILE: not a PEM certificate', () => new X509Certificate(cert));
  const privateKey = key && parseOr(problems, 'PIX_PSP_KEY_FILE: not a PEM private key', () => createPrivateKey(key));
  if (!certificate) return;
  const now = Date.now();
  if (new Date(certificate.validTo).getTime() <= now) problems.push(`PIX_PSP_CERT_FILE: expired on ${certificate.validTo}`);
  if (new Date(certificate.validFrom).getTime() > now) problems.push(`PIX_PSP_CERT_FILE: not valid before ${certificate.validFrom}`);
  if (privateKey && !certificate.checkPrivateKey(privateKey)) problems.push('PIX_PSP_KEY_FILE: does not match the certificate in PIX_PSP_CERT_FILE');
}

function parseOr<T>(problems: string[], problem: string, parse: () => T): T | undefined {
  try {
    return parse();
  } catch {
    problems.push(problem);
    return undefined;
  }
}

/** An operator's receiving key: a company's CNPJ, or any of the keys a person may have. */
function isPixKey(key: string): boolean {
  if (/^\d{14}$/.test(key)) return true;
  return (['cpf', 'email', 'phone', 'evp'] as const).some((type) => {
    const result = normalizePixKey(type, key);
    return result.ok && result.key === key;
  });
}
