import { randomBytes, randomInt } from 'node:crypto';
import { completeCpf } from '@app/contracts';
import type { Core } from '../src/compose.ts';
import type { HttpApp } from '../src/platform/http/app.ts';
import { secretOfOtpauthUri, totp } from '../src/platform/security/totp.ts';

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

/**
 * A member with money: the opening balance is a manual adjustment posted through the ledger. A
 * player is an adult with a complete identity (full name, CPF, birthday), as the money paths
 * require (spec §5); `adult: false` leaves the identity empty.
 */
export async function newPlayer(core: Core, options: { balance?: bigint; type?: number; upline?: string; password?: string; adult?: boolean } = {}): Promise<TestPlayer> {
  const member = {
    account: `p${randomBytes(5).toString('hex')}`,
    password: options.password ?? `Pw-${randomBytes(6).toString('hex')}`,
    type: options.type ?? 0,
  };
  await core.modules.accounts.api.ensureMember({ account: member.account, nickname: member.account, type: member.type, password: member.password, upline: options.upline });
  const found = await core.modules.accounts.api.directory.findMemberByAccount(member.account);
  if (!found) throw new Error('member was not created');
  if (options.adult !== false) await giveAdultIdentity(core, found.id);
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

/** Full name, a random valid CPF and a 1990 birthday: what an adult member declares in the identity form. */
export async function giveAdultIdentity(core: Core, memberId: bigint): Promise<{ cpf: string }> {
  const cpf = completeCpf(String(randomInt(100_000_000, 999_999_999)));
  await core.db.updateTable('accounts_member').set({ payee_name: 'Fulana Adulta', cpf, birthday: '1990-01-01' }).where('id', '=', memberId).execute();
  return { cpf };
}

export type TestOperatorRole = 'owner' | 'finance' | 'risk' | 'support' | 'content';

export interface TestOperator {
  id: bigint;
  username: string;
  password: string;
  role: TestOperatorRole;
  /** The TOTP key, as the operator's authenticator app holds it. */
  secret: Buffer;
  recoveryCodes: string[];
  /** The bearer token of the session that enrolment opened. */
  token: string;
}

/**
 * An operator as a person sets one up: created, first login (password → enrolment token),
 * enrolment (key and recovery codes), confirmation with the app's code → a full session.
 */
export async function newOperator(core: Core, app: HttpApp, role: TestOperatorRole, options: { ip?: string } = {}): Promise<TestOperator> {
  const username = `${role.slice(0, 3)}${randomBytes(4).toString('hex')}`;
  const password = 'Operator@1234';
  await core.modules.backoffice.api.ensureOperator({ username, displayName: role, role, password });
  const row = await core.db.selectFrom('backoffice_operator').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { id: row.id, username, password, role, ...(await enrolOperator(app, { username, password }, options)) };
}

/** Password login, enrolment and confirmation of an operator without two-factor authentication yet. */
export async function enrolOperator(app: HttpApp, operator: { username: string; password: string }, options: { ip?: string } = {}) {
  const remoteAddress = options.ip ?? '127.0.0.1';
  const first = await app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { username: operator.username, password: operator.password }, remoteAddress });
  if (first.statusCode !== 200 || first.json().status !== 'enrolment_required') throw new Error(`operator login: ${first.body}`);
  const enrolmentHeaders = bearer(first.json().enrolmentToken);
  const enrolment = await app.inject({ method: 'POST', url: '/api/backoffice/2fa/enrol', headers: enrolmentHeaders, remoteAddress });
  if (enrolment.statusCode !== 200) throw new Error(`operator enrolment: ${enrolment.body}`);
  const secret = secretOfOtpauthUri(enrolment.json().otpauthUri);
  const confirm = await app.inject({ method: 'POST', url: '/api/backoffice/2fa/confirm', headers: enrolmentHeaders, payload: { code: totp(secret, { timeMs: Date.now() }) }, remoteAddress });
  if (confirm.statusCode !== 200) throw new Error(`operator confirmation: ${confirm.body}`);
  return { secret, recoveryCodes: enrolment.json().recoveryCodes as string[], token: confirm.json().token as string };
}

/**
 * The current code of an enrolled operator, for a login. Tests log in faster than codes change
 * (one per 30 s) and the server takes each step once, so the step of the operator's previous login
 * is forgotten first; replay protection has its own tests, which do not use this.
 */
export async function currentOperatorCode(core: Core, operator: { id: bigint; secret: Buffer }): Promise<string> {
  await core.db.updateTable('backoffice_totp').set({ last_step: null }).where('operator_id', '=', operator.id).execute();
  return totp(operator.secret, { timeMs: Date.now() });
}

/** A logged-in operator of `role` with a unique username (enrolled in two-factor authentication); answers the session's bearer token. */
export async function newOperatorSession(core: Core, app: HttpApp, role: TestOperatorRole): Promise<string> {
  return (await newOperator(core, app, role)).token;
}
