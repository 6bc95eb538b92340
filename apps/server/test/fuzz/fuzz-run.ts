import fc from 'fast-check';
import type { Core } from '../../src/compose.ts';
import type { HttpApp } from '../../src/platform/http/app.ts';
import { signBody } from '../../src/modules/provider/index.ts';
import { CALLER_KINDS, createCallers, type Caller, type CallerKind } from './callers.ts';
import { moneyChanges, moneySnapshot } from './money.ts';
import { operationsOf, type OpenApiDocument, type Operation } from './operations.ts';
import { problemWith } from './oracle.ts';
import { harvest, hintsFor } from './hints.ts';
import { invalidDraft, isInvalid, validDraft, type Draft } from './requests.ts';
import { skipOf } from './skips.ts';

export interface FuzzOptions {
  seed: number;
  /** Invalid requests per operation and caller in each round. */
  invalidPerBatch: number;
  /** Valid requests per operation and caller in each round. */
  validPerBatch: number;
  /** Rounds of invalid requests: all of them run before any valid one, so money must stay put throughout. */
  invalidRounds: number;
  validRounds: number;
  /** Wall-clock end of each phase (ms since epoch): no new round starts after it; one round always runs. */
  invalidUntil?: number;
  validUntil?: number;
  /** The demo vendor's secret: callers other than nobody sign provider calls with it. */
  vendorSecret: string;
  log?: (line: string) => void;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

export interface Failure {
  kind: 'server error' | 'error shape' | 'money moved';
  operation: string;
  caller: CallerKind;
  problem: string;
  mutation: string;
  status?: number;
  answer?: string;
  requests: SentRequest[];
}

export interface FuzzReport {
  seed: number;
  operations: number;
  operationsCovered: number;
  /** Operations that answered 2xx to at least one request: their handlers ran to the end. */
  operationsWithSuccess: number;
  /** The others: every request they got was refused (no record to act on, a rule, a permission). */
  neverSucceeded: string[];
  requests: number;
  invalidRequests: number;
  validRequests: number;
  byStatusClass: Record<string, number>;
  serverErrors: number;
  shapeViolations: number;
  moneyChanges: number;
  skippedRequests: number;
  /** Requests the HTTP client itself refused to build (header bytes Node does not send). */
  unsendable: number;
  callerRenewals: number;
  rounds: { invalid: number; valid: number };
  /** Where the run's time went: the operations that took longest, all callers and phases together. */
  slowestOperations: string[];
  failures: Failure[];
}

/** At most this many failures are kept with their requests (the counts go on). */
const KEPT_FAILURES = 50;

/**
 * Drives every operation of the app's OpenAPI document as each caller, first with invalid
 * requests only (the ledger and every member balance must not move across any batch), then with
 * valid ones; every answer must be below 500 and, when it refuses, in the documented error shape.
 */
export async function runFuzz(core: Core, app: HttpApp, options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const operations = operationsOf(app.swagger() as unknown as OpenApiDocument);
  const callers = createCallers(core, app);
  await callers.startAll();
  const hints = await hintsFor(core, app, callers.get('member'), callers.get('agent'), options.vendorSecret);

  const report: FuzzReport = {
    seed: options.seed,
    operations: operations.length,
    operationsCovered: 0,
    operationsWithSuccess: 0,
    neverSucceeded: [],
    requests: 0,
    invalidRequests: 0,
    validRequests: 0,
    byStatusClass: {},
    serverErrors: 0,
    shapeViolations: 0,
    moneyChanges: 0,
    skippedRequests: 0,
    unsendable: 0,
    callerRenewals: 0,
    rounds: { invalid: 0, valid: 0 },
    slowestOperations: [],
    failures: [],
  };
  const covered = new Set<string>();
  const timeSpent = new Map<string, number>();
  const succeeded = new Set<string>();
  const fail = (failure: Failure) => {
    if (report.failures.length < KEPT_FAILURES) report.failures.push(failure);
  };

  async function send(operation: Operation, caller: Caller, draft: Draft): Promise<{ request: SentRequest; status?: number }> {
    const request = render(operation, caller, draft, options.vendorSecret, report.requests);
    report.requests += 1;
    covered.add(operation.id);
    let response;
    try {
      response = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload, remoteAddress: request.remoteAddress });
    } catch {
      report.unsendable += 1;
      return { request };
    }
    const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
    report.byStatusClass[statusClass] = (report.byStatusClass[statusClass] ?? 0) + 1;
    if (response.statusCode < 300) {
      succeeded.add(operation.id);
      harvest(hints, response.body);
    }
    const problem = problemWith({ status: response.statusCode, contentType: response.headers['content-type'] as string | undefined, body: response.body }, operation.isProvider);
    if (problem) {
      const kind = response.statusCode >= 500 ? 'server error' : 'error shape';
      if (kind === 'server error') report.serverErrors += 1;
      else report.shapeViolations += 1;
      fail({ kind, operation: operation.id, caller: caller.kind, problem, mutation: draft.mutation, status: response.statusCode, answer: response.body.slice(0, 400), requests: [excerpt(request)] });
    }
    return { request, status: response.statusCode };
  }

  /**
   * One operation as each caller in turn. Invalid batches are framed by money snapshots; a caller
   * whose session ended is replaced after the frame closes (a new member brings opening cash).
   */
  async function batch(operation: Operation, drafts: { kind: CallerKind; draft: Draft }[], checkMoney: boolean) {
    const started = Date.now();
    const before = checkMoney ? await moneySnapshot(core) : undefined;
    const sent: SentRequest[] = [];
    const refusedCallers = new Set<CallerKind>();
    const sendable = drafts.filter(({ kind, draft }) => {
      const skipped = skipOf(operation.id, kind, draft) !== undefined;
      if (skipped) report.skippedRequests += 1;
      return !skipped;
    });
    const note = ({ kind }: { kind: CallerKind }, { request, status }: { request: SentRequest; status?: number }) => {
      sent.push(request);
      if ((status === 401 || status === 403) && kind !== 'nobody') refusedCallers.add(kind);
    };
    if (checkMoney) {
      // One at a time, so a money change is the batch's and its requests can be listed.
      report.invalidRequests += sendable.length;
      for (const entry of sendable) note(entry, await send(operation, callers.get(entry.kind), entry.draft));
    } else {
      // Valid requests go all at once and each twice (a double click, a client's retry racing the
      // first try): a unique key or a lock taken twice must still answer 4xx or the first's answer.
      const twice = sendable.flatMap((entry) => [entry, { ...entry, draft: { ...entry.draft, mutation: `${entry.draft.mutation}, sent twice at once` } }]);
      report.validRequests += twice.length;
      const answers = await Promise.all(twice.map((entry) => send(operation, callers.get(entry.kind), entry.draft)));
      answers.forEach((answer, index) => note(twice[index]!, answer));
    }
    if (before) {
      const changes = moneyChanges(before, await moneySnapshot(core));
      if (changes.length) {
        report.moneyChanges += 1;
        fail({ kind: 'money moved', operation: operation.id, caller: drafts[0]?.kind ?? 'nobody', problem: changes.join('; '), mutation: drafts.map(({ kind, draft }) => `${kind}: ${draft.mutation}`).join(' | '), requests: sent.map(excerpt) });
      }
    }
    for (const kind of refusedCallers) if (await callers.renewIfEnded(kind)) log(`  ${kind} session ended after ${operation.id}: a new ${kind} takes over`);
    timeSpent.set(operation.id, (timeSpent.get(operation.id) ?? 0) + Date.now() - started);
  }

  const deferredValid: { operation: Operation; kind: CallerKind; draft: Draft }[] = [];
  const rounds = async (phase: 'invalid' | 'valid', count: number, until: number | undefined) => {
    for (let round = 0; round < count; round += 1) {
      if (round > 0 && until !== undefined && Date.now() >= until) break;
      for (const [index, operation] of operations.entries()) {
        const drafts = CALLER_KINDS.flatMap((kind, callerIndex) => {
          const seed = mixSeed(options.seed, phase === 'invalid' ? 1 : 2, round, index, callerIndex);
          const arbitrary = phase === 'invalid' ? invalidDraft(operation, hints) : validDraft(operation, hints);
          return fc.sample(arbitrary, { seed, numRuns: phase === 'invalid' ? options.invalidPerBatch : options.validPerBatch }).map((draft) => ({ kind, draft }));
        });
        if (phase === 'invalid') {
          const invalid = drafts.filter(({ draft }) => isInvalid(operation, draft));
          // A mutation that stayed valid (an extra field zod strips, text a free field allows) may move money: it goes with the valid requests.
          for (const entry of drafts) if (!isInvalid(operation, entry.draft)) deferredValid.push({ operation, ...entry });
          await batch(operation, invalid, true);
        } else {
          await batch(operation, drafts, false);
        }
      }
      report.rounds[phase] += 1;
      log(`${phase} round ${round + 1}: ${report.requests} requests so far, ${report.serverErrors} 5xx, ${report.shapeViolations} shape violations, ${report.moneyChanges} money changes`);
    }
  };

  await rounds('invalid', options.invalidRounds, options.invalidUntil);
  for (const { operation, kind, draft } of deferredValid.splice(0)) {
    await batch(operation, [{ kind, draft }], false);
  }
  await rounds('valid', options.validRounds, options.validUntil);

  report.operationsCovered = covered.size;
  report.operationsWithSuccess = succeeded.size;
  report.neverSucceeded = operations.filter((operation) => !succeeded.has(operation.id)).map((operation) => operation.id);
  report.callerRenewals = callers.renewals;
  report.slowestOperations = [...timeSpent].sort((left, right) => right[1] - left[1]).slice(0, 8).map(([operation, ms]) => `${operation} ${(ms / 1000).toFixed(1)} s`);
  return report;
}

/** The HTTP request for a draft as this caller (provider calls signed by the demo vendor unless the caller is nobody). */
function render(operation: Operation, caller: Caller, draft: Draft, vendorSecret: string, sequence: number): SentRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => draft.rawPath[name] ?? encodeText(draft.path[name] ?? ''));
  const query = draft.query.map(([name, value]) => `${encodeText(name)}=${encodeText(value)}`).join('&');
  const payload = draft.rawBody ?? (draft.body === undefined ? undefined : JSON.stringify(draft.body));
  const headers: Record<string, string> = { ...caller.headers, ...draft.headers };
  if (draft.authorization !== undefined) headers.authorization = draft.authorization;
  if (payload !== undefined) headers['content-type'] = draft.contentType ?? 'application/json';
  if (operation.isProvider && caller.kind !== 'nobody' && !draft.mutation.startsWith('header: x-signature')) headers['x-signature'] = signBody(vendorSecret, payload ?? '');
  // A distinct client address per request, derived from its number: per-address limits stay out of the way, and a replay uses the same one.
  const remoteAddress = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
  return { method: operation.method, url: query ? `${path}?${query}` : path, headers, payload, remoteAddress };
}

/** Percent-encoding as UTF-8; a lone surrogate (which UTF-8 cannot carry) goes as U+FFFD, as a browser sends it. */
function encodeText(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

function excerpt(request: SentRequest): SentRequest {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, value.length > 200 ? `${value.slice(0, 200)}…(${value.length} chars)` : value]));
  const payload = request.payload !== undefined && request.payload.length > 600 ? `${request.payload.slice(0, 600)}…(${request.payload.length} chars)` : request.payload;
  return { ...request, headers, payload };
}

/** A 31-bit seed per batch, from the run's seed and the batch's place in it. */
function mixSeed(...parts: number[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    hash ^= part;
    hash = Math.imul(hash, 0x01000193) >>> 0;
    hash ^= hash >>> 15;
  }
  return hash & 0x7fffffff;
}
