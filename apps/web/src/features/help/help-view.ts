import type { HelpArticle } from '@app/contracts';

/** The built-in "download the app" section's tag (spec §2: app download with install tutorials). */
export const APP_SECTION_TAG = 'app';
/** Spec §2: terms at /help#term open the help modal. */
export const TERMS_TAG = 'term';

export interface HelpView {
  /** The tag shown on the right: an article's, or the app section's. */
  selectedTag: string;
  /** The article shown in the help modal on top of the page, if any. */
  modalArticle: HelpArticle | null;
}

/** The tag in an address hash (`#term` → `term`); nothing for an empty or malformed hash. */
export function tagOfHash(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * What /help shows for an address hash: #term opens the terms in the modal over the page,
 * #app or an article's tag selects it, and anything else (or nothing) selects the first article
 * — or the app section when no article is published.
 */
export function helpViewOf(hash: string, articles: readonly HelpArticle[]): HelpView {
  const tag = tagOfHash(hash);
  const fallback = articles[0]?.tag ?? APP_SECTION_TAG;
  if (tag === TERMS_TAG) {
    const terms = articles.find((article) => article.tag === TERMS_TAG) ?? null;
    return { selectedTag: fallback, modalArticle: terms };
  }
  if (tag === APP_SECTION_TAG || (tag !== null && articles.some((article) => article.tag === tag))) return { selectedTag: tag, modalArticle: null };
  return { selectedTag: fallback, modalArticle: null };
}
