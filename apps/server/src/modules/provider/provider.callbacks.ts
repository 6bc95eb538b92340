import { isAppError } from '@app/kernel';
import { isDatabaseUnavailable } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { RequestLog } from './request-log.ts';
import type { ProviderService } from './provider.service.ts';
import type { VendorAccessCache } from './vendor-access.ts';
import { PROVIDER_ACTIONS, ProviderError, REQUEST_SCHEMAS, type ProviderAction, type BetRequest, type EndRoundRequest, type ProviderErrorResponse, type RollbackRequest, type WinRequest } from './provider.wire.ts';

/** The protocol's answer as the HTTP API sends it: the status and the JSON body. */
export interface ProviderWireAnswer {
  status: number;
  body: unknown;
}

/**
 * Any failure as the protocol's error: a ProviderError as it is, a refusal of the input (a 4xx
 * AppError or Fastify error) INVALID_REQUEST, a lost database UNAVAILABLE (the caller retries),
 * anything else INTERNAL. The HTTP routes and the in-process handler share it, so both answer alike.
 */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const status = isAppError(error) ? error.status : (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return new ProviderError('INVALID_REQUEST', (error as Error).message);
  if (isDatabaseUnavailable(error)) return new ProviderError('UNAVAILABLE', 'the wallet is unavailable for a moment: retry');
  return new ProviderError('INTERNAL', 'internal error');
}

/** A callback checked against the protocol's schema: its action, its typed body and its transaction id. */
export interface ParsedCallback {
  action: ProviderAction;
  body: Record<string, unknown>;
  transactionId: string | null;
}

/** Validates a callback's action and body (the step after the HTTP layer, shared by both transports). */
export function parseCallback(action: string, json: unknown): ParsedCallback {
  if (!(PROVIDER_ACTIONS as readonly string[]).includes(action)) throw new ProviderError('INVALID_REQUEST', 'unknown action');
  const typed = action as ProviderAction;
  const parsed = REQUEST_SCHEMAS[typed].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderError('INVALID_REQUEST', issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid request');
  }
  const body = parsed.data as Record<string, unknown>;
  return { action: typed, body, transactionId: typeof body.transactionId === 'string' ? body.transactionId : null };
}

/** Runs a parsed callback. Next hop: provider.service.ts (authenticate, balance, bet, win, rollback). */
export function serveCallback(service: ProviderService, vendorCode: string, callback: ParsedCallback): Promise<unknown> {
  const handlers = service as unknown as Record<ProviderAction, (vendor: string, body: unknown) => Promise<unknown>>;
  return handlers[callback.action](vendorCode, callback.body);
}

/**
 * The provider protocol in process, for our own game servers (the house games): the same request
 * and answer shapes, idempotency, errors and service code path as POST /provider/v1/:vendor/:action,
 * without the two HTTP-only steps (the signature, which proves the caller is the vendor, and the
 * IP allow-list): a caller in this process is trusted as the vendor it names. The vendor must still
 * exist and be enabled, and every call goes to the request log like a vendor's (address empty).
 */
export function createProviderCallbacks(deps: { service: ProviderService; logger: Logger; requestLog: RequestLog; vendors: VendorAccessCache }) {
  return {
    async handle(vendorCode: string, action: string, body: unknown): Promise<ProviderWireAnswer> {
      const started = performance.now();
      let transactionId: string | null = null;
      let answer: ProviderWireAnswer;
      try {
        const access = await deps.vendors.access(vendorCode, null);
        if (!access) throw new ProviderError('INVALID_SIGNATURE', 'unknown vendor');
        if (!access.enabled) throw new ProviderError('INVALID_SIGNATURE', 'this vendor is disabled');
        const callback = parseCallback(action, body);
        transactionId = callback.transactionId;
        answer = { status: 200, body: await serveCallback(deps.service, vendorCode, callback) };
      } catch (error) {
        const wire = toProviderError(error);
        if (wire.code === 'INTERNAL') deps.logger.error({ err: error }, 'provider callback failed (in process)');
        answer = { status: wire.statusCode, body: wire.toWire() satisfies ProviderErrorResponse };
      }
      const errorCode = answer.status === 200 ? null : (answer.body as ProviderErrorResponse).error.code;
      deps.requestLog.add({ vendorCode, action: action.slice(0, 20), transactionId, errorCode, statusCode: answer.status, durationMs: performance.now() - started, ip: null });
      // JSON round trip: the caller gets plain wire values, as over HTTP (never a shared object).
      return { status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) };
    },

    /**
     * Many wins, rollbacks, bets or endRounds of one vendor at once (in process only): each body
     * checked like handle's, the valid ones run as one statement (service.moneyBatch for wins and
     * rollbacks, service.betBatch for bets: the same callback each, one commit; service.endRounds),
     * each answered as handle would answer it alone. Each call is logged as handle logs it, except
     * endRound's accepted calls: they moved no money and stored nothing, so the batch is logged as
     * the one request it is (a draw ends a million rounds; its refusals are logged one by one).
     */
    async handleMany(vendorCode: string, action: 'win' | 'rollback' | 'bet' | 'endRound', bodies: readonly unknown[]): Promise<ProviderWireAnswer[]> {
      const started = performance.now();
      const answers: ProviderWireAnswer[] = new Array(bodies.length);
      const transactionIds: Array<string | null> = bodies.map(() => null);
      const fail = (index: number, error: unknown) => {
        const wire = toProviderError(error);
        if (wire.code === 'INTERNAL') deps.logger.error({ err: error }, 'provider callback failed (in process, batch)');
        answers[index] = { status: wire.statusCode, body: wire.toWire() satisfies ProviderErrorResponse };
      };
      try {
        const access = await deps.vendors.access(vendorCode, null);
        if (!access) throw new ProviderError('INVALID_SIGNATURE', 'unknown vendor');
        if (!access.enabled) throw new ProviderError('INVALID_SIGNATURE', 'this vendor is disabled');
        const valid: Array<{ index: number; body: WinRequest | RollbackRequest | BetRequest | EndRoundRequest }> = [];
        bodies.forEach((body, index) => {
          try {
            const callback = parseCallback(action, body);
            transactionIds[index] = callback.transactionId;
            valid.push({ index, body: callback.body as WinRequest | RollbackRequest | BetRequest | EndRoundRequest });
          } catch (error) {
            fail(index, error);
          }
        });
        const results =
          action === 'endRound'
            ? await deps.service.endRounds(vendorCode, valid.map((each) => each.body as EndRoundRequest))
            : action === 'bet'
              ? await deps.service.betBatch(vendorCode, valid.map((each) => each.body as BetRequest))
              : await deps.service.moneyBatch(vendorCode, action, valid.map((each) => each.body as WinRequest | RollbackRequest));
        results.forEach((result, position) => {
          const index = valid[position]!.index;
          if (result instanceof ProviderError) fail(index, result);
          else answers[index] = { status: 200, body: result };
        });
      } catch (error) {
        bodies.forEach((_, index) => {
          if (!answers[index]) fail(index, error);
        });
      }
      const took = performance.now() - started;
      const each = took / Math.max(1, bodies.length);
      const ended = action === 'endRound' && answers.some((answer) => answer.status === 200);
      if (ended) deps.requestLog.add({ vendorCode, action, transactionId: null, errorCode: null, statusCode: 200, durationMs: took, ip: null });
      return answers.map((answer, index) => {
        const errorCode = answer.status === 200 ? null : (answer.body as ProviderErrorResponse).error.code;
        if (!(ended && answer.status === 200)) deps.requestLog.add({ vendorCode, action, transactionId: transactionIds[index] ?? null, errorCode, statusCode: answer.status, durationMs: each, ip: null });
        return { status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) };
      });
    },
  };
}

export type ProviderCallbacks = ReturnType<typeof createProviderCallbacks>;
