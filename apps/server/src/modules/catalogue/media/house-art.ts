/**
 * Art for the house games and the house vendor, drawn by hand rather than from a hash like the
 * demo art: these are the product's own games, so each gets a scene of its theme. Square tiles
 * (200 × 200) and a wide logo (240 × 80), plain SVG with nothing that runs or loads.
 */

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img"><defs>${defs}</defs>${body}</svg>`;

const linear = (id: string, from: string, to: string, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

const GOLD = linear('gold', '#ffe27a', '#d99a1e');

/** Selva Dourada: a golden idol under jungle leaves. */
const goldenJungle = svg(
  linear('bg', '#0f7a4a', '#053322') + GOLD,
  `<rect width="200" height="200" fill="url(#bg)"/>`
    + `<circle cx="100" cy="96" r="62" fill="#ffd85c" fill-opacity="0.18"/>`
    + `<path d="M0 40c40-10 70 10 80 40C50 70 20 72 0 90z" fill="#1fa060"/><path d="M200 30c-44-6-72 18-78 48 28-14 56-14 78 4z" fill="#27b36c"/>`
    + `<path d="M0 200c10-46 40-70 78-70-20 20-30 46-30 70z" fill="#178a51"/><path d="M200 200c-8-50-40-74-80-72 22 18 34 44 36 72z" fill="#1c9a5a"/>`
    + `<path d="M100 52l34 26v44l-34 26-34-26V78z" fill="url(#gold)" stroke="#8a5a00" stroke-width="3"/>`
    + `<circle cx="88" cy="92" r="6" fill="#6b3f00"/><circle cx="112" cy="92" r="6" fill="#6b3f00"/><path d="M86 114q14 10 28 0" fill="none" stroke="#6b3f00" stroke-width="5" stroke-linecap="round"/>`
    + `<circle cx="40" cy="150" r="9" fill="url(#gold)"/><circle cx="160" cy="150" r="7" fill="url(#gold)"/><circle cx="150" cy="40" r="5" fill="url(#gold)"/>`,
);

/** Carnaval da Sorte: a golden mask in confetti. */
const luckyCarnival = svg(
  linear('bg', '#8e24aa', '#3a0b5e') + GOLD,
  `<rect width="200" height="200" fill="url(#bg)"/>`
    + ['#ff4f8b 24 30 -20', '#ffd54f 160 26 30', '#4fc3f7 36 160 15', '#69f0ae 150 166 -35', '#ff8a65 90 22 50', '#ffd54f 178 110 10', '#4fc3f7 16 96 -40']
      .map((entry) => {
        const [colour, x, y, turn] = entry.split(' ');
        return `<rect x="${x}" y="${y}" width="14" height="6" rx="2" fill="${colour}" transform="rotate(${turn} ${x} ${y})"/>`;
      })
      .join('')
    + `<path d="M100 40c10 10 12 26 4 40M100 40c-10 10-12 26-4 40" fill="none" stroke="#ff4f8b" stroke-width="6" stroke-linecap="round"/>`
    + `<path d="M40 96c20-14 44-14 60 0 16-14 40-14 60 0-4 34-30 50-44 40-8-6-12-12-16-12s-8 6-16 12c-14 10-40-6-44-40z" fill="url(#gold)" stroke="#8a5a00" stroke-width="3"/>`
    + `<ellipse cx="76" cy="104" rx="12" ry="8" fill="#3a0b5e"/><ellipse cx="124" cy="104" rx="12" ry="8" fill="#3a0b5e"/>`
    + `<circle cx="100" cy="150" r="5" fill="#ffd54f"/><circle cx="84" cy="160" r="4" fill="#4fc3f7"/><circle cx="116" cy="160" r="4" fill="#69f0ae"/>`,
);

/** Tesouro do Faraó: pyramids at dusk under a golden sun. */
const pharaohsTreasure = svg(
  linear('bg', '#1b2a6b', '#f0a040') + GOLD + linear('sand', '#f3c36b', '#c98a2c'),
  `<rect width="200" height="200" fill="url(#bg)"/>`
    + `<circle cx="148" cy="62" r="24" fill="#ffe9a8"/><circle cx="40" cy="30" r="2" fill="#fff"/><circle cx="70" cy="48" r="1.5" fill="#fff"/><circle cx="100" cy="24" r="2" fill="#fff"/>`
    + `<path d="M18 160L76 70l58 90z" fill="url(#gold)"/><path d="M76 70l58 90H96z" fill="#b9770e" fill-opacity="0.55"/>`
    + `<path d="M110 160l40-56 40 56z" fill="url(#gold)"/><path d="M150 104l40 56h-26z" fill="#b9770e" fill-opacity="0.55"/>`
    + `<path d="M58 118q18-14 36 0-18 14-36 0z" fill="#fff" stroke="#1b2a6b" stroke-width="3"/><circle cx="76" cy="118" r="5" fill="#1b2a6b"/>`
    + `<rect y="160" width="200" height="40" fill="url(#sand)"/>`,
);

const pips = (cx: number, cy: number, spots: ReadonlyArray<readonly [number, number]>) =>
  spots.map(([x, y]) => `<circle cx="${cx + x}" cy="${cy + y}" r="6" fill="#b3122e"/>`).join('');

/** Dados: two dice mid-roll. */
const dice = svg(
  linear('bg', '#e53950', '#7a0f22'),
  `<rect width="200" height="200" fill="url(#bg)"/><circle cx="100" cy="100" r="80" fill="#fff" fill-opacity="0.06"/>`
    + `<g transform="rotate(-14 72 104)"><rect x="36" y="68" width="72" height="72" rx="14" fill="#fff"/>${pips(72, 104, [[-18, -18], [18, -18], [0, 0], [-18, 18], [18, 18]])}</g>`
    + `<g transform="rotate(12 134 92)"><rect x="100" y="58" width="68" height="68" rx="14" fill="#fff" fill-opacity="0.95"/>${pips(134, 92, [[-16, -16], [0, 0], [16, 16]])}</g>`,
);

/** Limbo: a target multiplier and the arrow that has to clear it. */
const limbo = svg(
  linear('bg', '#3d2bd6', '#14093f'),
  `<rect width="200" height="200" fill="url(#bg)"/>`
    + `<circle cx="100" cy="110" r="64" fill="none" stroke="#fff" stroke-opacity="0.15" stroke-width="10"/><circle cx="100" cy="110" r="40" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="10"/>`
    + `<circle cx="100" cy="110" r="16" fill="#ffd54f"/>`
    + `<path d="M100 150V40" stroke="#7cf2c8" stroke-width="10" stroke-linecap="round"/><path d="M76 64l24-28 24 28" fill="none" stroke="#7cf2c8" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`
    + `<text x="100" y="186" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="22" fill="#fff">2.00×</text>`,
);

const PLINKO_PEGS = [0, 1, 2, 3, 4]
  .flatMap((row) => Array.from({ length: row + 3 }, (_, index) => `<circle cx="${100 + (index - (row + 2) / 2) * 24}" cy="${44 + row * 24}" r="4" fill="#fff" fill-opacity="0.85"/>`))
  .join('');
const PLINKO_BINS = ['#ff5252', '#ff9800', '#ffd54f', '#69f0ae', '#ffd54f', '#ff9800', '#ff5252']
  .map((colour, index) => `<rect x="${18 + index * 24}" y="168" width="20" height="14" rx="4" fill="${colour}"/>`)
  .join('');

/** Plinko: the peg triangle, a ball on its way down, the bins. */
const plinko = svg(
  linear('bg', '#00897b', '#053b3a'),
  `<rect width="200" height="200" fill="url(#bg)"/>${PLINKO_PEGS}${PLINKO_BINS}<circle cx="112" cy="104" r="9" fill="#ff4f8b" stroke="#fff" stroke-width="2"/>`,
);

/** Mines: a board with a gem found and a mine waiting. */
const mines = svg(
  linear('bg', '#1e3a5f', '#0a1626') + linear('gem', '#7cf2c8', '#1aa37a'),
  `<rect width="200" height="200" fill="url(#bg)"/>`
    + [0, 1, 2]
      .flatMap((row) => [0, 1, 2].map((column) => `<rect x="${28 + column * 50}" y="${28 + row * 50}" width="44" height="44" rx="8" fill="#2f5687"/>`))
      .join('')
    + `<rect x="78" y="78" width="44" height="44" rx="8" fill="#10243d"/><path d="M100 84l14 12-14 20-14-20z" fill="url(#gem)"/>`
    + `<rect x="128" y="128" width="44" height="44" rx="8" fill="#10243d"/><circle cx="150" cy="152" r="12" fill="#111"/><path d="M156 140l6-6" stroke="#ff9800" stroke-width="3" stroke-linecap="round"/><circle cx="164" cy="132" r="3" fill="#ffd54f"/>`,
);

/** Crash: the rising curve and the rocket riding it, among stars. */
const crash = svg(
  linear('bg', '#141b3d', '#05070f') + linear('trail', '#ff9800', '#ff3d71', false),
  `<rect width="200" height="200" fill="url(#bg)"/>`
    + ['30 30', '170 40', '60 70', '140 100', '24 120', '90 24'].map((point) => { const [x, y] = point.split(' '); return `<circle cx="${x}" cy="${y}" r="1.8" fill="#fff"/>`; }).join('')
    + `<path d="M20 176c60 0 100-30 128-100" fill="none" stroke="url(#trail)" stroke-width="8" stroke-linecap="round"/>`
    + `<g transform="rotate(-62 150 66)"><path d="M150 40c12 10 14 34 8 48h-16c-6-14-4-38 8-48z" fill="#fff"/><circle cx="150" cy="62" r="5" fill="#3d7cff"/><path d="M142 80l-8 14 12-4zM158 80l8 14-12-4z" fill="#ff3d71"/></g>`
    + `<text x="22" y="44" font-family="system-ui, sans-serif" font-weight="800" font-size="24" fill="#ffd54f">5.40×</text>`,
);

const HOUSE_GAME_ART: Readonly<Record<string, string>> = {
  'selva-dourada': goldenJungle,
  'carnaval-da-sorte': luckyCarnival,
  'tesouro-do-farao': pharaohsTreasure,
  dados: dice,
  limbo,
  plinko,
  mines,
  crash,
};

/** The art of a house game by its code; undefined for a code that is not one of ours. */
export function houseGameArtSvg(code: string): string | undefined {
  return Object.hasOwn(HOUSE_GAME_ART, code) ? HOUSE_GAME_ART[code] : undefined;
}

/** The house vendor's logo: a golden house badge with a star, and the vendor's name. */
export const HOUSE_VENDOR_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img">`
  + `<defs>${linear('bg', '#1d1446', '#4a1d8f', false)}${GOLD}</defs>`
  + `<rect width="240" height="80" rx="14" fill="url(#bg)"/>`
  + `<path d="M40 12l28 22v32H12V34z" fill="url(#gold)"/><path d="M40 32l4.7 9.5 10.5 1.5-7.6 7.4 1.8 10.4-9.4-4.9-9.4 4.9 1.8-10.4-7.6-7.4 10.5-1.5z" fill="#4a1d8f"/>`
  + `<text x="80" y="40" font-family="system-ui, sans-serif" font-weight="700" font-size="19" fill="#fff">Jogos da Casa</text>`
  + `<text x="80" y="60" font-family="system-ui, sans-serif" font-weight="700" font-size="11" letter-spacing="2" fill="#ffd54f">ORIGINAIS</text>`
  + `</svg>`;
