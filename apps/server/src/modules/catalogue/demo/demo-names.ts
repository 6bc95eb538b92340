import {
  ADJECTIVES,
  CRASH_NOUNS,
  HEAD_NOUNS,
  INTENSIFIERS,
  MODIFIERS,
  PLACES,
  type Adjective,
  type Gender,
  type Noun,
  type TableNames,
} from './demo-words.ts';

/** Demo game names in both languages, built from the word lists with a seeded random source. */

export interface GameName {
  en: string;
  pt: string;
}

/** A deterministic source of numbers in [0, 1): demo data must be the same on every machine. */
export type Random = () => number;

/** mulberry32: tiny, fast and good enough for picking words (this is demo data, not an outcome). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const agree = (adjective: Adjective, gender: Gender) => (gender === 'm' ? adjective.m : adjective.f);

/** A slot title plus the gender of its Portuguese head noun (for suffixes that agree with it). */
function slotTitle(random: Random): GameName & { gender: Gender } {
  const head: Noun = pick(random, HEAD_NOUNS);
  const roll = random();
  if (roll < 0.3) {
    const adjective = pick(random, ADJECTIVES);
    return { en: `${adjective.en} ${head.en}`, pt: `${head.pt} ${agree(adjective, head.gender)}`, gender: head.gender };
  }
  if (roll < 0.6) {
    const modifier = pick(random, MODIFIERS);
    if (modifier.en === head.en) return slotTitle(random);
    return { en: `${modifier.en} ${head.en}`, pt: `${head.pt} ${modifier.pt}`, gender: head.gender };
  }
  if (roll < 0.8) {
    const place = pick(random, PLACES);
    return { en: `${head.en} ${place.en}`, pt: `${head.pt} ${place.pt}`, gender: head.gender };
  }
  const intensifier = pick(random, INTENSIFIERS);
  const modifier = pick(random, MODIFIERS);
  if (modifier.en === head.en) return slotTitle(random);
  return { en: `${intensifier} ${modifier.en} ${head.en}`, pt: `${head.pt} ${modifier.pt} ${intensifier}`, gender: head.gender };
}

/** RNG names: the classify shows in the name the way studios do it ("… Megaways", "… Jackpot"). */
export function slotName(random: Random, classify: string): GameName {
  const title = slotTitle(random);
  if (classify === 'megaways') return { en: `${title.en} Megaways`, pt: `${title.pt} Megaways` };
  if (classify === 'jackpot') return { en: `${title.en} Jackpot`, pt: `${title.pt} Jackpot` };
  if (classify === 'classic') return { en: `${title.en} Classic`, pt: `${title.pt} ${title.gender === 'm' ? 'Clássico' : 'Clássica'}` };
  return random() < 0.15 ? { en: `${title.en} Deluxe`, pt: `${title.pt} Deluxe` } : { en: title.en, pt: title.pt };
}

export function fishName(random: Random): GameName {
  const roll = random();
  if (roll < 0.4) {
    const modifier = pick(random, MODIFIERS);
    return { en: `${modifier.en} Fishing`, pt: `Pesca ${modifier.pt}` };
  }
  const adjective = pick(random, ADJECTIVES);
  return roll < 0.7
    ? { en: `${adjective.en} Ocean King`, pt: `Rei ${adjective.m} do Oceano` }
    : { en: `${adjective.en} Shark Hunter`, pt: `Caçador de Tubarão ${adjective.m}` };
}

export function crashName(random: Random): GameName {
  const head = pick(random, CRASH_NOUNS);
  const adjective = pick(random, ADJECTIVES);
  return { en: `${adjective.en} ${head.en}`, pt: `${head.pt} ${agree(adjective, head.gender)}` };
}

/** Live and card tables are numbered, as operators number their tables. */
export function tableName(random: Random, tables: TableNames, classify: string): GameName {
  const [en, pt] = pick(random, tables[classify] ?? []);
  const number = 1 + Math.floor(random() * 30);
  return { en: `${en} ${number}`, pt: `${pt} ${number}` };
}

/** Game codes as studios write them: lower-case ASCII words joined by "-". */
export function slugOf(text: string): string {
  // English names are plain ASCII; skipping the Unicode fold for them halves the build time.
  const ascii = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}+/gu, '');
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 72);
}
