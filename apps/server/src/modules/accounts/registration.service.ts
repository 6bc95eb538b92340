import { randomBytes } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import {
  checkPasswordShape,
  isOldEnough,
  latestAllowedBirthday,
  normalizeBrMobile,
  normalizeCpf,
  registrationProblemMessageKey,
  todayIn,
  validateRegistrationFields,
  type FieldProblemDetail,
  type LoginResponse,
  type RegisterRequest,
  type RegistrationSettings,
} from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import type { SystemService } from '../system/index.ts';
import * as members from './accounts.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { HumanCheckService } from './human-check.service.ts';
import { effectiveFieldRules, registrationMethods } from './registration-rules.ts';
import type { Requester, SessionService } from './session.service.ts';
import { SMS_CODE_EXPIRED_MINUTES, type SmsCodeService } from './sms-code.service.ts';

const MIN_AGE = 18;

function invalid(problems: FieldProblemDetail[]): never {
  throw new AppError('validation.failed', 'the registration form has errors', { fields: problems });
}

function problem(path: string, messageKey: string, params?: Record<string, string | number>): FieldProblemDetail {
  return { path, message: messageKey, messageKey, ...(params ? { params } : {}) };
}

/** A member just registered, told in the registration's transaction (facts other connections cannot see yet). */
export type RegistrationHook = (
  tx: DbExecutor,
  member: {
    memberId: bigint;
    cpf: string | null;
    uplineMemberId: bigint | null;
    registeredAt: Date;
    /** The link's referralCode when it was not an agent's (the member referral programme's codes). */
    referralCode: string | null;
    /** Where the registration came from (the referral programme's abuse checks). */
    ip: string;
    userAgent: string | null;
    /** Responsible-gaming limits chosen on the form (issue 27; null: not asked, e.g. an older client). */
    limits: NonNullable<RegisterRequest['limits']> | null;
  },
) => Promise<unknown>;

export function createRegistrationService(deps: {
  db: Db;
  clock: Clock;
  system: SystemService;
  sessions: SessionService;
  humanCheck: HumanCheckService;
  smsCodes: SmsCodeService;
  /** Tells the holder of a CPF that someone tried to register with it (cpf-holder-notice.ts). */
  notifyCpfHolder: (cpf: string) => Promise<void>;
  /**
   * Runs in the registration's transaction once the member exists (the promotions module's
   * sign-up rewards). It must not throw for business reasons: a throw undoes the registration.
   */
  onMemberRegistered?: RegistrationHook;
  /** Responsible gaming (issue 27, exclusion module): the barred-persons check of the CPF; 'refused' gets the same neutral answer as a taken CPF. */
  registrationGate?: (cpf: string) => Promise<'ok' | 'refused'>;
}) {
  async function currentSettings() {
    const settings = await deps.system.getSettings();
    return { settings, methods: registrationMethods(await deps.system.getWhitelabelFlags()) };
  }

  /** A neutral answer for a CPF that is already a member's: the holder, not the visitor, is told. */
  async function refuseTakenCpf(cpf: string): Promise<never> {
    await deps.notifyCpfHolder(cpf);
    throw new AppError('accounts.registration_not_completed', 'the registration could not be completed with these details');
  }

  return {
    async getSettings(method: 'username' | 'mobile' = 'username'): Promise<RegistrationSettings> {
      const { settings, methods } = await currentSettings();
      const today = todayIn(settings.locale.timeZone, deps.clock.now());
      return {
        methods,
        fields: effectiveFieldRules(settings.registration.fields, method, methods),
        captchaRequired: settings.registration.captchaRequired,
        affiliateValidation: settings.registration.affiliateValidation,
        confirm21: settings.registration.confirm21,
        minAge: MIN_AGE,
        birthdayMax: latestAllowedBirthday(today, MIN_AGE),
        smsExpiredMinutes: SMS_CODE_EXPIRED_MINUTES,
      };
    },

    /**
     * Spec §4 registration: fields by the server's rules, then the affiliate code, captcha,
     * bot check and SMS code; then the member and their first session in one transaction.
     */
    async register(input: RegisterRequest, requester: Requester): Promise<LoginResponse> {
      const { settings, methods } = await currentSettings();
      if (!methods[input.method]) throw new AppError('auth.registration_closed', 'this registration method is not enabled');
      const rules = effectiveFieldRules(settings.registration.fields, input.method, methods);
      // First, so every submission spends its captcha whatever else is wrong with it: one solved
      // captcha buys one answer, never a series of probes (e.g. of which CPFs are members).
      if (settings.registration.captchaRequired) {
        if (!input.captcha) throw new AppError('auth.captcha_required', 'please enter the captcha', { captchaRequired: true });
        if (!(await deps.humanCheck.verifyCaptcha(input.captcha))) throw new AppError('auth.captcha_invalid', 'the captcha is wrong', { captchaRequired: true });
      }

      const checked = validateRegistrationFields(input.fields, rules);
      const problems: FieldProblemDetail[] = [];
      if (!checked.ok) {
        for (const [field, fieldProblem] of Object.entries(checked.problems)) {
          if (!fieldProblem) continue;
          const params = fieldProblem.reason === 'mismatch' ? undefined : { min: fieldProblem.min, max: fieldProblem.max };
          problems.push(problem(`fields.${field}`, registrationProblemMessageKey(fieldProblem), params));
        }
      }
      const values = checked.ok ? checked.values : {};
      if (!input.agreeTerms) problems.push(problem('agreeTerms', 'agree_terms'));
      if (settings.registration.confirm21 && !input.confirm21) problems.push(problem('confirm21', 'confirm_21'));
      if (values.password) {
        if (isCommonPassword(values.password)) problems.push(problem('fields.password', 'password_common'));
        if (checkPasswordShape(values.password, { account: values.username }).includes('same_as_account')) {
          problems.push(problem('fields.password', 'password_same_as_account'));
        }
      }
      const today = todayIn(settings.locale.timeZone, deps.clock.now());
      if (values.birthday && !isOldEnough(values.birthday, today, MIN_AGE)) problems.push(problem('fields.birthday', 'too_young'));
      if (input.method === 'mobile' && methods.smsVerification && !/^\d{6}$/.test(input.fields.verificationCode ?? '')) {
        problems.push(problem('fields.verificationCode', 'verification_code_needed'));
      }
      if (problems.length > 0) invalid(problems);

      const mobile = values.mobileNum ? normalizeBrMobile(values.mobileNum) : null;
      const cpf = values.idNumber ? normalizeCpf(values.idNumber) : null;
      const email = values.email ? values.email.toLowerCase() : null;
      const account = input.method === 'mobile' && mobile ? `m${mobile.slice(3)}` : (values.username ?? '').toLowerCase();

      let uplineMemberId: bigint | null = null;
      if (values.affiliateCode) {
        const agent = await members.findAgentByReferralCode(deps.db, values.affiliateCode);
        if (!agent && settings.registration.affiliateValidation) invalid([problem('fields.affiliateCode', 'invalid_invitation_code')]);
        uplineMemberId = agent?.id ?? null;
      }
      // An agent's code places the member in the agent's team; any other code is handed to the hook
      // (the member referral programme's codes, which never look like an agent's).
      let memberReferralCode: string | null = null;
      if (uplineMemberId === null && input.referralCode) {
        uplineMemberId = (await members.findAgentByReferralCode(deps.db, input.referralCode))?.id ?? null;
        if (uplineMemberId === null) memberReferralCode = input.referralCode;
      }

      const taken = await members.findTakenIdentities(deps.db, { account, mobile, cpf, email });
      const conflicts = [
        ...(taken.account ? [problem(input.method === 'mobile' ? 'fields.mobileNum' : 'fields.username', input.method === 'mobile' ? 'mobile_taken' : 'username_taken')] : []),
        ...(taken.mobile && input.method !== 'mobile' ? [problem('fields.mobileNum', 'mobile_taken')] : []),
        ...(taken.email ? [problem('fields.email', 'email_taken')] : []),
      ];
      if (conflicts.length > 0) invalid(conflicts);
      if (taken.cpf && cpf) await refuseTakenCpf(cpf);
      if (cpf && deps.registrationGate && (await deps.registrationGate(cpf)) === 'refused') {
        throw new AppError('accounts.registration_not_completed', 'the registration could not be completed with these details');
      }

      if (input.method === 'mobile' && methods.smsVerification && mobile) {
        await deps.smsCodes.consume({ mobile, purpose: 'register', code: input.fields.verificationCode ?? '' });
      }

      // A mobile-only account has no password: it logs in with SMS codes. Its hash is of a
      // random secret nobody knows, so the column stays meaningful and nothing can match it.
      const passwordHash = await hashPassword(values.password ?? randomBytes(32).toString('base64url'));
      const paymentPasswordHash = values.paymentPassword ? await hashPassword(values.paymentPassword) : null;

      try {
        const token = await deps.db.transaction().execute(async (tx) => {
          await deps.humanCheck.spendBotCheck(tx, input.botCheck, 'register');
          const memberId = await members.insertMember(tx, {
            account,
            nickname: values.payeeName?.split(' ')[0] ?? account,
            passwordHash,
            mobile,
            email,
            cpf,
            birthday: values.birthday ?? null,
            payeeName: values.payeeName ?? null,
            paymentPasswordHash,
            uplineMemberId,
            registrationIp: requester.ip,
          });
          await deps.onMemberRegistered?.(tx, { memberId, cpf, uplineMemberId, registeredAt: deps.clock.now(), referralCode: memberReferralCode, ip: requester.ip, userAgent: requester.userAgent, limits: input.limits ?? null });
          return deps.sessions.startSession(tx, memberId, requester);
        });
        return { token, firstTimeLogin: true, passwordExpired: false };
      } catch (error) {
        // Two registrations racing for the same identity: the unique index decides.
        const constraint = (error as { code?: string; constraint?: string }).code === '23505' ? (error as { constraint?: string }).constraint : undefined;
        if (constraint?.includes('account')) invalid([problem('fields.username', 'username_taken')]);
        if (constraint?.includes('mobile')) invalid([problem('fields.mobileNum', 'mobile_taken')]);
        if (constraint?.includes('cpf') && cpf) await refuseTakenCpf(cpf);
        if (constraint?.includes('email')) invalid([problem('fields.email', 'email_taken')]);
        throw error;
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
