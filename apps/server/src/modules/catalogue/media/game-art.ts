import type { GameType } from '@app/contracts';
import { escapeXml } from '../../../platform/xml.ts';

/**
 * Deterministic SVG art for demo games and vendors, drawn by us so the demo needs no image host
 * and no third-party artwork. Colours and placement come from a hash of the code, so every
 * tile differs but is the same on every request (it is served as immutable).
 */

/** FNV-1a, 32 bits: a stable spread of small strings, nothing cryptographic. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const INK = 'fill="#fff" fill-opacity="0.92"';
const LINE = 'fill="none" stroke="#fff" stroke-opacity="0.92" stroke-linecap="round" stroke-linejoin="round"';

/** One simple motif per game type, drawn around (100, 100). */
const MOTIFS: Record<GameType, string> = {
  RNG: `<rect x="40" y="62" width="34" height="76" rx="8" ${INK}/><rect x="83" y="62" width="34" height="76" rx="8" ${INK}/><rect x="126" y="62" width="34" height="76" rx="8" ${INK}/><path d="M100 80l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z" fill="#000" fill-opacity="0.35"/>`,
  LIVE: `<rect x="52" y="50" width="62" height="90" rx="9" transform="rotate(-12 83 95)" ${INK}/><circle cx="128" cy="118" r="30" ${INK}/><circle cx="128" cy="118" r="21" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="5" stroke-dasharray="7 6"/>`,
  FISH: `<ellipse cx="96" cy="100" rx="46" ry="28" ${INK}/><path d="M138 100l28-22v44z" ${INK}/><circle cx="72" cy="94" r="5" fill="#000" fill-opacity="0.4"/><circle cx="52" cy="58" r="6" ${LINE} stroke-width="3"/><circle cx="40" cy="40" r="4" ${LINE} stroke-width="3"/>`,
  PVP: `<rect x="48" y="52" width="60" height="86" rx="8" transform="rotate(-10 78 95)" ${INK}/><rect x="92" y="56" width="60" height="86" rx="8" transform="rotate(10 122 99)" ${INK}/><path d="M122 80l14 19-14 19-14-19z" fill="#000" fill-opacity="0.35"/>`,
  CRASH: `<path d="M36 150c40-4 72-30 96-86" ${LINE} stroke-width="9"/><path d="M132 42l22 10-10 22-8-10z" ${INK}/><circle cx="36" cy="150" r="7" ${INK}/>`,
  SPORTS: `<circle cx="100" cy="100" r="48" ${INK}/><path d="M100 80l19 14-7 22h-24l-7-22z" fill="#000" fill-opacity="0.35"/>`,
  ESPORTS: `<rect x="42" y="72" width="116" height="60" rx="30" ${INK}/><path d="M72 92v20M62 102h20" fill="none" stroke="#000" stroke-opacity="0.4" stroke-width="6" stroke-linecap="round"/><circle cx="124" cy="96" r="6" fill="#000" fill-opacity="0.4"/><circle cx="138" cy="110" r="6" fill="#000" fill-opacity="0.4"/>`,
  LOTT: `<circle cx="70" cy="112" r="26" ${INK}/><circle cx="130" cy="112" r="26" ${INK}/><circle cx="100" cy="72" r="26" ${INK}/><circle cx="100" cy="72" r="10" fill="#000" fill-opacity="0.3"/>`,
  ELOTT: `<circle cx="100" cy="100" r="50" ${LINE} stroke-width="8"/><circle cx="100" cy="100" r="18" ${INK}/><path d="M100 50v16M100 134v16M50 100h16M134 100h16" ${LINE} stroke-width="8"/>`,
  COCKFIGHT: `<circle cx="96" cy="112" r="36" ${INK}/><circle cx="84" cy="60" r="10" ${INK}/><circle cx="100" cy="56" r="11" ${INK}/><circle cx="116" cy="62" r="9" ${INK}/><path d="M128 100l22 8-22 8z" ${INK}/><circle cx="112" cy="98" r="5" fill="#000" fill-opacity="0.4"/>`,
};

function palette(hash: number) {
  const hue = hash % 360;
  const second = (hue + 30 + ((hash >>> 9) % 90)) % 360;
  return { from: `hsl(${hue} 70% 46%)`, to: `hsl(${second} 75% 30%)` };
}

/** Soft circles behind the motif, placed from the hash so tiles of one type still differ. */
function bubbles(hash: number): string {
  return [0, 1, 2]
    .map((index) => {
      const bits = (hash >>> (index * 9)) & 0x1ff;
      const x = (bits * 37) % 200;
      const y = ((bits >>> 3) * 53) % 200;
      const radius = 20 + (bits % 40);
      return `<circle cx="${x}" cy="${y}" r="${radius}" fill="#fff" fill-opacity="0.08"/>`;
    })
    .join('');
}

/** A square tile: gradient from the game's key, motif of its type, slightly turned per game. */
export function gameArtSvg(key: string, gameType: GameType): string {
  const hash = hashOf(key);
  const { from, to } = palette(hash);
  const turn = ((hash >>> 20) % 21) - 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`
    + `<rect width="200" height="200" fill="url(#g)"/>${bubbles(hash)}`
    + `<g transform="rotate(${turn} 100 100)">${MOTIFS[gameType]}</g></svg>`;
}

/** Up to three letters for the badge: "Aurora Spins (Demo)" → "AS", "BGS" → "BGS", "Nexus" → "NE". */
export function initialsOf(displayName: string): string {
  const words = displayName.replace(/\(.*?\)/g, '').trim().split(/\s+/).filter(Boolean);
  const single = [...(words[0] ?? '?')];
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]).join('') : single.slice(0, single.length <= 3 ? 3 : 2).join('');
  return letters.toUpperCase();
}

const DEMO_MARK = /\s*\(demo\)\s*$/i;

/**
 * A wide logo: initials badge, the display name (escaped: it comes from the database) sized to
 * fit, and a "DEMO" line for demo vendors instead of the "(Demo)" suffix, which would not fit.
 * `opens`: the house game a demo vendor's tile really launches ("DEMO → Selva Dourada"), for
 * vendors whose own product does not exist yet; a proper name, so one art serves every language.
 */
export function vendorLogoSvg(code: string, displayName: string, opens?: string): string {
  const { from, to } = palette(hashOf(code));
  const isDemo = DEMO_MARK.test(displayName);
  const characters = [...displayName.replace(DEMO_MARK, '')];
  const name = characters.length > 22 ? `${characters.slice(0, 21).join('')}…` : characters.join('');
  // About 0.68 em per character of a wide bold sans-serif; 150 units are free right of the badge.
  const fontSize = Math.max(10, Math.min(22, Math.floor(150 / (0.68 * Math.max(1, [...name].length)))));
  const nameY = isDemo ? 38 : 40 + fontSize / 3;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`
    + `<rect width="240" height="80" rx="14" fill="url(#g)"/><circle cx="40" cy="40" r="26" fill="#fff" fill-opacity="0.92"/>`
    + `<text x="40" y="47" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="20" fill="${to}">${escapeXml(initialsOf(displayName))}</text>`
    + `<text x="76" y="${nameY}" font-family="system-ui, sans-serif" font-weight="600" font-size="${fontSize}" fill="#fff">${escapeXml(name)}</text>`
    + (isDemo && opens === undefined ? `<text x="76" y="58" font-family="system-ui, sans-serif" font-weight="700" font-size="11" letter-spacing="2" fill="#fff" fill-opacity="0.75">DEMO</text>` : '')
    + (isDemo && opens !== undefined ? `<text x="76" y="58" font-family="system-ui, sans-serif" font-weight="700" font-size="10" fill="#fff" fill-opacity="0.85">${escapeXml(`DEMO → ${opens}`)}</text>` : '')
    + `</svg>`;
}

/** Shown when a game or vendor has no image or its image fails to load. */
export const FALLBACK_GAME_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">`
  + `<rect width="200" height="200" fill="#3a3f4b"/><rect x="55" y="60" width="90" height="80" rx="10" fill="none" stroke="#8a90a0" stroke-width="6"/>`
  + `<circle cx="82" cy="88" r="9" fill="#8a90a0"/><path d="M62 132l28-28 18 18 12-12 22 22z" fill="#8a90a0"/></svg>`;

export const FALLBACK_VENDOR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img">`
  + `<rect width="240" height="80" rx="14" fill="#3a3f4b"/><circle cx="40" cy="40" r="26" fill="#8a90a0"/>`
  + `<rect x="76" y="32" width="120" height="16" rx="8" fill="#8a90a0"/></svg>`;
