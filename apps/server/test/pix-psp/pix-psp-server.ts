import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import type { TestPki } from './certificates.ts';
import { createPspBooks } from './psp-books.ts';

/** ajv-formats is CommonJS: its module object is the plugin (typed as the module, whose `default` is the plugin). */
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

const DOCUMENT_FILE = path.resolve(import.meta.dirname, '../../src/modules/payments/providers/bcb-pix/pix-api.openapi.yaml');
const BASE_PATH = '/v2';

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: string[];
  body?: ValidateFunction;
  responses: Map<number, ValidateFunction>;
}

export interface Fault {
  method: string;
  /** Matched against the path after /v2 (e.g. /cob/). */
  path: RegExp;
  /** 'timeout-after': the PSP does the work, then answers too late; 'unavailable': 503 and nothing done. */
  kind: 'timeout-after' | 'unavailable';
  delayMs?: number;
  times: number;
}

/**
 * A PSP for tests that serves the adapter's OpenAPI document (pix-api.openapi.yaml): requests
 * are routed by the document's paths and every request body, path parameter and response body is
 * validated against its schemas (a request that breaks them gets the API's 400 problem; a response
 * that would break them is recorded in `violations` for the test to assert empty). Mutual TLS:
 * only client certificates signed by the test CA get a handshake. OAuth2 client credentials with
 * HTTP Basic. The test plays the payer's bank through `books` (pay, settle payouts) and injects
 * faults (late answers after doing the work, 503s).
 */
export async function startPixPspServer(pki: TestPki, options: { clientId: string; clientSecret: string }) {
  const document = parseYaml(readFileSync(DOCUMENT_FILE, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'pix-api');
  const operations = operationsOf(document, ajv);
  const violations: string[] = [];
  const faults: Fault[] = [];
  const calls: { method: string; path: string; status: number }[] = [];
  const tokens = new Map<string, number>();
  const books = createPspBooks();

  const problem = (status: number, title: string, detail?: string) => ({ status, body: { type: `https://pix.bcb.gov.br/api/v2/error/${title.replace(/\s+/g, '')}`, title, status, ...(detail ? { detail } : {}) } });

  function authorize(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    const expires = token ? tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  function issueToken(request: IncomingMessage, form: URLSearchParams) {
    const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : [];
    if (form.get('grant_type') !== 'client_credentials') return problem(400, 'unsupported_grant_type');
    if (id !== options.clientId || secret !== options.clientSecret) return problem(401, 'invalid_client');
    const token = randomBytes(24).toString('hex');
    tokens.set(token, Date.now() + 3600_000);
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.write pix.read webhook.write gn.pix.send.write gn.pix.send.read' } };
  }

  async function handle(request: IncomingMessage, raw: string): Promise<{ status: number; body?: unknown; delayMs?: number }> {
    const url = new URL(request.url ?? '/', 'https://psp.test');
    if (!url.pathname.startsWith(BASE_PATH)) return problem(404, 'NaoEncontrado');
    const route = url.pathname.slice(BASE_PATH.length);
    const method = request.method ?? 'GET';
    const operation = operations.find((candidate) => candidate.method === method && candidate.pattern.test(route));
    if (!operation) return problem(404, 'NaoEncontrado');
    const values = operation.pattern.exec(route)!.slice(1).map(decodeURIComponent);
    const params = Object.fromEntries(operation.params.map((name, index) => [name, values[index]!]));
    const paramCheck = ajv.getSchema(`pix-api#/components/schemas/${paramSchemas[operation.params.at(-1) ?? ''] ?? 'Chave'}`);
    if (operation.params.length > 0 && paramCheck && !paramCheck(values.at(-1))) return problem(400, 'RequisicaoInvalida', `path parameter ${operation.params.at(-1)}`);
    let body: unknown;
    if (operation.body) {
      body = operation.template === '/oauth/token' ? Object.fromEntries(new URLSearchParams(raw)) : safeJson(raw);
      if (!operation.body(body)) return problem(400, 'RequisicaoInvalida', ajv.errorsText(operation.body.errors));
    }
    if (operation.template === '/oauth/token') return issueToken(request, new URLSearchParams(raw));
    if (!authorize(request)) return problem(401, 'AcessoNegado');
    const fault = faults.find((candidate) => candidate.times > 0 && candidate.method === method && candidate.path.test(route));
    if (fault) fault.times -= 1;
    if (fault?.kind === 'unavailable') return problem(503, 'ServicoIndisponivel');
    const answer = books.answer(operation.template, method, params, body);
    return { ...answer, delayMs: fault?.kind === 'timeout-after' ? (fault.delayMs ?? 3000) : undefined };
  }

  const server: Server = createServer({ key: pki.server.key, cert: pki.server.cert, ca: pki.ca, requestCert: true, rejectUnauthorized: true }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void handle(request, Buffer.concat(chunks).toString('utf8')).then(
        (answer) => respond(request, response, answer),
        (error: unknown) => respond(request, response, problem(500, 'ErroInterno', String(error))),
      );
    });
  });

  function respond(request: IncomingMessage, response: ServerResponse, answer: { status: number; body?: unknown; delayMs?: number }) {
    const route = new URL(request.url ?? '/', 'https://psp.test').pathname.slice(BASE_PATH.length);
    calls.push({ method: request.method ?? 'GET', path: route, status: answer.status });
    const operation = operations.find((candidate) => candidate.method === request.method && candidate.pattern.test(route));
    const check = operation?.responses.get(answer.status);
    if (check && answer.body !== undefined && !check(answer.body)) violations.push(`${request.method} ${route} ${answer.status}: ${ajv.errorsText(check.errors)}`);
    const send = () => {
      if (response.destroyed) return;
      const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
      response.writeHead(answer.status, answer.body === undefined ? {} : { 'content-type': type });
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `https://127.0.0.1:${port}${BASE_PATH}`,
    books,
    violations,
    calls,
    /** The next `times` matching calls misbehave. */
    fault(fault: Omit<Fault, 'times'> & { times?: number }) {
      faults.push({ times: 1, ...fault });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => server.closeAllConnections()),
  };
}

export type PixPspServer = Awaited<ReturnType<typeof startPixPspServer>>;

const paramSchemas: Record<string, string> = { txid: 'TxId', e2eid: 'EndToEndId', id: 'DevolucaoId', idEnvio: 'IdEnvio', chave: 'Chave' };

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }, ajv: Ajv): Operation[] {
  const pointer = (...segments: string[]) => `pix-api#/${segments.map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const params = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}$`);
    for (const method of ['get', 'put', 'post'] as const) {
      const operation = item[method] as { requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, unknown>; $ref?: string }> } | undefined;
      if (!operation) continue;
      const mediaType = operation.requestBody ? Object.keys(operation.requestBody.content)[0]! : undefined;
      const body = mediaType ? ajv.compile({ $ref: pointer('paths', template, method, 'requestBody', 'content', mediaType, 'schema') }) : undefined;
      const responses = new Map<number, ValidateFunction>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = response.content ?? (response.$ref ? { 'application/problem+json': {} } : undefined);
        if (!content) continue;
        const schema = response.$ref ? { $ref: 'pix-api#/components/schemas/Problem' } : { $ref: pointer('paths', template, method, 'responses', status, 'content', Object.keys(content)[0]!, 'schema') };
        responses.set(Number(status), ajv.compile(schema));
      }
      operations.push({ method: method.toUpperCase(), template, pattern, params, body, responses });
    }
  }
  return operations;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return Symbol('not json');
  }
}
