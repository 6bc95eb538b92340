import { AppError, formatCents, parseCents } from '@app/kernel';
import { MAX_AMOUNT_CENTS, type AgentTransferRequest, type AgentTransferResponse } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { WalletService } from './wallet.service.ts';

/** What the wallet needs from accounts (its public API), so the tree rule lives with the tree. */
export interface MemberDirectory {
  isAgentType(type: number): boolean;
  findMemberByAccount(account: string): Promise<{ id: bigint; account: string; status: string } | undefined>;
  findUpline(memberId: bigint): Promise<{ id: bigint; account: string; nickname: string; status: string } | undefined>;
  isInTree(agentId: bigint, memberId: bigint): Promise<boolean>;
  checkPaymentPassword(memberId: bigint, pin: string): Promise<'ok' | 'missing' | 'wrong'>;
}

interface Sender {
  id: bigint;
  account: string;
  type: number;
}

const DEADLOCK = '40P01';
const MAX_ATTEMPTS = 3;

/**
 * Agent transfers: an agent to anyone below it in its tree, any member to its direct upline.
 * The payment password is required; the client's requestId makes the post idempotent, so a
 * double click or a retry moves the money once.
 */
export function createAgentTransferService(deps: { db: Db; wallet: WalletService; members: MemberDirectory }) {
  async function recipientOf(sender: Sender, request: AgentTransferRequest) {
    if (request.direction === 'upline') {
      const upline = await deps.members.findUpline(sender.id);
      if (!upline || upline.status !== 'active') throw new AppError('wallet.no_upline', 'no upline to transfer to');
      return upline;
    }
    if (!deps.members.isAgentType(sender.type)) throw new AppError('wallet.agent_only', 'only agents transfer to downlines');
    const account = request.account?.trim().toLowerCase();
    if (!account) throw new AppError('wallet.account_unknown', 'which downline?');
    if (account === sender.account) throw new AppError('wallet.self_transfer', 'cannot transfer to yourself');
    const target = await deps.members.findMemberByAccount(account);
    if (!target || target.status !== 'active') throw new AppError('wallet.account_unknown', 'no such account');
    if (!(await deps.members.isInTree(sender.id, target.id))) throw new AppError('wallet.not_in_tree', 'not in your tree');
    return target;
  }

  return {
    async transfer(sender: Sender, request: AgentTransferRequest): Promise<AgentTransferResponse> {
      const amount = parseCents(request.amount.trim());
      if (amount === undefined || amount <= 0n || amount > MAX_AMOUNT_CENTS) throw new AppError('wallet.amount_invalid', 'invalid amount');
      const recipient = await recipientOf(sender, request);
      const pin = await deps.members.checkPaymentPassword(sender.id, request.paymentPassword);
      if (pin === 'missing') throw new AppError('wallet.payment_password_missing', 'set a payment password first');
      if (pin === 'wrong') throw new AppError('wallet.payment_password_invalid', 'wrong payment password');

      const journal = {
        key: `agent_transfer:${sender.id}:${request.requestId}`,
        type: request.direction === 'upline' ? ('agent_transfer_upline' as const) : ('agent_transfer_downline' as const),
        reference: `${sender.account} → ${recipient.account}`,
        legs: [
          { member: sender.id, amount: -amount },
          { member: recipient.id, amount },
        ],
      };
      for (let attempt = 1; ; attempt += 1) {
        try {
          const result = await deps.db.transaction().execute((tx) => deps.wallet.postOrThrow(tx, journal));
          const balance = result.balances.find((row) => row.member === sender.id && row.pocket === 'cash')?.balance ?? 0n;
          return { transferId: result.journalId.toString(), balance: formatCents(balance) };
        } catch (error) {
          // Two multi-member posts can meet in opposite order; PostgreSQL breaks the tie, we retry.
          if ((error as { code?: string }).code === DEADLOCK && attempt < MAX_ATTEMPTS) continue;
          throw error;
        }
      }
    },
  };
}
