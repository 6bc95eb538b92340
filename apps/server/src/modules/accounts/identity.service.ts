import { AppError, type Clock } from '@app/kernel';
import { checkBirthdayInput, checkIdentityInput, isOldEnough, maskCpf, MIN_PLAYER_AGE, OPERATOR_TIME_ZONE, todayIn, type IdentityProblem, type MemberIdentity, type UpdateBirthdayRequest, type UpdateIdentityRequest } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { SystemService } from '../system/index.ts';
import * as members from './accounts.repository.ts';
import { ageVerificationOf } from './identity.age.ts';
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

function present(row: IdentityRow, now: Date): MemberIdentity {
  const complete = isComplete(row);
  return {
    payeeName: row.payee_name,
    cpf: row.cpf === null ? null : maskCpf(row.cpf),
    birthday: row.birthday,
    complete,
    // Once both are on file they are KYC data: changes go through customer service.
    locked: complete,
    ageVerified: ageVerificationOf(row, now) === 'verified',
  };
}

function invalid(problems: IdentityProblem[]): AppError {
  return new AppError('validation.failed', 'the identity form has errors', {
    fields: problems.map((problem) => ({
      path: `body.${problem.field}`,
      message: problem.messageKey,
      messageKey: problem.messageKey,
      ...(problem.params ? { params: problem.params } : {}),
    })),
  });
}

const cpfTaken = () =>
  new AppError('accounts.cpf_taken', 'this CPF belongs to another account', {
    fields: [{ path: 'body.cpf', message: 'cpf_taken', messageKey: 'cpf_taken' }],
  });

/**
 * The member's full name, CPF and birthday, which deposits and withdrawals need. Members who
 * registered without them complete them here, once.
 */
export function createIdentityService(deps: {
  db: Db;
  clock: Clock;
  system: SystemService;
  /** Tells the holder of a CPF that someone tried to use it (cpf-holder-notice.ts). */
  notifyCpfHolder: (cpf: string) => Promise<void>;
}) {
  /** The form must say the CPF cannot be used; the holder is told, so probing does not go unseen. */
  async function refuseTakenCpf(cpf: string): Promise<never> {
    await deps.notifyCpfHolder(cpf);
    throw cpfTaken();
  }

  return {
    async getIdentity(member: AuthenticatedMember): Promise<MemberIdentity> {
      const row = await members.findIdentity(deps.db, member.id);
      if (!row) throw new AppError('auth.required', 'you are not logged in, please log in');
      return present(row, deps.clock.now());
    },

    /**
     * Sets name and CPF (and the birthday when none is on file). Fails with validation.failed,
     * accounts.underage, accounts.identity_locked or accounts.cpf_taken (worded neutrally, and
     * the CPF's holder is told by e-mail and SMS: only a logged-in member without an identity
     * on file gets this far).
     */
    async updateIdentity(member: AuthenticatedMember, input: UpdateIdentityRequest): Promise<MemberIdentity> {
      const checked = checkIdentityInput(input);
      if (!checked.ok) throw invalid(checked.problems);
      const { payeeName, cpf, birthday } = checked.values;
      const now = deps.clock.now();
      if (birthday !== undefined && !isOldEnough(birthday, todayIn(OPERATOR_TIME_ZONE, now), MIN_PLAYER_AGE)) {
        throw new AppError('accounts.underage', 'you must be 18 or older');
      }

      let takenCpf: string | undefined;
      try {
        return await deps.db.transaction().execute(async (tx) => {
          const row = await members.lockIdentity(tx, member.id);
          if (!row) throw new AppError('auth.required', 'you are not logged in, please log in');
          // Checked before the CPF, so a locked member cannot use this to ask whose CPF is whose.
          if (isComplete(row)) throw new AppError('accounts.identity_locked', 'name and CPF are on file; customer service changes them');
          if (await members.isCpfTakenByOther(tx, cpf, member.id)) {
            takenCpf = cpf;
            throw cpfTaken();
          }
          const next = { payeeName, cpf, birthday: row.birthday ?? birthday ?? null };
          await members.updateIdentity(tx, member.id, next, now);
          return present({ payee_name: next.payeeName, cpf: next.cpf, birthday: next.birthday }, now);
        });
      } catch (error) {
        // Two members saving the same CPF at once: the unique index decides.
        const pgError = error as { code?: string; constraint?: string };
        if (pgError.code === '23505' && pgError.constraint === 'accounts_member_cpf_key') takenCpf = cpf;
        // Outside the transaction: the notice is not part of the (refused) change.
        if (takenCpf !== undefined) await refuseTakenCpf(takenCpf);
        throw error;
      }
    },

    /**
     * The birthday of a member who has none on file (registered without it, or saved name and CPF
     * before the form asked for it): 18 or more, set once, then only customer service changes it.
     */
    async updateBirthday(member: AuthenticatedMember, input: UpdateBirthdayRequest): Promise<MemberIdentity> {
      const checked = checkBirthdayInput(input);
      if (!checked.ok) throw invalid(checked.problems);
      const now = deps.clock.now();
      if (!isOldEnough(checked.birthday, todayIn(OPERATOR_TIME_ZONE, now), MIN_PLAYER_AGE)) throw new AppError('accounts.underage', 'you must be 18 or older');
      return deps.db.transaction().execute(async (tx) => {
        const row = await members.lockIdentity(tx, member.id);
        if (!row) throw new AppError('auth.required', 'you are not logged in, please log in');
        if (row.birthday !== null) throw new AppError('accounts.birthday_locked', 'a birthday is on file; customer service changes it');
        await members.updateBirthday(tx, member.id, checked.birthday, now);
        return present({ ...row, birthday: checked.birthday }, now);
      });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
