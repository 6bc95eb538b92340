import { randomBytes } from 'node:crypto';
import type { Core } from '../src/compose.ts';
import type { HttpApp } from '../src/platform/http/app.ts';

export interface TestMember {
  account: string;
  password: string;
  type: number;
}

/** A member with a unique account name, so tests sharing a database never collide. */
export async function newMember(core: Core, options: { type?: number; password?: string; prefix?: string } = {}): Promise<TestMember> {
  const member = {
    account: `${options.prefix ?? 'm'}${randomBytes(5).toString('hex')}`,
    password: options.password ?? `Pw-${randomBytes(6).toString('hex')}`,
    type: options.type ?? 0,
  };
  await core.modules.accounts.api.ensureMember({ account: member.account, nickname: member.account, type: member.type, password: member.password });
  return member;
}

export async function loginAs(app: HttpApp, member: TestMember, extra: Record<string, unknown> = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/session/login', payload: { username: member.account, password: member.password, type: 'username', ...extra } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asks for a registration proof of work and solves it as the browser would. */
export async function solveBotCheck(app: HttpApp, purpose: 'register' | 'login' = 'register') {
  const { solveChallenge } = await import('@app/contracts');
  const challenge = (await app.inject({ method: 'GET', url: `/api/bot-check/challenge?purpose=${purpose}`, remoteAddress: randomClientIp() })).json();
  return { challenge: challenge.challenge as string, nonce: await solveChallenge(challenge.challenge, challenge.difficultyBits) };
}

/** A captcha from the server; the test context draws every captcha with the answer TEST_CAPTCHA. */
export const TEST_CAPTCHA = 'K7PX';
export async function answeredCaptcha(app: HttpApp, answer = TEST_CAPTCHA) {
  const captcha = (await app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: randomClientIp() })).json();
  return { id: captcha.id as string, answer };
}

/** A distinct client address per simulated visitor (per-address limits apply as in production). */
export function randomClientIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export interface TestPlayer extends TestMember {
  id: bigint;
}

/** A member with money: the opening balance is a manual adjustment posted through the ledger. */
export async function newPlayer(core: Core, options: { balance?: bigint; type?: number; upline?: string; password?: string } = {}): Promise<TestPlayer> {
  const member = {
    account: `p${randomBytes(5).toString('hex')}`,
    password: options.password ?? `Pw-${randomBytes(6).toString('hex')}`,
    type: options.type ?? 0,
  };
  await core.modules.accounts.api.ensureMember({ account: member.account, nickname: member.account, type: member.type, password: member.password, upline: options.upline });
  const found = await core.modules.accounts.api.directory.findMemberByAccount(member.account);
  if (!found) throw new Error('member was not created');
  if (options.balance && options.balance > 0n) {
    await core.db.transaction().execute((tx) =>
      core.modules.wallet.api.postOrThrow(tx, {
        key: `test:opening:${member.account}`,
        type: 'adjustment',
        legs: [
          { member: found.id, amount: options.balance! },
          { house: 'adjustments', amount: -options.balance! },
        ],
      }),
    );
  }
  return { ...member, id: found.id };
}

/** A logged-in operator of `role` with a unique username; answers the session's bearer token. */
export async function newOperatorSession(core: Core, app: HttpApp, role: 'owner' | 'finance' | 'risk' | 'support' | 'content'): Promise<string> {
  const username = `${role.slice(0, 3)}${randomBytes(4).toString('hex')}`;
  await core.modules.backoffice.api.ensureOperator({ username, displayName: role, role, password: 'Operator@1234' });
  const response = await app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { username, password: 'Operator@1234' } });
  if (response.statusCode !== 200) throw new Error(`operator login: ${response.body}`);
  return response.json().token as string;
}
