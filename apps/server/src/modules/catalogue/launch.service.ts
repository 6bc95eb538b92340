import { createHash, randomBytes } from 'node:crypto';
import { TRIAL_ACCOUNT_TYPE, type LaunchRequest, type LaunchResponse } from '@app/contracts';
import { AppError, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { alternativeGames, findGameByCode, findGameById, type GameRow, type VendorRow } from './catalogue.repository.ts';
import type { CatalogueSnapshot, Snapshot } from './catalogue-snapshot.ts';
import { toWireGame } from './game-view.ts';
import { insertLaunch, touchRecent } from './player-games.repository.ts';
import type { GameLauncher } from './vendor-adapters.ts';
import type { VendorTransferService } from './vendor-transfer.service.ts';

/** How long a vendor has to redeem a launch token (authenticate). */
export const LAUNCH_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
const ALTERNATIVES = 8;

export function hashLaunchToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Launch (POST /api/games/launch): checks the member may play this game now, records the launch
 * (single-use vendor token, stored hashed) and the recent list in one transaction, moves money to
 * a transfer-mode vendor, and answers the vendor's URL.
 */
export function createLaunchService(deps: {
  db: Db;
  snapshot: CatalogueSnapshot;
  imageBase: string;
  clock: Clock;
  launcherFor: (vendor: VendorRow) => GameLauncher | undefined;
  transfers: VendorTransferService;
  /** Spec §5: real money only for a member with a verified 18+ identity; demo play stays open. */
  assertAgeVerified?: (memberId: bigint) => Promise<void>;
}) {
  async function findTarget(request: LaunchRequest): Promise<GameRow | undefined> {
    if (request.gameId !== undefined) return findGameById(deps.db, request.gameId);
    return findGameByCode(deps.db, request.vendor!, request.gameCode!);
  }

  async function refuseForMaintenance(snapshot: Snapshot, game: GameRow, language: 'pt' | 'en'): Promise<never> {
    const unavailable = snapshot.vendors.filter((vendor) => !vendor.enabled || vendor.maintenance).map((vendor) => vendor.code);
    const rows = await alternativeGames(deps.db, game.game_type, game.id, unavailable, ALTERNATIVES);
    const alternatives = rows.map((row) => toWireGame(row, snapshot.vendorByCode.get(row.vendor_code), language, deps.imageBase));
    throw new AppError('catalogue.game_maintenance', 'this game is under maintenance', { alternatives });
  }

  async function launch(member: { id: bigint; type: number }, request: LaunchRequest): Promise<LaunchResponse> {
    const language = request.language ?? 'pt';
    const snapshot = await deps.snapshot.get();
    const game = await findTarget(request);
    const vendor = game ? snapshot.vendorByCode.get(game.vendor_code) : undefined;
    if (!game || !game.enabled || !vendor || !vendor.enabled) throw new AppError('catalogue.game_not_found', 'no such game');

    const demo = request.demo === true;
    if (member.type === TRIAL_ACCOUNT_TYPE && !demo) throw new AppError('auth.trial_refused', 'register an account first');
    if (demo && !game.demo_supported) throw new AppError('catalogue.demo_unavailable', 'this game has no demo mode');
    if (!demo) await deps.assertAgeVerified?.(member.id);
    if (game.maintenance || vendor.maintenance) return refuseForMaintenance(snapshot, game, language);
    const launcher = deps.launcherFor(vendor);
    if (!launcher) throw new AppError('catalogue.vendor_unavailable', 'no launcher is configured for this vendor');

    const vendorToken = randomBytes(32).toString('base64url');
    const launchId = await deps.db.transaction().execute(async (tx) => {
      const id = await insertLaunch(tx, {
        memberId: member.id,
        gameId: game.id,
        vendor: vendor.code,
        tokenHash: hashLaunchToken(vendorToken),
        demo,
        walletMode: vendor.wallet_mode,
        expiresAt: new Date(deps.clock.now().getTime() + LAUNCH_TOKEN_TTL_MS),
      });
      await touchRecent(tx, member.id, game.id);
      return id;
    });

    const wire = toWireGame(game, vendor, language, deps.imageBase);
    let transferred: string | null = null;
    if (vendor.wallet_mode === 'transfer' && !demo) {
      transferred = (await deps.transfers.transferIn(member.id, vendor.code, undefined, `launch-${launchId}`)).moved;
    }
    const url = await launcher.launchUrl({ vendor: vendor.code, game: wire, vendorToken, language, demo, walletMode: vendor.wallet_mode });
    return { url, mode: vendor.wallet_mode, vendorToken, demo, game: wire, transferred };
  }

  return { launch };
}

export type LaunchService = ReturnType<typeof createLaunchService>;
