import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export interface NewMemberRow {
  account: string;
  nickname: string;
  type: number;
  passwordHash: string;
  uplineMemberId?: bigint | null;
}

/** Inserts unless the account name is taken; answers whether a row was created. */
export async function insertMemberIfAbsent(db: DbExecutor, member: NewMemberRow): Promise<boolean> {
  const result = await db
    .insertInto('accounts_member')
    .values({ account: member.account, nickname: member.nickname, type: member.type, password_hash: member.passwordHash, upline_member_id: member.uplineMemberId ?? null })
    .onConflict((conflict) => conflict.column('account').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function findMemberByAccount(db: DbExecutor, account: string) {
  return db.selectFrom('accounts_member').selectAll().where('account', '=', account).executeTakeFirst();
}

/** Login names of several members (public boards mask them before they leave the server). */
export async function findAccountNames(db: DbExecutor, ids: readonly bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('accounts_member').select(['id', 'account']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.account]));
}

export async function findMemberById(db: DbExecutor, id: bigint) {
  return db.selectFrom('accounts_member').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordLogin(db: DbExecutor, memberId: bigint, at: Date) {
  await db.updateTable('accounts_member').set({ last_login_at: at }).where('id', '=', memberId).execute();
}

export async function updateLanguage(db: DbExecutor, memberId: bigint, language: string) {
  await db.updateTable('accounts_member').set({ language, updated_at: sql<Date>`now()` }).where('id', '=', memberId).execute();
}

/** Remembers the address; answers true when the member had never logged in from it. */
export async function rememberIp(db: DbExecutor, memberId: bigint, ip: string): Promise<boolean> {
  const result = await db
    .insertInto('accounts_known_ip')
    .values({ member_id: memberId, ip })
    .onConflict((conflict) => conflict.columns(['member_id', 'ip']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export interface RegisteredMemberRow {
  account: string;
  nickname: string;
  passwordHash: string;
  mobile: string | null;
  email: string | null;
  cpf: string | null;
  birthday: string | null;
  payeeName: string | null;
  paymentPasswordHash: string | null;
  uplineMemberId: bigint | null;
  registrationIp: string;
  /** 0 unless an agent opens the account as an agent (registerCenter). */
  type?: number;
}

export async function insertMember(db: DbExecutor, member: RegisteredMemberRow): Promise<bigint> {
  const row = await db
    .insertInto('accounts_member')
    .values({
      account: member.account,
      nickname: member.nickname,
      type: member.type ?? 0,
      password_hash: member.passwordHash,
      mobile: member.mobile,
      email: member.email,
      cpf: member.cpf,
      birthday: member.birthday,
      payee_name: member.payeeName,
      payment_password_hash: member.paymentPasswordHash,
      upline_member_id: member.uplineMemberId,
      registration_ip: member.registrationIp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Which of the unique identities are already taken (one query for the whole form). */
export async function findTakenIdentities(db: DbExecutor, identity: { account: string; mobile: string | null; cpf: string | null; email: string | null }) {
  const rows = await db
    .selectFrom('accounts_member')
    .select(['account', 'mobile', 'cpf', 'email'])
    .where((eb) =>
      eb.or([
        eb('account', '=', identity.account),
        ...(identity.mobile ? [eb('mobile', '=', identity.mobile)] : []),
        ...(identity.cpf ? [eb('cpf', '=', identity.cpf)] : []),
        ...(identity.email ? [eb('email', '=', identity.email)] : []),
      ]),
    )
    .execute();
  return {
    account: rows.some((row) => row.account === identity.account),
    mobile: identity.mobile !== null && rows.some((row) => row.mobile === identity.mobile),
    cpf: identity.cpf !== null && rows.some((row) => row.cpf === identity.cpf),
    email: identity.email !== null && rows.some((row) => row.email === identity.email),
  };
}

/** The agent whose referral (or affiliate) code this is, if any. */
export async function findAgentByReferralCode(db: DbExecutor, code: string) {
  return db
    .selectFrom('accounts_member')
    .select(['id', 'type'])
    .where(sql`lower(referral_code)`, '=', code.toLowerCase())
    .where('type', 'in', [1, 2, 41, 42])
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function findMemberByMobile(db: DbExecutor, mobile: string) {
  return db.selectFrom('accounts_member').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export async function findMemberByEmail(db: DbExecutor, email: string) {
  return db.selectFrom('accounts_member').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function updatePassword(db: DbExecutor, memberId: bigint, passwordHash: string, at: Date) {
  await db
    .updateTable('accounts_member')
    .set({ password_hash: passwordHash, password_changed_at: at, must_change_password: false, updated_at: at })
    .where('id', '=', memberId)
    .execute();
}

/** Spec §4: the next requests must change the password first (default or expired password). */
export async function requirePasswordChange(db: DbExecutor, memberId: bigint) {
  await db.updateTable('accounts_member').set({ must_change_password: true }).where('id', '=', memberId).execute();
}

export async function updatePaymentPassword(db: DbExecutor, memberId: bigint, paymentPasswordHash: string, at: Date) {
  await db.updateTable('accounts_member').set({ payment_password_hash: paymentPasswordHash, updated_at: at }).where('id', '=', memberId).execute();
}

// node-postgres turns a `date` into a JS Date at local midnight (a day off east or west of the
// server's zone); the birthday is a calendar date, so it is read as the 'yyyy-MM-dd' text.
const identityColumns = ['payee_name', 'cpf', sql<string | null>`to_char(birthday, 'YYYY-MM-DD')`.as('birthday')] as const;

export async function findIdentity(db: DbExecutor, memberId: bigint) {
  return db.selectFrom('accounts_member').select(identityColumns).where('id', '=', memberId).executeTakeFirst();
}

/** Many members' identity columns in one read (the 18+ rule for a batch of bets). */
export async function findIdentities(db: DbExecutor, memberIds: readonly bigint[]) {
  if (memberIds.length === 0) return [];
  return db.selectFrom('accounts_member').select(['id', ...identityColumns]).where('id', 'in', memberIds).execute();
}

/** The identity columns, row-locked so two saves of one member's identity run one after the other. */
export async function lockIdentity(db: DbExecutor, memberId: bigint) {
  return db.selectFrom('accounts_member').select(identityColumns).where('id', '=', memberId).forUpdate().executeTakeFirst();
}

/** True when a member other than `memberId` has this CPF. */
export async function isCpfTakenByOther(db: DbExecutor, cpf: string, memberId: bigint): Promise<boolean> {
  const row = await db.selectFrom('accounts_member').select('id').where('cpf', '=', cpf).where('id', '<>', memberId).executeTakeFirst();
  return row !== undefined;
}

export async function updateIdentity(db: DbExecutor, memberId: bigint, identity: { payeeName: string; cpf: string; birthday: string | null }, at: Date) {
  await db
    .updateTable('accounts_member')
    .set({ payee_name: identity.payeeName, cpf: identity.cpf, birthday: identity.birthday, updated_at: at })
    .where('id', '=', memberId)
    .execute();
}

export async function updateBirthday(db: DbExecutor, memberId: bigint, birthday: string, at: Date) {
  await db.updateTable('accounts_member').set({ birthday, updated_at: at }).where('id', '=', memberId).execute();
}

/** Name, CPF and birthday where each is missing, unless another account has the CPF (demo seed; keeps any edit). */
export async function fillMissingIdentity(db: DbExecutor, account: string, identity: { payeeName: string; cpf: string; birthday: string }) {
  await db
    .updateTable('accounts_member')
    .set({
      payee_name: sql`coalesce(payee_name, ${identity.payeeName})`,
      cpf: sql`coalesce(cpf, ${identity.cpf})`,
      birthday: sql`coalesce(birthday, ${identity.birthday}::date)`,
    })
    .where('account', '=', account)
    .where((eb) => eb.or([eb('cpf', 'is not', null), eb.not(eb.exists(eb.selectFrom('accounts_member as other').select('other.id').where('other.cpf', '=', identity.cpf)))]))
    .execute();
}

export async function insertTrialMember(db: DbExecutor, member: { account: string; passwordHash: string; ip: string }): Promise<bigint> {
  const row = await db
    .insertInto('accounts_member')
    .values({ account: member.account, nickname: member.account, type: 4, password_hash: member.passwordHash, registration_ip: member.ip })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPasswordReset(db: DbExecutor, reset: { tokenHash: Buffer; memberId: bigint; expiresAt: Date }) {
  await db.insertInto('accounts_password_reset').values({ token_hash: reset.tokenHash, member_id: reset.memberId, expires_at: reset.expiresAt }).execute();
}

/** Spends the reset link once; answers its member, or undefined if unknown, used or expired. */
export async function spendPasswordReset(db: DbExecutor, tokenHash: Buffer, now: Date): Promise<bigint | undefined> {
  const row = await db
    .updateTable('accounts_password_reset')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

/** True when the member has logged in before, but never from this address. */
export async function isNewIp(db: DbExecutor, memberId: bigint, ip: string): Promise<boolean> {
  const rows = await db.selectFrom('accounts_known_ip').select('ip').where('member_id', '=', memberId).limit(1000).execute();
  return rows.length > 0 && !rows.some((row) => row.ip === ip);
}

/** The development providers' outboxes, newest first (operators and tests read them). */
export async function listSmsOutbox(db: DbExecutor, filter: { mobile?: string; limit: number }) {
  let query = db.selectFrom('accounts_sms_outbox').select(['id', 'mobile', 'body', 'created_at']).orderBy('id', 'desc').limit(filter.limit);
  if (filter.mobile) query = query.where('mobile', '=', filter.mobile);
  return query.execute();
}

export async function listEmailOutbox(db: DbExecutor, filter: { email?: string; limit: number }) {
  let query = db.selectFrom('accounts_email_outbox').select(['id', 'email', 'subject', 'body', 'created_at']).orderBy('id', 'desc').limit(filter.limit);
  if (filter.email) query = query.where('email', '=', filter.email.toLowerCase());
  return query.execute();
}

export async function findUpline(executor: DbExecutor, memberId: bigint) {
  return executor
    .selectFrom('accounts_member as m')
    .innerJoin('accounts_member as u', 'u.id', 'm.upline_member_id')
    .select(['u.id', 'u.account', 'u.nickname', 'u.status'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}

/** True when `memberId` sits anywhere below `agentId` in the upline tree. */
export async function isBelow(executor: DbExecutor, agentId: bigint, memberId: bigint): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    with recursive up(id, depth) as (
      select upline_member_id, 1 from accounts_member where id = ${memberId}
      union all
      select m.upline_member_id, up.depth + 1 from up join accounts_member m on m.id = up.id
      where up.id is not null and up.depth < 64
    )
    select exists (select 1 from up where id = ${agentId}) as found`.execute(executor);
  return rows[0]?.found ?? false;
}

/** Sets a member's referral code unless it has one; answers the code it ends up with. */
export async function ensureReferralCode(db: DbExecutor, memberId: bigint, candidate: string): Promise<string | undefined> {
  await db.updateTable('accounts_member').set({ referral_code: candidate }).where('id', '=', memberId).where('referral_code', 'is', null).execute();
  const row = await db.selectFrom('accounts_member').select('referral_code').where('id', '=', memberId).executeTakeFirst();
  return row?.referral_code ?? undefined;
}

export async function updateType(db: DbExecutor, memberId: bigint, type: number) {
  await db.updateTable('accounts_member').set({ type, updated_at: sql<Date>`now()` }).where('id', '=', memberId).execute();
}

/** Where the holder of a CPF can be told about its use (registration's neutral answer). */
export async function findCpfHolderContacts(db: DbExecutor, cpf: string) {
  return db.selectFrom('accounts_member').select(['email', 'mobile']).where('cpf', '=', cpf).executeTakeFirst();
}

/**
 * The addresses and browsers a member registered and logged in from (their latest 200 sessions):
 * the referral programme compares a referee's with their referrer's (same address or device).
 */
export async function findNetwork(db: DbExecutor, memberId: bigint): Promise<{ ips: string[]; userAgents: string[] }> {
  const [member, sessions] = await Promise.all([
    db.selectFrom('accounts_member').select('registration_ip').where('id', '=', memberId).executeTakeFirst(),
    db.selectFrom('accounts_session').select(['ip', 'user_agent']).where('member_id', '=', memberId).orderBy('created_at', 'desc').limit(200).execute(),
  ]);
  const ips = new Set<string>();
  const userAgents = new Set<string>();
  if (member?.registration_ip) ips.add(member.registration_ip);
  for (const session of sessions) {
    if (session.ip) ips.add(session.ip);
    if (session.user_agent) userAgents.add(session.user_agent);
  }
  return { ips: [...ips], userAgents: [...userAgents] };
}
