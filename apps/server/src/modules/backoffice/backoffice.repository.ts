import type { DbExecutor } from '../../platform/db.ts';

export async function findOperatorByUsername(db: DbExecutor, username: string) {
  return db.selectFrom('backoffice_operator').selectAll().where('username', '=', username).executeTakeFirst();
}

/** Inserts unless the username is taken; answers whether a row was created. */
export async function insertOperatorIfAbsent(
  db: DbExecutor,
  operator: { username: string; displayName: string; role: string; passwordHash: string; mustChangePassword?: boolean },
): Promise<boolean> {
  const result = await db
    .insertInto('backoffice_operator')
    .values({ username: operator.username, display_name: operator.displayName, role: operator.role, password_hash: operator.passwordHash, must_change_password: operator.mustChangePassword ?? false })
    .onConflict((conflict) => conflict.column('username').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function findOperatorById(db: DbExecutor, id: bigint) {
  return db.selectFrom('backoffice_operator').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every operator with whether two-factor authentication is on, by username. */
export async function listOperators(db: DbExecutor) {
  return db
    .selectFrom('backoffice_operator as o')
    .leftJoin('backoffice_totp as t', 't.operator_id', 'o.id')
    .select(['o.id', 'o.username', 'o.display_name', 'o.role', 'o.status', 'o.created_at', 't.status as totp_status'])
    .orderBy('o.username')
    .execute();
}

/** A password the operator chose: the forced change is done. */
export async function updateOperatorPassword(db: DbExecutor, id: bigint, passwordHash: string): Promise<void> {
  await db.updateTable('backoffice_operator').set({ password_hash: passwordHash, must_change_password: false }).where('id', '=', id).execute();
}
