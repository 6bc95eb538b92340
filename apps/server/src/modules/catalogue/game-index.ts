/**
 * An in-memory index of the listable games (enabled games of enabled vendors), in list order.
 * It answers "which games, in which order, how many" for every filter and name search, so that
 * PostgreSQL only fetches the twenty rows of a page by primary key. Name search uses trigram
 * posting lists (the same idea as pg_trgm): the candidates of "fortuna" are the games holding
 * every trigram of it, then a substring check confirms each one.
 */
export interface IndexedGame {
  id: number;
  gameType: string;
  vendor: string;
  classify: string;
  isNew: boolean;
  isHot: boolean;
  /** Folded names (search-text.ts). */
  search: string;
}

export interface IndexFilter {
  gameType?: string;
  vendor?: string;
  classify?: string;
  isNew?: boolean;
  isHot?: boolean;
  /** Already folded. */
  name?: string;
}

function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i += 1) grams.add(text.slice(i, i + 3));
  return grams;
}

/** Positions present in both sorted lists. */
function intersect(a: Uint32Array, b: Uint32Array): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i += 1;
    else if (a[i]! > b[j]!) j += 1;
    else {
      out.push(a[i]!);
      i += 1;
      j += 1;
    }
  }
  return out;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Games indexed between pauses: building 100,000 takes about a second of CPU, never in one piece. */
const CHUNK = 5000;

export async function buildGameIndex(games: readonly IndexedGame[]) {
  const byType = new Map<string, number[]>();
  const byVendor = new Map<string, number[]>();
  const grams = new Map<string, number[]>();
  for (let position = 0; position < games.length; position += 1) {
    if (position > 0 && position % CHUNK === 0) await yieldToRequests();
    const game = games[position]!;
    (byType.get(game.gameType) ?? byType.set(game.gameType, []).get(game.gameType)!).push(position);
    (byVendor.get(game.vendor) ?? byVendor.set(game.vendor, []).get(game.vendor)!).push(position);
    for (const gram of trigramsOf(game.search)) (grams.get(gram) ?? grams.set(gram, []).get(gram)!).push(position);
  }
  const postings = new Map([...grams].map(([gram, positions]) => [gram, Uint32Array.from(positions)]));
  const all = games.map((_, position) => position);

  /** Candidate positions, in list order, before the per-game checks. */
  function candidates(filter: IndexFilter): readonly number[] {
    const lists: (readonly number[])[] = [all];
    if (filter.gameType) lists.push(byType.get(filter.gameType) ?? []);
    if (filter.vendor) lists.push(byVendor.get(filter.vendor) ?? []);
    let smallest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    if (filter.name && filter.name.length >= 3) {
      const needed = [...trigramsOf(filter.name)].map((gram) => postings.get(gram) ?? new Uint32Array());
      // The two rarest trigrams narrow it enough; the substring check does the rest.
      needed.sort((a, b) => a.length - b.length);
      const found = needed.length > 1 ? intersect(needed[0]!, needed[1]!) : Array.from(needed[0]!);
      if (found.length < smallest.length) smallest = found;
    }
    return smallest;
  }

  function matches(game: IndexedGame, filter: IndexFilter, name?: RegExp): boolean {
    return (
      (!filter.gameType || game.gameType === filter.gameType) &&
      (!filter.vendor || game.vendor === filter.vendor) &&
      (!filter.classify || game.classify === filter.classify) &&
      (!filter.isNew || game.isNew) &&
      (!filter.isHot || game.isHot) &&
      (!name || name.test(game.search))
    );
  }

  return {
    size: games.length,
    /** The ids of one page and the total, in list order. */
    page(filter: IndexFilter, offset: number, limit: number): { ids: number[]; total: number } {
      const source = candidates(filter);
      const onlyBuckets = !filter.classify && !filter.isNew && !filter.isHot && !filter.name && !(filter.gameType && filter.vendor);
      if (onlyBuckets) return { ids: source.slice(offset, offset + limit).map((position) => games[position]!.id), total: source.length };
      const ids: number[] = [];
      let total = 0;
      // A compiled pattern: String#includes sets up its search tables on every call.
      const name = filter.name ? new RegExp(filter.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : undefined;
      for (const position of source) {
        const game = games[position]!;
        if (!matches(game, filter, name)) continue;
        if (total >= offset && ids.length < limit) ids.push(game.id);
        total += 1;
      }
      return { ids, total };
    },
    /** Classifies present for a type and/or vendor. */
    classifies(gameType?: string, vendor?: string): string[] {
      const found = new Set<string>();
      for (const position of candidates({ gameType, vendor })) {
        const game = games[position]!;
        if (game.classify && matches(game, { gameType, vendor })) found.add(game.classify);
      }
      return [...found].sort();
    },
    /** Listable games per vendor. */
    countByVendor(vendor: string): number {
      return byVendor.get(vendor)?.length ?? 0;
    },
  };
}

export type GameIndex = Awaited<ReturnType<typeof buildGameIndex>>;
