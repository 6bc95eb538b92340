/**
 * Folds text for name search: lower case, diacritics removed, runs of anything that is not a
 * letter or digit collapsed to one space. "Fortuna Dourada" and "fortuna  dourada" both match
 * "FORTUNA", and "Coração" matches "coracao". Stored folded in catalogue_game.search_text and
 * applied to the query the same way, so the database compares like with like.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The stored search text of a game: every language's name, folded, de-duplicated. */
export function searchTextOf(names: Record<string, string>): string {
  return [...new Set(Object.values(names).map(foldForSearch).filter(Boolean))].join(' | ');
}

/** Escapes LIKE wildcards so a player's "%" or "_" is searched literally. */
export function likePattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
