import type { AgentAnnouncementList, ContentBody, ContentKind, HelpArticle, HelpCentre, Language, Link, SiteContent } from '@app/contracts';
import { readBody } from './content-bodies.ts';
import type { ContentRow } from './content.repository.ts';

/** Rows of a kind shown now in this language (no language = every language), in the operator's order. */
function showing<K extends ContentKind>(rows: readonly ContentRow[], kind: K, language: Language, at: Date): { row: ContentRow; body: ContentBody<K> }[] {
  const result: { row: ContentRow; body: ContentBody<K> }[] = [];
  for (const row of rows) {
    if (row.kind !== kind || (row.language !== null && row.language !== language)) continue;
    if ((row.startsAt && row.startsAt > at) || (row.endsAt && row.endsAt <= at)) continue;
    const body = readBody(kind, row.body);
    if (body) result.push({ row, body });
  }
  return result;
}

function linkOf(link: Link): { linkageType: Link['linkageType']; target: string | null } {
  return { linkageType: link.linkageType, target: 'target' in link ? link.target : null };
}

export function buildSiteContent(rows: readonly ContentRow[], language: Language, at: Date): SiteContent {
  return {
    language,
    banners: showing(rows, 'banner', language, at)
      .map(({ row, body }) => ({ id: row.id.toString(), groupName: body.group, title: body.title, url: body.imageUrl, width: body.width, height: body.height, ...linkOf(body.link) })),
    notices: showing(rows, 'notice', language, at).map(({ row, body }) => ({ id: row.id.toString(), title: body.title })),
    promotions: showing(rows, 'promotion', language, at).map(({ row, body }) => ({
      id: row.id.toString(),
      title: body.title,
      summary: body.summary,
      url: body.imageUrl,
      width: body.width,
      height: body.height,
      html: body.html,
    })),
    popups: showing(rows, 'popup', language, at).map(({ row, body }) => ({
      id: row.id.toString(),
      title: body.title,
      html: body.html,
      url: body.imageUrl,
      width: body.width,
      height: body.height,
      ...linkOf(body.link),
    })),
    announcements: showing(rows, 'announcement', language, at).map(({ row, body }) => ({ id: row.id.toString(), title: body.title, html: body.html, execution: body.execution })),
    help: helpArticles(rows, language, at).map(({ tag, title, inFooter }) => ({ tag, title, inFooter })),
  };
}

/** The agent centre's announcements, newest schedule first as the operator ordered them. */
export function buildAgentNotices(rows: readonly ContentRow[], language: Language, at: Date): AgentAnnouncementList {
  return {
    list: showing(rows, 'agent_notice', language, at).map(({ row, body }) => ({
      id: row.id.toString(),
      title: body.title,
      html: body.html,
      publishedAt: (row.startsAt ?? row.updatedAt).toISOString(),
    })),
  };
}

export function buildHelpCentre(rows: readonly ContentRow[], language: Language, at: Date): HelpCentre {
  return { language, articles: helpArticles(rows, language, at) };
}

/** One article per tag: the one written for this language wins over one for every language. */
function helpArticles(rows: readonly ContentRow[], language: Language, at: Date): HelpArticle[] {
  const byTag = new Map<string, { row: ContentRow; body: ContentBody<'help'> }>();
  for (const entry of showing(rows, 'help', language, at)) {
    const existing = byTag.get(entry.body.tag);
    if (!existing || (existing.row.language === null && entry.row.language !== null)) byTag.set(entry.body.tag, entry);
  }
  return [...byTag.values()]
    .sort((a, b) => a.row.sortOrder - b.row.sortOrder || Number(a.row.id - b.row.id))
    .map(({ row, body }) => ({ tag: body.tag, title: body.title, inFooter: body.inFooter, html: body.html, updatedAt: row.updatedAt.toISOString() }));
}
