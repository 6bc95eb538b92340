import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import { GAME_COLUMNS, type GameRow } from './catalogue.repository.ts';

/** SQL for a member's own game lists (favourites, recently launched) and launch records. */

/** How many recently launched games a member keeps. */
export const RECENT_KEPT = 50;

export async function favoriteIds(db: DbExecutor, memberId: bigint): Promise<number[]> {
  const result = await sql<{ game_id: number }>`
    select game_id from catalogue_favorite where member_id = ${memberId} order by created_at desc, game_id`.execute(db);
  return result.rows.map((row) => row.game_id);
}

/** Idempotent: adding twice keeps the first time. */
export async function addFavorite(db: DbExecutor, memberId: bigint, gameId: number): Promise<void> {
  await sql`insert into catalogue_favorite (member_id, game_id) values (${memberId}, ${gameId}) on conflict do nothing`.execute(db);
}

export async function removeFavorite(db: DbExecutor, memberId: bigint, gameId: number): Promise<void> {
  await sql`delete from catalogue_favorite where member_id = ${memberId} and game_id = ${gameId}`.execute(db);
}

export interface MemberListFilter {
  gameType?: string;
  vendor?: string;
}

function memberFilter(filter: MemberListFilter) {
  const conditions = [sql`g.enabled`];
  if (filter.gameType) conditions.push(sql`g.game_type = ${filter.gameType}`);
  if (filter.vendor) conditions.push(sql`g.vendor_code = ${filter.vendor}`);
  return sql.join(conditions, sql` and `);
}

export async function favoritePage(db: DbExecutor, memberId: bigint, filter: MemberListFilter, limit: number, offset: number) {
  const result = await sql<GameRow & { total: bigint }>`
    select ${GAME_COLUMNS}, count(*) over () as total
    from catalogue_favorite f join catalogue_game g on g.id = f.game_id
    where f.member_id = ${memberId} and ${memberFilter(filter)}
    order by f.created_at desc, g.id limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

export async function recentPage(db: DbExecutor, memberId: bigint, limit: number, offset: number) {
  const result = await sql<GameRow & { total: bigint }>`
    select ${GAME_COLUMNS}, count(*) over () as total
    from catalogue_recent r join catalogue_game g on g.id = r.game_id
    where r.member_id = ${memberId} and g.enabled
    order by r.launched_at desc, g.id limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

/** Records a launch in the recent list and keeps only the latest RECENT_KEPT. */
export async function touchRecent(db: DbExecutor, memberId: bigint, gameId: number): Promise<void> {
  await sql`
    insert into catalogue_recent (member_id, game_id, launched_at) values (${memberId}, ${gameId}, clock_timestamp())
    on conflict (member_id, game_id) do update set launched_at = excluded.launched_at`.execute(db);
  await sql`
    delete from catalogue_recent where member_id = ${memberId} and game_id in (
      select game_id from catalogue_recent where member_id = ${memberId}
      order by launched_at desc offset ${RECENT_KEPT})`.execute(db);
}

export interface LaunchRecord {
  memberId: bigint;
  gameId: number;
  vendor: string;
  tokenHash: Buffer;
  demo: boolean;
  walletMode: string;
  expiresAt: Date;
}

export async function insertLaunch(db: DbExecutor, launch: LaunchRecord): Promise<bigint> {
  const result = await sql<{ id: bigint }>`
    insert into catalogue_launch (member_id, game_id, vendor_code, token_hash, demo, wallet_mode, expires_at)
    values (${launch.memberId}, ${launch.gameId}, ${launch.vendor}, ${launch.tokenHash}, ${launch.demo}, ${launch.walletMode}, ${launch.expiresAt})
    returning id`.execute(db);
  return result.rows[0]!.id;
}

export interface RedeemedLaunch {
  id: bigint;
  member_id: bigint;
  game_id: number;
  vendor_code: string;
  demo: boolean;
  wallet_mode: string;
}

/** Single use: marks the token redeemed and answers the launch, or nothing if unknown, used or expired. */
export async function redeemLaunch(db: DbExecutor, tokenHash: Buffer): Promise<RedeemedLaunch | undefined> {
  const result = await sql<RedeemedLaunch>`
    update catalogue_launch set redeemed_at = now()
    where token_hash = ${tokenHash} and redeemed_at is null and expires_at > now()
    returning id, member_id, game_id, vendor_code, demo, wallet_mode`.execute(db);
  return result.rows[0];
}
