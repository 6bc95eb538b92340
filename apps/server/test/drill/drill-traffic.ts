import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatCents } from '@app/kernel';
import { signBody } from '../../src/modules/provider/index.ts';
import { DRILL_VENDOR, DRILL_VENDOR_SECRET } from './drill-cluster.ts';

/**
 * The drill's clients, as the outside world behaves: a game vendor delivering signed bet, win and
 * rollback callbacks, and members betting on crash over HTTP. Each request goes to one API
 * process, round robin; no answer (a dead process, a timeout) or a 5xx is retried with the same
 * transaction id or request id on the other process, with backoff, until an answer comes (a
 * vendor's replay). Only a 200 is an acknowledgement; any other 4xx is a refusal, final.
 */
const REQUEST_TIMEOUT_MS = 8000;
const MAX_BACKOFF_MS = 1000;
/** An operation that gets no answer for this long is reported unanswered (never expected). */
const GIVE_UP_MS = 120_000;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface TrafficFigures {
  sent: number;
  acknowledged: number;
  refused: Record<string, number>;
  /** Attempts beyond the first, after no answer or a 5xx. */
  retried: number;
  /** Retries that went to another API process than the attempt before. */
  failedOver: number;
  /** Deliberate duplicate deliveries of an answered operation (a vendor repeating itself). */
  replayed: number;
  /** Operations still without an answer when given up (must stay 0). */
  unanswered: number;
  /** 5xx answers by status and code: 503 while PostgreSQL is away is expected, 500 never. */
  serverErrors: Record<string, number>;
}

export interface VendorOp {
  action: 'bet' | 'win' | 'rollback';
  transactionId: string;
  memberId: bigint;
  cents: bigint;
  /** For a rollback: the bet's amount, given back. */
  reverses?: bigint;
  outcome: 'acknowledged' | 'refused' | 'unanswered';
  operatorTransactionId?: string;
}

export interface CrashOp {
  requestId: string;
  memberId: bigint;
  cents: bigint;
  outcome: 'acknowledged' | 'refused' | 'unanswered';
  betId?: bigint;
}

/** A manual cash-out the API acknowledged: the bet is cashed with this win, whatever happens next. */
export interface CashOutOp {
  betId: bigint;
  win: bigint;
}

/** A PIX deposit through the sandbox PSP: created (request id), then paid by the member's bank. */
export interface DepositOp {
  requestId: string;
  memberId: bigint;
  cents: bigint;
  depositId?: bigint;
  /** The sandbox-pay call was answered (the PSP has the charge paid, by this call or an earlier attempt). */
  outcome: 'acknowledged' | 'refused' | 'unanswered';
}

export interface TrafficLog {
  figures: TrafficFigures;
  vendorOps: VendorOp[];
  crashOps: CrashOp[];
  cashOuts: CashOutOp[];
  deposits: DepositOp[];
  /** When each acknowledgement arrived (ms since the epoch), for the longest gap clients saw. */
  ackTimes: number[];
  /** Something an answer showed that is wrong on its face (a replay answered differently…). */
  anomalies: string[];
}

export function newTrafficLog(): TrafficLog {
  return {
    figures: { sent: 0, acknowledged: 0, refused: {}, retried: 0, failedOver: 0, replayed: 0, unanswered: 0, serverErrors: {} },
    vendorOps: [],
    crashOps: [],
    cashOuts: [],
    deposits: [],
    ackTimes: [],
    anomalies: [],
  };
}

/** A manual cash-out is sent this long after the bet (the betting window is 2.5 s in the drill). */
const CASH_OUT_AFTER_MS = [2000, 5000] as const;
const parseCentsText = (money: string) => BigInt(money.replace('.', ''));
const chance = (percent: number) => randomInt(100) < percent;
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** Delivers one request until it is answered (2xx or a 4xx), failing over between API processes. */
export function createDeliverer(urls: () => string[], log: TrafficLog) {
  let cursor = randomInt(1000);
  async function attempt(base: string, path: string, init: { body: string; headers: Record<string, string> }): Promise<Answer> {
    try {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: init.headers, body: init.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      return { status: response.status, body };
    } catch {
      return { status: 0, body: {} };
    }
  }
  return async function deliver(path: string, init: { body: string; headers: Record<string, string> }): Promise<Answer | undefined> {
    const started = Date.now();
    let previous: string | undefined;
    for (let tries = 0; ; tries += 1) {
      const all = urls();
      const base = all[(cursor += 1) % all.length]!;
      if (tries > 0) {
        log.figures.retried += 1;
        if (base !== previous) log.figures.failedOver += 1;
      }
      previous = base;
      const answer = await attempt(base, path, init);
      if (answer.status >= 500) bump(log.figures.serverErrors, `${answer.status} ${codeOf(answer) ?? '-'}`);
      if (answer.status > 0 && answer.status < 500) return answer;
      if (Date.now() - started > GIVE_UP_MS) return undefined;
      await sleep(Math.min(MAX_BACKOFF_MS, 50 * 2 ** Math.min(tries, 5)));
    }
  };
}

export function codeOf(answer: Answer): string | undefined {
  const error = answer.body.error as { code?: unknown } | undefined;
  return typeof error?.code === 'string' ? error.code : undefined;
}

/** A random amount from `min` to `max` centavos. */
const centsBetween = (min: number, max: number) => BigInt(randomInt(min, max + 1));

/**
 * One vendor's traffic for one player: rounds of a bet then a win (sometimes 0.00, a lost round)
 * or a rollback of the bet, ids unique per drill. After an acknowledgement it sometimes delivers
 * the same callback again, which must be answered as the first time.
 */
export async function vendorPlayer(options: { memberId: bigint; tag: string; running: () => boolean; deliver: ReturnType<typeof createDeliverer>; log: TrafficLog }) {
  const { log, deliver } = options;
  const signedPost = async (action: string, payload: object) => {
    const body = JSON.stringify(payload);
    return deliver(`/provider/v1/${DRILL_VENDOR}/${action}`, { body, headers: { 'content-type': 'application/json', 'x-signature': signBody(DRILL_VENDOR_SECRET, body) } });
  };
  async function send(op: Omit<VendorOp, 'outcome'>, payload: object): Promise<VendorOp> {
    log.figures.sent += 1;
    const answer = await signedPost(op.action, payload);
    const recorded: VendorOp = { ...op, outcome: answer === undefined ? 'unanswered' : answer.status === 200 ? 'acknowledged' : 'refused' };
    log.vendorOps.push(recorded);
    if (!answer) {
      log.figures.unanswered += 1;
      return recorded;
    }
    if (answer.status !== 200) {
      bump(log.figures.refused, `${op.action} ${codeOf(answer) ?? answer.status}`);
      return recorded;
    }
    log.figures.acknowledged += 1;
    log.ackTimes.push(Date.now());
    recorded.operatorTransactionId = String(answer.body.operatorTransactionId);
    if (chance(10)) {
      log.figures.replayed += 1;
      const again = await signedPost(op.action, payload);
      if (again?.status !== 200 || String(again.body.operatorTransactionId) !== recorded.operatorTransactionId) {
        log.anomalies.push(`a replay of ${op.action} ${op.transactionId} was answered ${again?.status} ${JSON.stringify(again?.body)} instead of its first answer`);
      }
    }
    return recorded;
  }

  const playerId = options.memberId.toString();
  for (let round = 0; options.running(); round += 1) {
    const roundId = `${options.tag}-${round}`;
    const stake = centsBetween(1, 100);
    const bet = await send(
      { action: 'bet', transactionId: `${roundId}-b`, memberId: options.memberId, cents: stake },
      { playerId, transactionId: `${roundId}-b`, roundId, gameCode: 'demo-slot-1', amount: formatCents(stake) },
    );
    if (bet.outcome !== 'acknowledged') continue;
    if (chance(25)) {
      await send(
        { action: 'rollback', transactionId: `${roundId}-r`, memberId: options.memberId, cents: 0n, reverses: stake },
        { playerId, transactionId: `${roundId}-r`, originalTransactionId: bet.transactionId, roundId },
      );
    } else {
      const win = chance(40) ? 0n : centsBetween(1, 250);
      await send(
        { action: 'win', transactionId: `${roundId}-w`, memberId: options.memberId, cents: win },
        { playerId, transactionId: `${roundId}-w`, roundId, gameCode: 'demo-slot-1', amount: formatCents(win), roundClosed: true },
      );
    }
  }
}

/**
 * One member betting on crash through the API (the worker leads the rounds and settles them):
 * one bet per round with an automatic cash-out, a new request id per bet, the same one on retry;
 * half the bets are also cashed out by hand once the round runs (the API process that takes the
 * cash-out pays the win; the leader's sweep pays it if that process dies first).
 */
export async function crashMember(options: { memberId: bigint; token: string; running: () => boolean; deliver: ReturnType<typeof createDeliverer>; log: TrafficLog }) {
  const { log, deliver } = options;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
  async function cashOut(betId: bigint) {
    await sleep(randomInt(CASH_OUT_AFTER_MS[0], CASH_OUT_AFTER_MS[1]));
    for (let tries = 0; tries < 30; tries += 1) {
      log.figures.sent += 1;
      const answer = await deliver('/api/crash/cashout', { body: JSON.stringify({ betId: betId.toString() }), headers });
      if (!answer) {
        log.figures.unanswered += 1;
        return;
      }
      if (answer.status === 200) {
        const bet = answer.body.bet as { status: string; win: string | null };
        log.figures.acknowledged += 1;
        log.ackTimes.push(Date.now());
        if (bet.status !== 'cashed' || bet.win === null) log.anomalies.push(`cash-out of bet ${betId} answered 200 with ${JSON.stringify(bet)}`);
        else log.cashOuts.push({ betId, win: parseCentsText(bet.win) });
        return;
      }
      bump(log.figures.refused, `cash-out ${codeOf(answer) ?? answer.status}`);
      // Not running yet (betting still open, or the leader is away): asked again; too late is final.
      if (codeOf(answer) !== 'crash.not_running') return;
      await sleep(300);
    }
  }
  while (options.running()) {
    const cents = centsBetween(10, 100);
    const requestId = `drill-${randomBytes(9).toString('base64url')}`;
    const autoCashOut = `${randomInt(1, 4)}.${String(randomInt(1, 100)).padStart(2, '0')}`;
    log.figures.sent += 1;
    const answer = await deliver('/api/crash/bet', {
      body: JSON.stringify({ amount: formatCents(cents), autoCashOut, requestId }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
    });
    const op: CrashOp = { requestId, memberId: options.memberId, cents, outcome: answer === undefined ? 'unanswered' : answer.status === 200 ? 'acknowledged' : 'refused' };
    log.crashOps.push(op);
    if (!answer) {
      log.figures.unanswered += 1;
      continue;
    }
    if (answer.status === 200) {
      log.figures.acknowledged += 1;
      log.ackTimes.push(Date.now());
      op.betId = BigInt((answer.body.bet as { id: string }).id);
      if (chance(50)) await cashOut(op.betId);
      else await sleep(300);
      continue;
    }
    // Betting closed or already in this round is the ordinary rhythm of the game: asked again shortly.
    bump(log.figures.refused, `crash ${codeOf(answer) ?? answer.status}`);
    await sleep(150);
  }
}

/**
 * One member depositing by PIX through the sandbox PSP: a charge per request id (the same one on
 * retry), paid at once by the member's own bank. The PSP's webhook goes to the API process that
 * took the payment; when that process dies first, the worker's reconciliation job finds the paid
 * charge (a minute later) and credits it — exactly once either way.
 */
export async function depositor(options: { memberId: bigint; token: string; running: () => boolean; deliver: ReturnType<typeof createDeliverer>; log: TrafficLog }) {
  const { log, deliver } = options;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
  while (options.running()) {
    const cents = centsBetween(1000, 5000);
    const op: DepositOp = { requestId: `drill-${randomBytes(9).toString('base64url')}`, memberId: options.memberId, cents, outcome: 'refused' };
    log.deposits.push(op);
    log.figures.sent += 1;
    const created = await deliver('/api/payments/deposits', { body: JSON.stringify({ amount: formatCents(cents), requestId: op.requestId }), headers });
    if (!created || (created.status !== 200 && created.status !== 201)) {
      if (!created) {
        log.figures.unanswered += 1;
        op.outcome = 'unanswered';
      } else bump(log.figures.refused, `deposit ${codeOf(created) ?? created.status}`);
      await sleep(1000);
      continue;
    }
    op.depositId = BigInt(created.body.id as string);
    const paid = await deliver(`/api/payments/deposits/${op.depositId}/sandbox-pay`, { body: '{}', headers });
    if (!paid) {
      log.figures.unanswered += 1;
      op.outcome = 'unanswered';
    } else if (paid.status === 202) {
      op.outcome = 'acknowledged';
      log.figures.acknowledged += 1;
      log.ackTimes.push(Date.now());
    } else bump(log.figures.refused, `deposit pay ${codeOf(paid) ?? paid.status}`);
    await sleep(500);
  }
}
