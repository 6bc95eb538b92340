import { randomInt } from 'node:crypto';
import { AppError } from '@app/kernel';
import { checkPasswordShape, registrationProblemMessageKey, validateRegistrationFields, type FieldProblemDetail } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import type { SystemService } from '../system/index.ts';
import { isAgentType } from './account-type.ts';
import * as members from './accounts.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import { effectiveFieldRules, registrationMethods } from './registration-rules.ts';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 8;

function invalid(problems: FieldProblemDetail[]): never {
  throw new AppError('validation.failed', 'the account form has errors', { fields: problems });
}
function problem(path: string, messageKey: string, params?: Record<string, string | number>): FieldProblemDetail {
  return { path, message: messageKey, messageKey, ...(params ? { params } : {}) };
}

/**
 * What an agent may do to accounts in its tree (spec §2 registerCenter, team management): open a
 * downline account under itself, and give a direct downline the member type or its own agent type.
 * The username and password follow the same server rules as public registration.
 */
export function createDownlineService(deps: { db: Db; system: SystemService }) {
  return {
    /** Types an agent of `agentType` may give: plain member, or its own agent type. */
    grantableTypes(agentType: number): number[] {
      return isAgentType(agentType) ? [0, agentType] : [];
    },

    async register(agent: { id: bigint; type: number }, input: { account: string; password: string; nickname?: string; type: number; ip: string }): Promise<bigint> {
      if (!this.grantableTypes(agent.type).includes(input.type)) throw new AppError('agents.type_not_grantable', 'type not grantable');
      const settings = await deps.system.getSettings();
      const methods = registrationMethods(await deps.system.getWhitelabelFlags());
      const rules = effectiveFieldRules(settings.registration.fields, 'username', methods).filter((rule) => ['username', 'password', 'confirmPassword'].includes(rule.field));
      const checked = validateRegistrationFields({ username: input.account, password: input.password, confirmPassword: input.password }, rules);
      const problems: FieldProblemDetail[] = [];
      if (!checked.ok) {
        for (const [field, fieldProblem] of Object.entries(checked.problems)) {
          if (!fieldProblem || field === 'confirmPassword') continue;
          const params = fieldProblem.reason === 'mismatch' ? undefined : { min: fieldProblem.min, max: fieldProblem.max };
          problems.push(problem(field === 'username' ? 'account' : field, registrationProblemMessageKey(fieldProblem), params));
        }
      }
      const account = input.account.trim().toLowerCase();
      if (isCommonPassword(input.password)) problems.push(problem('password', 'password_common'));
      if (checkPasswordShape(input.password, { account }).includes('same_as_account')) problems.push(problem('password', 'password_same_as_account'));
      if (problems.length > 0) invalid(problems);

      const taken = await members.findTakenIdentities(deps.db, { account, mobile: null, cpf: null, email: null });
      if (taken.account) invalid([problem('account', 'username_taken')]);
      try {
        return await members.insertMember(deps.db, {
          account,
          nickname: input.nickname?.trim() || account,
          passwordHash: await hashPassword(input.password),
          mobile: null,
          email: null,
          cpf: null,
          birthday: null,
          payeeName: null,
          paymentPasswordHash: null,
          uplineMemberId: agent.id,
          registrationIp: input.ip,
          type: input.type,
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') invalid([problem('account', 'username_taken')]);
        throw error;
      }
    },

    async setType(agent: { id: bigint; type: number }, downlineId: bigint, type: number, hasTeam: boolean): Promise<void> {
      if (!this.grantableTypes(agent.type).includes(type)) throw new AppError('agents.type_not_grantable', 'type not grantable');
      if (!isAgentType(type) && hasTeam) throw new AppError('agents.has_team', 'a downline with its own team stays an agent');
      await members.updateType(deps.db, downlineId, type);
    },

    /** The agent's referral code, made on first use (8 characters from node:crypto, no look-alikes). */
    async referralCode(memberId: bigint): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const candidate = Array.from({ length: REFERRAL_LENGTH }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
        try {
          const code = await members.ensureReferralCode(deps.db, memberId, candidate);
          if (code) return code;
        } catch (error) {
          if ((error as { code?: string }).code !== '23505') throw error;
        }
      }
      throw new AppError('system.unavailable', 'could not draw a free referral code');
    },
  };
}

export type DownlineService = ReturnType<typeof createDownlineService>;
