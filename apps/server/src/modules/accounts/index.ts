import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { memberSessionsEnded, type EventBus } from '../../platform/events.ts';
import type { HttpApp } from '../../platform/http/http-app.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import type { SystemService } from '../system/index.ts';
import { createMemberAuth } from './accounts.auth.ts';
import * as repository from './accounts.repository.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createMemberService } from './member.service.ts';
import { createHumanCheckService, type CaptchaImageFactory } from './human-check.service.ts';
export { fixedAnswerCaptcha } from './human-check.service.ts';
import { createRegistrationService, type RegistrationHook } from './registration.service.ts';
import { registrationRoutes } from './registration.routes.ts';
import { createSessionService } from './session.service.ts';
import * as sessionRepository from './session.repository.ts';
import { createSmsCodeService } from './sms-code.service.ts';
import { createOutboxSmsProvider, type SmsProvider } from './sms-provider.ts';
import { createOutboxEmailProvider, type EmailProvider } from './email-provider.ts';
import { createCpfHolderNotice } from './cpf-holder-notice.ts';
import { createPasswordService } from './password.service.ts';
import { createPaymentPasswordCheck } from './payment-password.ts';
import { securityRoutes } from './security.routes.ts';
import { createIdentityService } from './identity.service.ts';
import { createDownlineService } from './downline.service.ts';
import { identityRoutes } from './identity.routes.ts';
import { createSessionHandoffService } from './session-handoff.service.ts';
import { sessionHandoffRoutes } from './session-handoff.routes.ts';
import { ageUnverified, ageVerificationOf as ageVerificationOfIdentity, type AgeVerification } from './identity.age.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import { membersAdminRoutes, type OperatorAccess } from './members.admin-routes.ts';
import { createMembersAdminService } from './members.admin-service.ts';

import { isAgentType } from './account-type.ts';
import { bettorsOf, exportMember } from './member-export.ts';
export { ACCOUNT_TYPE, isAgentType, type AccountType } from './account-type.ts';
export { currentMember } from './accounts.auth.ts';
export type { AuthenticatedMember } from './session.service.ts';
export type { AgeVerification } from './identity.age.ts';
export type { DownlineService } from './downline.service.ts';
export type { OperatorAccess as MembersOperatorAccess } from './members.admin-routes.ts';

/** Verified against for an unknown account, so both answers take the same time. */
const UNKNOWN_HASH = '$argon2id$v=19$m=19456,t=2,p=1$lapCK89jGYWidJgpb612Yw$WOrfENuPIk9vYw+7HwQYdh8y332pMnKTueqQfeHXXyI';

/** Accounts module: members, sessions (login, logout, bearer auth), member info and preferences. */
export function createAccountsModule(deps: {
  db: Db;
  system: SystemService;
  clock?: Clock;
  smsProvider?: SmsProvider;
  emailProvider?: EmailProvider;
  /** Base of links sent to members (password reset). */
  publicUrl: string;
  /** Test seam: how captcha images (and their answers) are drawn. */
  createCaptchaImage?: CaptchaImageFactory;
  /** The member's cash balance (wallet module) for member info. */
  cashOf?: (memberId: bigint) => Promise<bigint>;
  /** Called in the registration's transaction (the promotions module's sign-up rewards). */
  onMemberRegistered?: RegistrationHook;
  /** Responsible gaming (issue 27, exclusion module): asked before every new session (login, hand-off, reset). */
  loginGate?: (memberId: bigint, executor?: DbExecutor) => Promise<'ok' | 'refused'>;
  /** Responsible gaming (issue 27, exclusion module): the barred-persons check of a CPF at registration. */
  registrationGate?: (cpf: string) => Promise<'ok' | 'refused'>;
  /** Where a member's ended sessions are announced (every process's /ws hub unbinds their sockets); none in some tests. */
  bus?: EventBus;
}) {
  const clock = deps.clock ?? systemClock;
  const sessionsEnded = async (executor: DbExecutor, memberId: bigint) => {
    await deps.bus?.publish(executor, memberSessionsEnded(memberId));
  };
  const humanCheck = createHumanCheckService({ db: deps.db, clock, system: deps.system, createImage: deps.createCaptchaImage });
  const sms = deps.smsProvider ?? createOutboxSmsProvider(deps.db);
  const smsCodes = createSmsCodeService({ db: deps.db, clock, system: deps.system, provider: sms });
  const sessions = createSessionService({ db: deps.db, clock, system: deps.system, captcha: { verify: humanCheck.verifyCaptcha }, smsCodes, loginGate: deps.loginGate, sessionsEnded });
  const email = deps.emailProvider ?? createOutboxEmailProvider(deps.db);
  const notifyCpfHolder = createCpfHolderNotice({ db: deps.db, email, sms });
  const registration = createRegistrationService({ db: deps.db, clock, system: deps.system, sessions, humanCheck, smsCodes, notifyCpfHolder, onMemberRegistered: deps.onMemberRegistered, registrationGate: deps.registrationGate });
  const members = createMemberService({ db: deps.db, cashOf: deps.cashOf ?? (async () => 0n) });
  const passwords = createPasswordService({ db: deps.db, clock, sessions, smsCodes, email, publicUrl: deps.publicUrl, sessionsEnded });
  const identity = createIdentityService({ db: deps.db, clock, system: deps.system, notifyCpfHolder });
  const handoffs = createSessionHandoffService({ db: deps.db, clock, sessions });
  const auth = createMemberAuth(sessions);
  const downlines = createDownlineService({ db: deps.db, system: deps.system });
  const checkPaymentPassword = createPaymentPasswordCheck({ db: deps.db });
  /** The 18+ rule for one member; undefined when there is no such member (callers answer that their own way). */
  const ageVerificationOf = async (memberId: bigint): Promise<AgeVerification | undefined> => {
    const declared = await repository.findIdentity(deps.db, memberId);
    return declared ? ageVerificationOfIdentity(declared, clock.now()) : undefined;
  };
  /** The same rule for many members in one read; a member missing from the answer does not exist. */
  const ageVerificationsOf = async (memberIds: readonly bigint[]): Promise<Map<bigint, AgeVerification>> => {
    const now = clock.now();
    return new Map((await repository.findIdentities(deps.db, memberIds)).map((row) => [row.id, ageVerificationOfIdentity(row, now)]));
  };
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(accountsRoutes({ sessions, members, auth }));
    await app.register(registrationRoutes({ db: deps.db, registration, humanCheck, passwords }));
    await app.register(securityRoutes({ db: deps.db, passwords, auth }));
    await app.register(identityRoutes({ identity, auth }));
    await app.register(sessionHandoffRoutes({ handoffs, auth }));
  };
  const jobs: JobDefinition[] = [
    { name: 'accounts.delete-expired-human-checks', cron: '*/10 * * * *', handle: () => humanCheck.deleteExpired() },
    { name: 'accounts.delete-spent-handoffs', cron: '*/10 * * * *', handle: async () => {
      await handoffs.deleteSpent();
    } },
  ];

  return {
    api: {
      /** LGPD export (compliance): profile, identity, logins and sessions; no secrets. */
      exportMember: (memberId: bigint) => exportMember(deps.db, memberId),
      /** The regulator extract's bettors (compliance). */
      bettorsOf: (ids: readonly bigint[]) => bettorsOf(deps.db, ids),
      /** Responsible-gaming limits (issue 27): when a session began, ending one, ending those older than a session-time limit. */
      sessionTimes: {
        startedAt: async (tokenHash: Buffer) => (await deps.db.selectFrom('accounts_session').select('created_at').where('token_hash', '=', tokenHash).executeTakeFirst())?.created_at,
        // Ends the session whose own status poll found it past its time limit: that tab learns it
        // from the answer and shows why, so no /ws announcement (which raced the answer and logged
        // the tab out before the session-time screen could show).
        async end(tokenHash: Buffer): Promise<void> {
          await sessionRepository.revokeSession(deps.db, tokenHash);
        },
        async endStartedBefore(memberId: bigint, before: Date): Promise<number> {
          const ended = Number((await deps.db.updateTable('accounts_session').set({ revoked_at: clock.now() }).where('member_id', '=', memberId).where('revoked_at', 'is', null).where('created_at', '<', before).executeTakeFirst()).numUpdatedRows);
          if (ended > 0) await sessionsEnded(deps.db, memberId);
          return ended;
        },
      },
      authenticate: sessions.authenticate,
      /** Answers a captcha from GET /api/captcha; single use, right or wrong (the back-office login asks for it too). */
      verifyCaptcha: humanCheck.verifyCaptcha,
      /** preHandler for other modules' routes that need a logged-in member. */
      requireMember: auth.requireMember,
      /** preHandler that also refuses trial accounts: game launch, payments, panels. */
      requireRealMember: auth.requireRealMember,
      /** What the development SMS and e-mail providers delivered (for operators and tests). */
      listSmsOutbox: (filter: { mobile?: string; limit: number }) => repository.listSmsOutbox(deps.db, filter),
      listEmailOutbox: (filter: { email?: string; limit: number }) => repository.listEmailOutbox(deps.db, filter),
      /** Members, the upline tree and payment passwords, for money features (wallet transfers). */
      directory: {
        isAgentType,
        /** The member behind an account name (lower-cased), active or not. */
        findMemberByAccount: (account: string) => repository.findMemberByAccount(deps.db, account.trim().toLowerCase()),
        /** The direct upline of a member, if any (the Agent centre issue grows the tree around it). */
        findUpline: (memberId: bigint) => repository.findUpline(deps.db, memberId),
        /** The tree rule for agent transfers: is `memberId` anywhere below `agentId`? */
        isInTree: (agentId: bigint, memberId: bigint) => repository.isBelow(deps.db, agentId, memberId),
        /** Checks the 6-digit payment password; the wrong-answer lock is kept in PostgreSQL (payment-password.ts). */
        checkPaymentPassword,
      },
      /**
       * Name and CPF on file, for payments that must go only to and from the member's own account;
       * `ageVerification` is the 18+ rule (identity.age.ts) every money path applies.
       */
      async identityOf(memberId: bigint): Promise<{ account: string; payeeName: string | null; cpf: string | null; hasPaymentPassword: boolean; ageVerification: AgeVerification } | undefined> {
        const [row, declared] = await Promise.all([repository.findMemberById(deps.db, memberId), repository.findIdentity(deps.db, memberId)]);
        if (!row || !declared) return undefined;
        const ageVerification = ageVerificationOfIdentity(declared, clock.now());
        return { account: row.account, payeeName: row.payee_name, cpf: row.cpf, hasPaymentPassword: row.payment_password_hash !== null, ageVerification };
      },
      /** Name and birthday as the member declared them (never from the CPF): the KYC review compares them with the document. */
      async declaredIdentityOf(memberId: bigint): Promise<{ payeeName: string | null; birthday: string | null } | undefined> {
        const row = await repository.findIdentity(deps.db, memberId);
        return row && { payeeName: row.payee_name, birthday: row.birthday };
      },
      /** The 18+ rule (identity.age.ts) for money paths that answer in their own words (the provider API). */
      ageVerificationOf,
      ageVerificationsOf,
      /** Throws member.age_unverified unless the member may move money (real-money game launch). */
      async assertAgeVerified(memberId: bigint): Promise<void> {
        const verification = (await ageVerificationOf(memberId)) ?? 'identity_incomplete';
        if (verification !== 'verified') throw ageUnverified(verification);
      },
      /** Nickname, type and status of a member, for vendors' callbacks (provider API). */
      /** A member's id and account name, for other modules' back-office routes (wallet adjustments). */
      async memberRef(memberId: bigint): Promise<{ id: bigint; account: string } | undefined> {
        const row = await repository.findMemberById(deps.db, memberId);
        return row ? { id: row.id, account: row.account } : undefined;
      },
      /** Addresses and browsers of a member's registration and sessions (the referral programme's abuse checks). */
      networkOf: (memberId: bigint) => repository.findNetwork(deps.db, memberId),
      /** Login names by member id, for boards that show them masked. */
      accountNamesOf: (ids: readonly bigint[]) => repository.findAccountNames(deps.db, ids),
      async playerOf(memberId: bigint): Promise<{ account: string; nickname: string; type: number; status: 'active' | 'locked' | 'closed' } | undefined> {
        const row = await repository.findMemberById(deps.db, memberId);
        return row ? { account: row.account, nickname: row.nickname, type: row.type, status: row.status as 'active' | 'locked' | 'closed' } : undefined;
      },
      /** Ends every session of the member at once (issue 27: self-exclusion, barred, closure); answers how many were open. */
      endAllSessions: (memberId: bigint) => sessions.endAllSessions(memberId),
      /** The member behind an account name and its login password, or undefined (issue 27: the withdraw-only path of a member who may not log in). */
      async verifyAccountPassword(account: string, password: string): Promise<bigint | undefined> {
        const row = await repository.findMemberByAccount(deps.db, account.trim().toLowerCase().slice(0, 64));
        const ok = await verifyPassword(row?.password_hash ?? UNKNOWN_HASH, password.slice(0, 256));
        return row && ok ? row.id : undefined;
      },
      /** An SMS to the member's registered mobile (issue 27: a barred closure's notice); false when none is on file. */
      async smsMember(memberId: bigint, body: string): Promise<boolean> {
        const row = await repository.findMemberById(deps.db, memberId);
        if (!row?.mobile) return false;
        await sms.send({ mobile: row.mobile, body });
        return true;
      },
      /** Re-asks the login password before a sensitive change (where withdrawals are paid). */
      async checkLoginPassword(memberId: bigint, password: string): Promise<boolean> {
        const row = await repository.findMemberById(deps.db, memberId);
        return row ? verifyPassword(row.password_hash, password) : false;
      },
      /**
       * Creates the member unless the account exists (idempotent); answers whether it created one.
       * `identity` (demo seed) fills name, CPF and birthday where the member has none on file.
       */
      async ensureMember(input: { account: string; nickname: string; type: number; password: string; upline?: string; identity?: { payeeName: string; cpf: string; birthday: string } }): Promise<boolean> {
        const account = input.account.toLowerCase();
        if (await repository.findMemberByAccount(deps.db, account)) {
          if (input.identity) await repository.fillMissingIdentity(deps.db, account, input.identity);
          return false;
        }
        const upline = input.upline ? await repository.findMemberByAccount(deps.db, input.upline.toLowerCase()) : undefined;
        return repository.insertMemberIfAbsent(deps.db, {
          account,
          nickname: input.nickname,
          type: input.type,
          passwordHash: await hashPassword(input.password),
          uplineMemberId: upline?.id ?? null,
        }).then(async (created) => {
          if (input.identity) await repository.fillMissingIdentity(deps.db, account, input.identity);
          return created;
        });
      },
    },
    /** What an agent may do to accounts in its tree (the agents module's registerCenter and team management). */
    downlines,
    installAuth: (app: HttpApp) => auth.install(app),
    routes,
    /** /api/backoffice/members (search, member page, lock, temporary password, notes); the back office lends operator access. */
    adminRoutes: (operators: OperatorAccess): FastifyPluginAsyncZod => membersAdminRoutes({ members: createMembersAdminService({ db: deps.db, clock, audit: operators.audit, sessionsEnded }), operators }),
    jobs,
  };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
