import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { HttpApp } from '../../platform/http/http-app.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import type { SystemService } from '../system/index.ts';
import { createMemberAuth } from './accounts.auth.ts';
import * as repository from './accounts.repository.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createMemberService } from './member.service.ts';
import { createHumanCheckService, type CaptchaImageFactory } from './human-check.service.ts';
export { fixedAnswerCaptcha } from './human-check.service.ts';
import { createRegistrationService } from './registration.service.ts';
import { registrationRoutes } from './registration.routes.ts';
import { createSessionService } from './session.service.ts';
import { createSmsCodeService } from './sms-code.service.ts';
import { createOutboxSmsProvider, type SmsProvider } from './sms-provider.ts';
import { createOutboxEmailProvider, type EmailProvider } from './email-provider.ts';
import { createPasswordService } from './password.service.ts';
import { securityRoutes } from './security.routes.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';

export { ACCOUNT_TYPE, isAgentType, type AccountType } from './account-type.ts';
export { currentMember } from './accounts.auth.ts';
export type { AuthenticatedMember } from './session.service.ts';

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
}) {
  const clock = deps.clock ?? systemClock;
  const humanCheck = createHumanCheckService({ db: deps.db, clock, system: deps.system, createImage: deps.createCaptchaImage });
  const smsCodes = createSmsCodeService({ db: deps.db, clock, system: deps.system, provider: deps.smsProvider ?? createOutboxSmsProvider(deps.db) });
  const sessions = createSessionService({ db: deps.db, clock, system: deps.system, captcha: { verify: humanCheck.verifyCaptcha }, smsCodes });
  const registration = createRegistrationService({ db: deps.db, clock, system: deps.system, sessions, humanCheck, smsCodes });
  const members = createMemberService({ db: deps.db });
  const email = deps.emailProvider ?? createOutboxEmailProvider(deps.db);
  const passwords = createPasswordService({ db: deps.db, clock, sessions, smsCodes, email, publicUrl: deps.publicUrl });
  const auth = createMemberAuth(sessions);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(accountsRoutes({ sessions, members, auth }));
    await app.register(registrationRoutes({ registration, humanCheck, passwords }));
    await app.register(securityRoutes({ passwords, auth }));
  };
  const jobs: JobDefinition[] = [
    { name: 'accounts.delete-expired-human-checks', cron: '*/10 * * * *', handle: () => humanCheck.deleteExpired() },
  ];

  return {
    api: {
      authenticate: sessions.authenticate,
      /** preHandler for other modules' routes that need a logged-in member. */
      requireMember: auth.requireMember,
      /** preHandler that also refuses trial accounts: game launch, payments, panels. */
      requireRealMember: auth.requireRealMember,
      /** What the development SMS and e-mail providers delivered (for operators and tests). */
      listSmsOutbox: (filter: { mobile?: string; limit: number }) => repository.listSmsOutbox(deps.db, filter),
      listEmailOutbox: (filter: { email?: string; limit: number }) => repository.listEmailOutbox(deps.db, filter),
      /** Creates the member unless the account exists (idempotent); answers whether it created one. */
      async ensureMember(input: { account: string; nickname: string; type: number; password: string }): Promise<boolean> {
        const account = input.account.toLowerCase();
        if (await repository.findMemberByAccount(deps.db, account)) return false;
        return repository.insertMemberIfAbsent(deps.db, {
          account,
          nickname: input.nickname,
          type: input.type,
          passwordHash: await hashPassword(input.password),
        });
      },
    },
    installAuth: (app: HttpApp) => auth.install(app),
    routes,
    jobs,
  };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
