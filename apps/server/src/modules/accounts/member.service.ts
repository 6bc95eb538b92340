import { AppError, formatCents } from '@app/kernel';
import type { Language, MemberInfo } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as members from './accounts.repository.ts';
import { maskEmail, maskMobile } from './masking.ts';
import type { AuthenticatedMember } from './session.service.ts';

/** The site's one currency; balances come from the wallet module (cashOf). */
const SITE_CURRENCY = { code: 'BRL', symbol: 'R$' } as const;

export function createMemberService(deps: { db: Db; cashOf: (memberId: bigint) => Promise<bigint> }) {
  return {
    async getInfo(member: AuthenticatedMember): Promise<MemberInfo> {
      const [row, cash] = await Promise.all([members.findMemberById(deps.db, member.id), deps.cashOf(member.id)]);
      if (!row) throw new AppError('auth.required', 'you are not logged in, please log in');
      return {
        id: String(row.id),
        account: row.account,
        nickname: row.nickname,
        type: row.type,
        balance: formatCents(cash),
        currency: SITE_CURRENCY.code,
        currencySymbol: SITE_CURRENCY.symbol,
        language: row.language === 'pt' || row.language === 'en' ? row.language : null,
        mobileMasked: row.mobile ? maskMobile(row.mobile) : null,
        emailMasked: row.email ? maskEmail(row.email) : null,
        hasPaymentPassword: row.payment_password_hash !== null,
        passwordExpired: row.must_change_password,
      };
    },

    /** Remembers the interface language so it follows the member to other devices. */
    async setLanguage(member: AuthenticatedMember, language: Language): Promise<void> {
      await members.updateLanguage(deps.db, member.id, language);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
