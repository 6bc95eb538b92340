import { AppError, type Clock } from '@app/kernel';
import { checkIdentityInput, isOldEnough, maskCpf, MIN_PLAYER_AGE, todayIn, type MemberIdentity, type UpdateIdentityRequest } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { SystemService } from '../system/index.ts';
import * as members from './accounts.repository.ts';
import type { AuthenticatedMember } from './session.service.ts';

interface IdentityRow {
  payee_name: string | null;
  cpf: string | null;
  birthday: string | null;
}

/** Money may only come from and go to the member's own account, so both are needed to pay (brazil-compliance §2.4). */
function isComplete(row: IdentityRow): boolean {
  return row.payee_name !== null && row.cpf !== null;
}

function present(row: IdentityRow): MemberIdentity {
  const complete = isComplete(row);
  return {
    payeeName: row.payee_name,
    cpf: row.cpf === null ? null : maskCpf(row.cpf),
    birthday: row.birthday,
    complete,
    // Once both are on file they are KYC data: changes go through customer service.
    locked: complete,
  };
}

const cpfTaken = () =>
  new AppError('accounts.cpf_taken', 'this CPF belongs to another account', {
    fields: [{ path: 'body.cpf', message: 'cpf_taken', messageKey: 'cpf_taken' }],
  });

/**
 * The member's full name, CPF and birthday, which deposits and withdrawals need. Members who
 * registered without them complete them here, once.
 */
export function createIdentityService(deps: { db: Db; clock: Clock; system: SystemService }) {
  return {
    async getIdentity(member: AuthenticatedMember): Promise<MemberIdentity> {
      const row = await members.findIdentity(deps.db, member.id);
      if (!row) throw new AppError('auth.required', 'you are not logged in, please log in');
      return present(row);
    },

    /**
     * Sets name and CPF (and the birthday when none is on file). Fails with validation.failed,
     * accounts.underage, accounts.identity_locked or accounts.cpf_taken (registration tells a
     * visitor the same about a CPF, so saying it here to a logged-in member reveals nothing new).
     */
    async updateIdentity(member: AuthenticatedMember, input: UpdateIdentityRequest): Promise<MemberIdentity> {
      const checked = checkIdentityInput(input);
      if (!checked.ok) {
        throw new AppError('validation.failed', 'the identity form has errors', {
          fields: checked.problems.map((problem) => ({
            path: `body.${problem.field}`,
            message: problem.messageKey,
            messageKey: problem.messageKey,
            ...(problem.params ? { params: problem.params } : {}),
          })),
        });
      }
      const { payeeName, cpf, birthday } = checked.values;
      const settings = await deps.system.getSettings();
      const now = deps.clock.now();
      if (birthday !== undefined && !isOldEnough(birthday, todayIn(settings.locale.timeZone, now), MIN_PLAYER_AGE)) {
        throw new AppError('accounts.underage', 'you must be 18 or older');
      }

      try {
        return await deps.db.transaction().execute(async (tx) => {
          const row = await members.lockIdentity(tx, member.id);
          if (!row) throw new AppError('auth.required', 'you are not logged in, please log in');
          // Checked before the CPF, so a locked member cannot use this to ask whose CPF is whose.
          if (isComplete(row)) throw new AppError('accounts.identity_locked', 'name and CPF are on file; customer service changes them');
          if (await members.isCpfTakenByOther(tx, cpf, member.id)) throw cpfTaken();
          const next = { payeeName, cpf, birthday: row.birthday ?? birthday ?? null };
          await members.updateIdentity(tx, member.id, next, now);
          return present({ payee_name: next.payeeName, cpf: next.cpf, birthday: next.birthday });
        });
      } catch (error) {
        // Two members saving the same CPF at once: the unique index decides.
        const pgError = error as { code?: string; constraint?: string };
        if (pgError.code === '23505' && pgError.constraint === 'accounts_member_cpf_key') throw cpfTaken();
        throw error;
      }
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
