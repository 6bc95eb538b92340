import { sql } from 'kysely';
import type { GameType } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { notifyCatalogueChanged } from './catalogue-events.ts';
import { foldForSearch } from './search-text.ts';

export interface EnsureVendorInput {
  code: string;
  displayName: string;
  games: ReadonlyArray<{ gameCode: string; names: { en: string; pt?: string }; gameType: GameType; classify?: string; demoSupported: boolean; rtp?: number; iconPath?: string }>;
  /** An image path under IMAGE_CDN_BASE; filled in on rows that have none, never over an operator's. */
  logoPath?: string;
  /** Default true (demo vendors served by the sandbox); false for a real in-house vendor. */
  isDemo?: boolean;
  /** Default true. False keeps the vendor out of every list until an operator (or a later release) enables it. */
  enabled?: boolean;
}

/**
 * Creates a seamless-mode vendor and its games when missing (idempotent; existing rows, and an
 * operator's edits to them, are kept, except that the vendor gains the game types of new games).
 * Marked is_demo so the demo sandbox serves its launches. Art paths are filled in where a row has
 * none, so rows made before the art existed get it too.
 */
export async function ensureSeamlessVendor(db: Db, input: EnsureVendorInput): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const types = [...new Set(input.games.map((game) => game.gameType))];
    const vendor = await tx
      .insertInto('catalogue_vendor')
      .values({ code: input.code, display_name: input.displayName, game_types: types.length > 0 ? types : ['RNG'], wallet_mode: 'seamless', is_demo: input.isDemo ?? true, enabled: input.enabled ?? true, logo_path: input.logoPath ?? '' })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    let created = vendor !== undefined;
    if (!created && input.logoPath) {
      const filled = await tx.updateTable('catalogue_vendor').set({ logo_path: input.logoPath }).where('code', '=', input.code).where('logo_path', '=', '').returning('code').executeTakeFirst();
      created = filled !== undefined;
    }
    if (!created) {
      const widened = await sql<{ code: string }>`
        update catalogue_vendor set game_types = array(select distinct t from unnest(game_types || ${types}::text[]) as t order by t)
        where code = ${input.code} and not (game_types @> ${types}::text[]) returning code`.execute(tx);
      created = widened.rows.length > 0;
    }
    for (const game of input.games) {
      const row = await tx
        .insertInto('catalogue_game')
        .values({
          vendor_code: input.code,
          game_code: game.gameCode,
          game_type: game.gameType,
          classify: game.classify ?? '',
          names: JSON.stringify(game.names),
          search_text: foldForSearch(Object.values(game.names).join(' ')),
          demo_supported: game.demoSupported,
          is_demo: input.isDemo ?? true,
          ...(game.rtp === undefined ? {} : { rtp: game.rtp.toFixed(2) }),
          icon_path: game.iconPath ?? '',
        })
        .onConflict((conflict) => conflict.columns(['vendor_code', 'game_code']).doNothing())
        .returning('id')
        .executeTakeFirst();
      created ||= row !== undefined;
      if (row === undefined && game.iconPath) {
        const filled = await tx
          .updateTable('catalogue_game')
          .set({ icon_path: game.iconPath })
          .where('vendor_code', '=', input.code)
          .where('game_code', '=', game.gameCode)
          .where('icon_path', '=', '')
          .returning('id')
          .executeTakeFirst();
        created ||= filled !== undefined;
      }
    }
    if (created) await notifyCatalogueChanged(tx);
    return created;
  });
}
