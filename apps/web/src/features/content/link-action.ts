import type { LinkageType } from '@app/contracts';

/** What following a banner's or popup's link does (spec §2: clicking a banner opens its target). */
export type LinkAction =
  | { kind: 'none' }
  /** A path of this site, opened in the app without a reload. */
  | { kind: 'route'; to: string }
  /** Another site, in a new tab. */
  | { kind: 'external'; href: string }
  /** A game by nodeId, started through the same flow as a game tile (a visitor is asked to log in). */
  | { kind: 'game'; nodeId: number };

const NONE: LinkAction = { kind: 'none' };

/**
 * The server validates targets on save; they are checked again here because a link is followed
 * by the player's browser, and a malformed one must become "not clickable", never a
 * `javascript:` or protocol-relative address.
 */
export function linkActionOf(linkageType: LinkageType, target: string | null): LinkAction {
  if (target === null) return NONE;
  switch (linkageType) {
    case 'ROUTE':
      return /^\/(?!\/)/.test(target) ? { kind: 'route', to: target } : NONE;
    case 'PROMOTION':
      return /^\d{1,18}$/.test(target) ? { kind: 'route', to: `/promotions#${target}` } : NONE;
    case 'GAME': {
      const nodeId = /^\d{1,18}$/.test(target) ? Number(target) : NaN;
      return Number.isSafeInteger(nodeId) && nodeId > 0 ? { kind: 'game', nodeId } : NONE;
    }
    case 'URL':
      return /^https?:\/\/[^/\s]/i.test(target) ? { kind: 'external', href: target } : NONE;
    default:
      return NONE;
  }
}
