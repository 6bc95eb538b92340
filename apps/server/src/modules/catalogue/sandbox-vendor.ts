import { sql } from 'kysely';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { VendorInsufficientFunds, type GameLauncher, type LaunchUrlRequest, type TransferAdapter } from './vendor-adapters.ts';

/**
 * The built-in sandbox vendor that serves every demo vendor. A seamless-mode demo game opens the
 * site's slot screen, played by the house game server through the provider API as that vendor;
 * a transfer-mode one opens the sandbox's session page and keeps the player's vendor-side balance
 * in its own tables (catalogue_sandbox_*), idempotent per transfer id like a vendor's transfer API.
 */
export const SANDBOX_PLAY_PATH = '/sandbox-vendor/play';

/** The web's slot screen route (apps/web: /slot/:vendor/:gameCode). */
export function slotScreenUrl(request: LaunchUrlRequest): string {
  const path = `/slot/${encodeURIComponent(request.vendor)}/${encodeURIComponent(request.game.gameCode)}`;
  return request.demo ? `${path}?demo=1` : path;
}

/**
 * Games the house game server plays open the slot screen; it needs no launch token in the
 * address, since the house game server opens its own provider session for the signed-in member.
 */
export function createSlotScreenLauncher(): GameLauncher {
  return { launchUrl: async (request) => slotScreenUrl(request) };
}

export function createSandboxLauncher(): GameLauncher {
  return {
    async launchUrl(request) {
      if (request.walletMode === 'seamless') return slotScreenUrl(request);
      const query = new URLSearchParams({ token: request.vendorToken, lang: request.language });
      if (request.demo) query.set('demo', '1');
      return `${SANDBOX_PLAY_PATH}?${query.toString()}`;
    },
  };
}

export function createSandboxTransferAdapter(db: Db): TransferAdapter {
  async function balanceIn(executor: DbExecutor, vendor: string, memberId: bigint) {
    const result = await sql<{ balance: bigint }>`
      select balance from catalogue_sandbox_wallet where vendor_code = ${vendor} and member_id = ${memberId}`.execute(executor);
    return result.rows[0]?.balance ?? 0n;
  }

  return {
    async deposit({ vendor, memberId, transferId, amount }) {
      return db.transaction().execute(async (tx) => {
        const fresh = await sql`
          insert into catalogue_sandbox_transfer (transfer_id, vendor_code, member_id, amount)
          values (${transferId}, ${vendor}, ${memberId}, ${amount}) on conflict do nothing returning transfer_id`.execute(tx);
        if (fresh.rows.length > 0) {
          await sql`
            insert into catalogue_sandbox_wallet (vendor_code, member_id, balance) values (${vendor}, ${memberId}, ${amount})
            on conflict (vendor_code, member_id) do update set balance = catalogue_sandbox_wallet.balance + excluded.balance`.execute(tx);
        }
        return { vendorBalance: await balanceIn(tx, vendor, memberId) };
      });
    },

    async withdraw({ vendor, memberId, transferId, amount }) {
      return db.transaction().execute(async (tx) => {
        // Lock the player's row first: concurrent retries of one transfer queue here, and the
        // second one then finds the first one's record and answers it again.
        const locked = await sql<{ balance: bigint }>`
          select balance from catalogue_sandbox_wallet where vendor_code = ${vendor} and member_id = ${memberId} for update`.execute(tx);
        const earlier = await sql<{ amount: bigint }>`select amount from catalogue_sandbox_transfer where transfer_id = ${transferId}`.execute(tx);
        if (earlier.rows[0]) return { moved: -earlier.rows[0].amount, vendorBalance: await balanceIn(tx, vendor, memberId) };
        const available = locked.rows[0]?.balance ?? 0n;
        const moved = amount ?? available;
        if (moved > available) throw new VendorInsufficientFunds(available);
        const recorded = await sql`
          insert into catalogue_sandbox_transfer (transfer_id, vendor_code, member_id, amount)
          values (${transferId}, ${vendor}, ${memberId}, ${-moved}) on conflict do nothing returning transfer_id`.execute(tx);
        if (recorded.rows.length === 0) return { moved: 0n, vendorBalance: available };
        if (moved > 0n) {
          await sql`update catalogue_sandbox_wallet set balance = balance - ${moved} where vendor_code = ${vendor} and member_id = ${memberId}`.execute(tx);
        }
        return { moved, vendorBalance: available - moved };
      });
    },

    balance: ({ vendor, memberId }) => balanceIn(db, vendor, memberId),
  };
}
