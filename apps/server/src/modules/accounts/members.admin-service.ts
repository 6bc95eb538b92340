import { randomInt } from 'node:crypto';
import { AppError, type Clock } from '@app/kernel';
import type { MemberDetail, MemberNote, MemberSearchPage } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { maskEmail, maskMobile } from './masking.ts';
import * as repository from './members.admin-repository.ts';
import { planSearch } from './members.admin-search.ts';
import { SESSION_IDLE_MS } from './session-token.ts';
import * as sessions from './session.repository.ts';
import type { SessionsEndedAnnouncer } from './session.service.ts';

/** The operator acting, as the back office's requireOperator left it on the request. */
export interface MemberOperator {
  id: bigint;
  username: string;
  /** Whether the role may see CPF, mobile and e-mail in full (members.pii). */
  seesPii: boolean;
  ip: string;
}

/** The back office's audit, written in the caller's transaction. */
export type AuditWriter = (executor: DbExecutor, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;

/** 12 characters from 55 unambiguous letters and digits: about 69 bits, from node:crypto. */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function temporaryPassword(length = 12): string {
  let password = '';
  for (let index = 0; index < length; index += 1) password += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
  return password;
}

export function maskCpf(cpf: string): string {
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}
export function formatCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

function contacts(row: { cpf: string | null; mobile: string | null; email: string | null }, seesPii: boolean) {
  return {
    cpf: row.cpf === null ? null : seesPii ? formatCpf(row.cpf) : maskCpf(row.cpf),
    mobile: row.mobile === null ? null : seesPii ? row.mobile : maskMobile(row.mobile),
    email: row.email === null ? null : seesPii ? row.email : maskEmail(row.email),
  };
}

type Status = MemberDetail['status'];
const statusOf = (status: string): Status => (status === 'locked' || status === 'closed' ? status : 'active');

function noteView(row: { id: bigint; body: string; operator_id: bigint; operator_username: string; created_at: Date }): MemberNote {
  return { id: row.id.toString(), body: row.body, operator: { id: row.operator_id.toString(), username: row.operator_username }, at: row.created_at.toISOString() };
}

/**
 * The back office's members screen (accounts side): search, the member page, lock and unlock,
 * temporary passwords, notes. Every change is audited in its own transaction.
 */
export function createMembersAdminService(deps: { db: Db; clock: Clock; audit: AuditWriter; sessionsEnded: SessionsEndedAnnouncer }) {
  const { db } = deps;

  async function changeStatus(operator: MemberOperator, memberId: bigint, to: 'active' | 'locked', reason: string) {
    return db.transaction().execute(async (tx) => {
      const member = await repository.lockMember(tx, memberId);
      if (!member) throw new AppError('members.not_found', 'no such member');
      if (member.status === 'closed') throw new AppError('members.status_invalid', 'a closed account stays closed');
      // Already there: nothing changes, nothing to audit (a double click or a retry).
      if (member.status === to) return { id: memberId.toString(), status: to, sessionsEnded: 0 };
      await repository.updateStatus(tx, memberId, to, reason);
      // Locking ends the member's sessions at once (authenticate also refuses a locked member's token).
      const sessionsEnded = to === 'locked' ? await repository.revokeAllSessions(tx, memberId) : 0;
      if (sessionsEnded > 0) await deps.sessionsEnded(tx, memberId);
      await deps.audit(tx, {
        operatorId: operator.id,
        action: to === 'locked' ? 'members.lock' : 'members.unlock',
        targetType: 'member',
        targetId: memberId.toString(),
        details: { account: member.account, before: { status: member.status, reason: member.status_reason }, after: { status: to, reason }, sessionsEnded },
        ip: operator.ip,
      });
      return { id: memberId.toString(), status: to, sessionsEnded };
    });
  }

  return {
    async search(operator: MemberOperator, query: { q: string; pageNo: number; pageSize: number }): Promise<MemberSearchPage> {
      const hits = await repository.findSearchHits(db, planSearch(query.q));
      const perKind = new Map<string, number>();
      const fields = new Map<bigint, Set<repository.MatchField>>();
      for (const hit of hits) {
        perKind.set(hit.field, (perKind.get(hit.field) ?? 0) + 1);
        const set = fields.get(hit.id) ?? new Set();
        set.add(hit.field);
        fields.set(hit.id, set);
      }
      const truncated = [...perKind.values()].some((count) => count > repository.SEARCH_CAP);
      const rows = await repository.findMembersPage(db, [...fields.keys()], query.pageSize, (query.pageNo - 1) * query.pageSize);
      return {
        total: fields.size,
        truncated,
        content: rows.map((row) => ({
          id: row.id.toString(),
          account: row.account,
          nickname: row.nickname,
          type: row.type,
          status: statusOf(row.status),
          ...contacts(row, operator.seesPii),
          registeredAt: row.created_at.toISOString(),
          lastLoginAt: row.last_login_at?.toISOString() ?? null,
          matchedBy: [...(fields.get(row.id) ?? [])].sort(),
        })),
      };
    },

    async detail(operator: MemberOperator, memberId: bigint): Promise<MemberDetail> {
      const row = await repository.findMemberForOperator(db, memberId);
      if (!row) throw new AppError('members.not_found', 'no such member');
      const now = deps.clock.now();
      const [upline, directDownlines, live, logins, knownIps, notes] = await Promise.all([
        repository.findUplineChain(db, memberId),
        repository.countDirectDownlines(db, memberId),
        sessions.listActiveSessions(db, memberId, new Date(now.getTime() - SESSION_IDLE_MS), now),
        repository.listLogins(db, memberId, 20),
        repository.listKnownIps(db, memberId, 100),
        repository.listNotes(db, memberId, 200),
      ]);
      return {
        id: row.id.toString(),
        account: row.account,
        nickname: row.nickname,
        name: row.payee_name,
        type: row.type,
        status: statusOf(row.status),
        statusReason: row.status_reason,
        statusChangedAt: row.status_changed_at?.toISOString() ?? null,
        ...contacts(row, operator.seesPii),
        piiMasked: !operator.seesPii,
        birthday: row.birthday,
        language: row.language,
        referralCode: row.referral_code,
        registeredAt: row.created_at.toISOString(),
        registrationIp: row.registration_ip,
        lastLoginAt: row.last_login_at?.toISOString() ?? null,
        mustChangePassword: row.must_change_password,
        hasPaymentPassword: row.has_payment_password,
        upline: upline.map((agent) => ({ id: agent.id.toString(), account: agent.account, type: agent.type, status: statusOf(agent.status) })),
        directDownlines,
        sessions: live.map((session) => ({ startedAt: session.created_at.toISOString(), lastSeenAt: session.last_seen_at.toISOString(), ip: session.ip, userAgent: session.user_agent })),
        logins: logins.map((login) => ({ at: login.at.toISOString(), ip: login.ip, userAgent: login.user_agent })),
        knownIps: knownIps.map((known) => ({ ip: known.ip, firstSeenAt: known.first_seen_at.toISOString() })),
        notes: notes.map(noteView),
      };
    },

    lock: (operator: MemberOperator, memberId: bigint, reason: string) => changeStatus(operator, memberId, 'locked', reason),
    unlock: (operator: MemberOperator, memberId: bigint, reason: string) => changeStatus(operator, memberId, 'active', reason),

    /**
     * A new temporary password, answered once and never stored in clear or audited: the member's
     * sessions end, and the next login must set a password of the member's own.
     */
    async resetPassword(operator: MemberOperator, memberId: bigint): Promise<{ temporaryPassword: string; sessionsEnded: number }> {
      if (!(await repository.findMemberForOperator(db, memberId))) throw new AppError('members.not_found', 'no such member');
      const password = temporaryPassword();
      const hash = await hashPassword(password);
      const sessionsEnded = await db.transaction().execute(async (tx) => {
        const member = await repository.lockMember(tx, memberId);
        if (!member) throw new AppError('members.not_found', 'no such member');
        await repository.setTemporaryPassword(tx, memberId, hash);
        const ended = await repository.revokeAllSessions(tx, memberId);
        await deps.audit(tx, {
          operatorId: operator.id,
          action: 'members.password.reset',
          targetType: 'member',
          targetId: memberId.toString(),
          details: { account: member.account, before: { mustChangePassword: member.must_change_password }, after: { mustChangePassword: true }, sessionsEnded: ended },
          ip: operator.ip,
        });
        return ended;
      });
      return { temporaryPassword: password, sessionsEnded };
    },

    async addNote(operator: MemberOperator, memberId: bigint, body: string): Promise<MemberNote> {
      return db.transaction().execute(async (tx) => {
        const member = await repository.lockMember(tx, memberId);
        if (!member) throw new AppError('members.not_found', 'no such member');
        const note = await repository.insertNote(tx, { memberId, operatorId: operator.id, operatorUsername: operator.username, body });
        await deps.audit(tx, {
          operatorId: operator.id,
          action: 'members.note.add',
          targetType: 'member',
          targetId: memberId.toString(),
          details: { account: member.account, noteId: note.id.toString(), body },
          ip: operator.ip,
        });
        return noteView(note);
      });
    },
  };
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>;
