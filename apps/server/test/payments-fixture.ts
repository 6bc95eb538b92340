import { randomInt, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { completeCpf } from '@app/contracts';
import { bearer, loginAs, newOperatorSession, newPlayer, type TestPlayer } from './builders.ts';
import { createTestContext, type TestContext } from './test-context.ts';

/**
 * A whole API process listening on loopback (the sandbox PSP calls our webhook over real HTTP),
 * with helpers for members who have a name, CPF and payment password, and a finance operator.
 */
export async function createPaymentsContext(env: Record<string, string> = {}) {
  const ctx = await createTestContext({ env });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as AddressInfo).port;
  ctx.core.modules.payments.api.sandbox!.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/webhooks/sandbox`);
  return { ctx, baseUrl: `http://127.0.0.1:${port}` };
}

export const PIN = '246810';

export interface PayingMember extends TestPlayer {
  token: string;
  cpf: string;
}

/**
 * `kyc` (default true, with a CPF): the member's identity is already verified (issue 27: the first
 * withdrawal needs it), written as an approved submission; kyc.test.ts walks the real journey.
 */
export async function payingMember(ctx: TestContext, options: { balance?: bigint; cpf?: boolean; pin?: boolean; kyc?: boolean } = {}): Promise<PayingMember> {
  // Without a CPF the member has no identity at all (no name, no birthday either).
  const player = await newPlayer(ctx.core, { balance: options.balance, adult: options.cpf !== false });
  const cpf = completeCpf(String(randomInt(100_000_000, 999_999_999)));
  if (options.cpf !== false) {
    await sql`update accounts_member set cpf = ${cpf}, payee_name = ${`Fulano ${player.account}`} where id = ${player.id}`.execute(ctx.core.db);
    if (options.kyc !== false) {
      await sql`insert into kyc_verification (member_id, document_type, status, provider, provider_decision, reviewed_at) values (${player.id}, 'rg', 'verified', 'fixture', 'approve', now())`.execute(ctx.core.db);
    }
  }
  const token = await loginAs(ctx.app, player);
  if (options.pin !== false) {
    const set = await api(ctx, 'PUT', '/api/member/payment-password', token, { password: player.password, paymentPassword: PIN });
    if (set.statusCode >= 300) throw new Error(`payment password: ${set.body}`);
  }
  return { ...player, token, cpf };
}

export async function api(ctx: TestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export function financeOperator(ctx: TestContext): Promise<string> {
  return newOperatorSession(ctx.core, ctx.app, 'finance');
}

export const requestId = () => randomUUID();

/** Waits for an asynchronous effect (a webhook's arrival) without fixed sleeps. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
