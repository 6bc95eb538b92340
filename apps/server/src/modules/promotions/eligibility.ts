import { sql } from 'kysely';
import { AppError, parseCents } from '@app/kernel';
import type { DbExecutor } from '../../platform/db.ts';
import type { PromotionRow } from './definitions.repository.ts';
import type { PromotionsPorts } from './promotions.ports.ts';

/**
 * Whether a member may join or apply to a promotion now. Reads other modules' data only through
 * their APIs (CPF, the agent tree) and published views (accounts_v_member's registration time,
 * payments_v_deposit's credited deposits, agents_v_member_day's valid bet per rolled-up day,
 * vip_v_member_rank's VIP level).
 * Answers the CPF to record when the promotion allows one participation per CPF.
 */
export async function checkEligibility(db: DbExecutor, ports: PromotionsPorts, promotion: PromotionRow, memberId: bigint, now: Date): Promise<{ cpf: string | null }> {
  if (promotion.status !== 'active' || promotion.startsAt > now || (promotion.endsAt && promotion.endsAt <= now)) {
    throw new AppError('promotions.not_running', 'this promotion is not running');
  }
  if (!(await ports.restrictedTypesAllowed()) && (promotion.type === 'sign_up' || promotion.type === 'deposit_match')) {
    throw new AppError('promotions.not_running', 'this kind of promotion is switched off');
  }
  const rules = promotion.eligibility;
  const refuse = (why: string): never => {
    throw new AppError('promotions.not_eligible', why);
  };
  const member = await db.selectFrom('accounts_v_member').select(['created_at', 'is_trial']).where('id', '=', memberId).executeTakeFirst();
  if (!member || member.is_trial) refuse('trial or unknown member');
  const registeredAt = member!.created_at;
  if (rules.registeredFrom && registeredAt < new Date(rules.registeredFrom)) refuse('registered before the window');
  if (rules.registeredTo && registeredAt >= new Date(rules.registeredTo)) refuse('registered after the window');
  if (rules.newMembersOnly && registeredAt < promotion.startsAt) refuse('registered before the promotion started');
  if (rules.vipLevels.length > 0) {
    // No row in the VIP module's view is the base level, 0.
    const row = await sql<{ rank: number }>`select rank from vip_v_member_rank where member_id = ${memberId}`.execute(db);
    if (!rules.vipLevels.includes(row.rows[0]?.rank ?? 0)) refuse('VIP level not among the promotion levels');
  }
  if (rules.agentAccount) {
    const agentId = await ports.memberIdOf(rules.agentAccount);
    if (agentId === undefined || (agentId !== memberId && !(await ports.isInTeam(agentId, memberId)))) refuse('not in the agent team');
  }
  // A deposit match applies its minimum to each deposit it matches, not to what came before joining.
  const minDeposit = rules.minDeposit && promotion.type !== 'deposit_match' ? parseCents(rules.minDeposit) : undefined;
  if (promotion.depositMatch?.firstDepositOnly) {
    const row = await sql<{ found: number }>`select 1 as found from payments_v_deposit where member_id = ${memberId} and status = 'credited' limit 1`.execute(db);
    if (row.rows.length > 0) refuse('a first-deposit match, and the member has deposited before');
  }
  if (minDeposit !== undefined) {
    const row = await sql<{ total: string | null }>`
      select sum(credited_amount)::text as total from payments_v_deposit
      where member_id = ${memberId} and status = 'credited' and credited_at >= ${promotion.startsAt}`.execute(db);
    if (BigInt(row.rows[0]?.total ?? '0') < minDeposit) refuse('deposits below the minimum');
  }
  const minValidBet = rules.minValidBet ? parseCents(rules.minValidBet) : undefined;
  if (minValidBet !== undefined) {
    // Rolled-up days only: today's play counts once the agents' day roll-up has run.
    const row = await sql<{ total: string | null }>`
      select sum(valid_bet)::text as total from agents_v_member_day
      where member_id = ${memberId} and day >= ${promotion.startsAt}::date`.execute(db);
    if (BigInt(row.rows[0]?.total ?? '0') < minValidBet) refuse('valid bet below the minimum');
  }
  if (!rules.onePerCpf) return { cpf: null };
  const cpf = await ports.cpfOf(memberId);
  if (!cpf) refuse('no CPF on file');
  return { cpf };
}
