import { createHash } from 'node:crypto';
import { AppError } from '@app/kernel';
import type { AgentAnnouncementList, ContentItem, ContentItemInput, ContentKind, HelpCentre, Language, SiteContent } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { AuditEntry } from '../backoffice/index.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { parseBody } from './content-bodies.ts';
import * as repository from './content.repository.ts';
import type { ContentRow, ContentWrite } from './content.repository.ts';
import { buildAgentNotices, buildHelpCentre, buildSiteContent } from './content.views.ts';

export const CONTENT_CHANGED_EVENT = 'content.changed';

/** A safety net only: every change publishes CONTENT_CHANGED_EVENT, which drops the cache at once. */
const CACHE_TTL_MS = 60_000;

/** What the back-office module lends us: its append-only audit, written in our transaction. */
export type ContentAudit = (executor: DbExecutor, entry: AuditEntry) => Promise<void>;

export interface OperatorActor {
  id: bigint;
  username: string;
  ip: string | null;
}

/** A rendered answer and its entity tag, computed once per cache generation. */
export interface Rendered<T> {
  value: T;
  etag: string;
}

export function createContentService(deps: { db: Db; bus: EventBus; logger: Logger; audit: ContentAudit; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  let live: { rows: ContentRow[]; loadedAt: number } | undefined;
  let loading: Promise<ContentRow[]> | undefined;
  // Rendered answers per language; a schedule boundary passing changes the answer, so each entry
  // remembers the minute it was computed for and the cache generation it came from.
  let generation = 0;
  const rendered = new Map<string, { generation: number; minute: number; answer: Rendered<unknown> }>();

  deps.bus.subscribe((event) => {
    if (event.type === CONTENT_CHANGED_EVENT) invalidate();
  });

  function invalidate() {
    live = undefined;
    generation += 1;
    rendered.clear();
  }

  async function liveRows(): Promise<ContentRow[]> {
    const at = now();
    if (live && at.getTime() - live.loadedAt < CACHE_TTL_MS) return live.rows;
    const started = generation;
    loading ??= repository.listLiveItems(deps.db, at).finally(() => {
      loading = undefined;
    });
    const rows = await loading;
    // A change that landed while we read may be missing from `rows`: keep them only if none did.
    if (started === generation) live = { rows, loadedAt: at.getTime() };
    return rows;
  }

  /**
   * Answers change when content changes or a schedule boundary passes; boundaries are honoured
   * to the minute (an answer is reused within the minute it was built in).
   */
  async function render<T>(key: string, build: (rows: ContentRow[], at: Date) => T): Promise<Rendered<T>> {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    const cached = rendered.get(key);
    if (cached && cached.generation === generation && cached.minute === minute && live) return cached.answer as Rendered<T>;
    const started = generation;
    const value = build(await liveRows(), at);
    const answer = { value, etag: entityTag(JSON.stringify(value)) };
    if (started === generation) rendered.set(key, { generation, minute, answer });
    return answer;
  }

  /** Writes one change with its audit row and the change event, in one transaction. */
  async function change<T>(actor: OperatorActor, work: (tx: DbExecutor) => Promise<{ result: T; audit: { action: string; targetId: string; details: Record<string, unknown> } | null }>): Promise<T> {
    const result = await deps.db.transaction().execute(async (tx) => {
      const outcome = await work(tx);
      if (!outcome.audit) return outcome.result;
      await deps.audit(tx, { operatorId: actor.id, targetType: 'content_item', ip: actor.ip, ...outcome.audit });
      await deps.bus.publish(tx, { type: CONTENT_CHANGED_EVENT, audience: { kind: 'public' } });
      return outcome.result;
    });
    invalidate();
    return result;
  }

  async function checkedWrite(tx: DbExecutor, kind: ContentKind, input: ContentItemInput, actor: string, exceptId: bigint | null): Promise<ContentWrite> {
    const body = parseBody(kind, input.body);
    const startsAt = input.startsAt ? new Date(input.startsAt) : null;
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (startsAt && endsAt && endsAt <= startsAt) {
      throw new AppError('validation.failed', 'the end must come after the start', { fields: [{ path: 'endsAt', message: 'must be after startsAt' }] });
    }
    if (kind === 'help' && input.enabled && (await repository.helpTagTaken(tx, (body as { tag: string }).tag, input.language, exceptId))) {
      throw new AppError('content.help_tag_taken', 'another help article already uses this tag in this language');
    }
    return { kind, language: input.language, sortOrder: input.sortOrder, startsAt, endsAt, enabled: input.enabled, body: body as Record<string, unknown>, updatedBy: actor };
  }

  return {
    /** Spec §3 public state for one language. */
    site(language: Language): Promise<Rendered<SiteContent>> {
      return render(`site:${language}`, (rows, at) => buildSiteContent(rows, language, at));
    },

    agentNotices(language: Language): Promise<Rendered<AgentAnnouncementList>> {
      return render(`agent-notices:${language}`, (rows, at) => buildAgentNotices(rows, language, at));
    },

    help(language: Language): Promise<Rendered<HelpCentre>> {
      return render(`help:${language}`, (rows, at) => buildHelpCentre(rows, language, at));
    },

    async list(kind: ContentKind, language?: Language): Promise<ContentItem[]> {
      return (await repository.listItems(deps.db, kind, language)).map(toItem);
    },

    /**
     * Creates an item. With a key (the console's Idempotency-Key), a retried or double-clicked
     * create answers the item the first one made instead of making a second.
     */
    async create(kind: ContentKind, input: ContentItemInput, actor: OperatorActor, key?: string): Promise<ContentItem> {
      const storedKey = key === undefined ? null : `operator:${actor.id}:${key}`;
      const replayed = storedKey ? await repository.findByKey(deps.db, storedKey) : undefined;
      if (replayed) return replayedItem(replayed, kind);
      return change(actor, async (tx) => {
        const row = await repository.insertItem(tx, await checkedWrite(tx, kind, input, actor.username, null), storedKey);
        // A concurrent create with the same key committed first: answer its item, audit nothing new.
        const concurrent = row ? undefined : storedKey ? await repository.findByKey(tx, storedKey) : undefined;
        if (concurrent) return { result: replayedItem(concurrent, kind), audit: null };
        if (!row) throw new Error('content insert returned nothing');
        return { result: toItem(row), audit: { action: `content.${kind}.created`, targetId: row.id.toString(), details: { after: toItem(row) } } };
      });
    },

    update(kind: ContentKind, id: bigint, input: ContentItemInput, actor: OperatorActor): Promise<ContentItem> {
      return change(actor, async (tx) => {
        const before = await repository.findItemForUpdate(tx, kind, id);
        if (!before) throw new AppError('content.not_found', `no ${kind} ${id}`);
        const row = await repository.updateItem(tx, id, await checkedWrite(tx, kind, input, actor.username, id));
        return { result: toItem(row), audit: { action: `content.${kind}.updated`, targetId: id.toString(), details: { before: toItem(before), after: toItem(row) } } };
      });
    },

    remove(kind: ContentKind, id: bigint, actor: OperatorActor): Promise<void> {
      return change(actor, async (tx) => {
        const before = await repository.findItemForUpdate(tx, kind, id);
        if (!before) throw new AppError('content.not_found', `no ${kind} ${id}`);
        await repository.deleteItem(tx, id);
        return { result: undefined, audit: { action: `content.${kind}.deleted`, targetId: id.toString(), details: { before: toItem(before) } } };
      });
    },

    /** The id of the item a seed key made, if it still exists (demo links to demo promotions). */
    async seededId(key: string): Promise<string | undefined> {
      return (await repository.findByKey(deps.db, key))?.id.toString();
    },

    /** Demo seeding: each item once per key, however often the site starts; operators' edits are kept. */
    async seed(items: readonly { key: string; kind: ContentKind; input: ContentItemInput }[]): Promise<number> {
      let created = 0;
      await deps.db.transaction().execute(async (tx) => {
        for (const item of items) {
          if (await repository.findByKey(tx, item.key)) continue;
          try {
            if (await repository.insertItem(tx, await checkedWrite(tx, item.kind, item.input, 'seed', null), item.key)) created += 1;
          } catch (error) {
            // The operator already wrote an article under this tag: theirs stays, the demo one is skipped.
            if (!(error instanceof AppError && error.code === 'content.help_tag_taken')) throw error;
          }
        }
        if (created > 0) await deps.bus.publish(tx, { type: CONTENT_CHANGED_EVENT, audience: { kind: 'public' } });
      });
      invalidate();
      return created;
    },
  };
}

/** The item a key made; a key reused for another kind is refused rather than answered wrongly. */
function replayedItem(row: ContentRow, kind: ContentKind): ContentItem {
  if (row.kind !== kind) throw new AppError('request.idempotency_conflict', 'this Idempotency-Key was used for another kind of content');
  return toItem(row);
}

/** A strong entity tag for an answer's text (If-None-Match revalidation). */
export function entityTag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

function toItem(row: ContentRow): ContentItem {
  return {
    id: row.id.toString(),
    kind: row.kind,
    language: row.language,
    sortOrder: row.sortOrder,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    enabled: row.enabled,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
