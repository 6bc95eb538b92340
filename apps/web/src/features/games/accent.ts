/** Spec §4 accent colours, in this order. */
export const ACCENTS = ['skyblue', 'green', 'purple', 'red'] as const;
export type Accent = (typeof ACCENTS)[number];

/** A game card's accent: nodeId modulo four. */
export function gameAccent(nodeId: number): Accent {
  const index = ((nodeId % ACCENTS.length) + ACCENTS.length) % ACCENTS.length;
  return ACCENTS[index] ?? 'skyblue';
}

const STORAGE_KEY = 'vendorAccents';
/** Held here too, so a tab whose storage is disabled still keeps colours for the page's life. */
const memory = new Map<string, Accent>();

function readStored(): Record<string, Accent> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Accent>) : {};
  } catch {
    return {};
  }
}

function isAccent(value: unknown): value is Accent {
  return typeof value === 'string' && (ACCENTS as readonly string[]).includes(value);
}

/**
 * A vendor tile's accent: drawn at random per cardId the first time it is shown, then remembered
 * for the session (sessionStorage), so a tile keeps its colour while the player browses.
 */
export function vendorAccent(cardId: string, random: () => number = Math.random): Accent {
  const stored = readStored();
  const known = stored[cardId] ?? memory.get(cardId);
  if (isAccent(known)) return known;
  const drawn = ACCENTS[Math.floor(random() * ACCENTS.length)] ?? 'skyblue';
  memory.set(cardId, drawn);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored, [cardId]: drawn }));
  } catch {
    // Without storage the colour lasts for this page only.
  }
  return drawn;
}
