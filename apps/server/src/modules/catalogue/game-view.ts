import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, type Game, type GameType, type Vendor } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { GameRow, VendorRow } from './catalogue.repository.ts';

/** Pure mapping from rows to the wire shapes (spec §3 field names). */

/** An absolute URL stays as it is; a stored path is served from the image base (CDN or /media/). */
export function imageUrl(imageBase: string, path: string, fallback: string): string {
  if (!path) return `${imageBase}${fallback}`;
  if (/^https?:\/\//.test(path)) return path;
  return `${imageBase}${path.replace(/^\//, '')}`;
}

export function nameIn(names: Record<string, string>, language: string | undefined): string {
  return names[language ?? DEFAULT_LANGUAGE] ?? names[FALLBACK_LANGUAGE] ?? Object.values(names)[0] ?? '';
}

export function toWireGame(row: GameRow, vendor: VendorRow | undefined, language: string | undefined, imageBase: string): Game {
  return {
    nodeId: row.id,
    gameCode: row.game_code,
    vassalage: row.vendor_code,
    vendorName: vendor?.display_name ?? row.vendor_code,
    gameType: row.game_type as GameType,
    gameClassify: row.classify,
    gameName: nameIn(row.names, language),
    iconUrl: imageUrl(imageBase, row.icon_path, 'fallback/game.svg'),
    isHot: row.is_hot,
    isNew: row.is_new,
    minBet: formatCents(row.min_bet),
    minLineNum: row.min_line_num,
    rtp: row.rtp,
    demoSupported: row.demo_supported,
    maintenance: row.maintenance || (vendor?.maintenance ?? false),
    isDemo: row.is_demo,
  };
}

export function toWireVendor(row: VendorRow, gameCount: number, imageBase: string): Vendor {
  return {
    vassalage: row.code,
    displayName: row.display_name,
    logoUrl: imageUrl(imageBase, row.logo_path, 'fallback/vendor.svg'),
    gameTypes: row.game_types as GameType[],
    sortOrder: row.sort_order,
    walletMode: row.wallet_mode,
    maintenance: row.maintenance,
    isGame: row.is_game,
    gameCount,
    isDemo: row.is_demo,
  };
}
