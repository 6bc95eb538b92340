import type { ParseKeys } from 'i18next';
import { CONTENT_BODY_SCHEMAS, type ConsolePath, type ContentItem, type ContentItemInput, type ContentKind, type Language, type LinkageType } from '@app/contracts';
import type { AdminResources } from '../../shared/i18n-resources.ts';

/**
 * A text key built from a body field's name or value (`fields.title`, `groups.w_home`,
 * `execution.B`): body fields are open records whose names and values CONTENT_BODY_SCHEMAS fixes
 * at run time, so TypeScript cannot check these; the assertion is made here, in one place, and
 * the content page tests render every kind's fields.
 */
export function bodyTextKey(key: `${'fields' | 'hints' | 'groups' | 'execution'}.${string}`): ParseKeys<'admin-content'> {
  return key as ParseKeys<'admin-content'>;
}

/** Each kind's page: its address under /admin and its menu label (admin-content:menu.<label>). */
export const CONTENT_PAGES: readonly { kind: ContentKind; path: ConsolePath; label: keyof AdminResources['admin-content']['menu'] }[] = [
  { kind: 'banner', path: 'content/banners', label: 'banners' },
  { kind: 'notice', path: 'content/notices', label: 'notices' },
  { kind: 'promotion', path: 'content/promotions', label: 'promotions' },
  { kind: 'popup', path: 'content/popups', label: 'popups' },
  { kind: 'announcement', path: 'content/announcements', label: 'announcements' },
  { kind: 'help', path: 'content/help', label: 'help' },
  { kind: 'agent_notice', path: 'content/agent-notices', label: 'agentNotices' },
];

export type Widget = 'text' | 'textarea' | 'html' | 'number' | 'select' | 'checkbox' | 'link';

/** How a body field is edited, by its name in the kind's schema. */
const WIDGET_BY_KEY: Record<string, Widget> = {
  title: 'text',
  group: 'select',
  imageUrl: 'text',
  width: 'number',
  height: 'number',
  link: 'link',
  summary: 'textarea',
  html: 'html',
  execution: 'select',
  tag: 'text',
  inFooter: 'checkbox',
};

export interface BodyField {
  key: string;
  widget: Widget;
  /** Empty means null (a popup without a picture). */
  nullable: boolean;
  maxLength: number | undefined;
  options: readonly string[];
}

interface SchemaLike {
  safeParse(value: unknown): { success: boolean };
  maxLength?: number | null;
  options?: readonly unknown[];
  unwrap?: () => SchemaLike;
}

/**
 * The form's fields, generated from the kind's body schema in @app/contracts (the one the server
 * checks): one field per key, in the schema's order, with its length limit and choices.
 */
export function bodyFieldsOf(kind: ContentKind): BodyField[] {
  const shape = CONTENT_BODY_SCHEMAS[kind].shape as Record<string, SchemaLike>;
  return Object.entries(shape).map(([key, schema]) => {
    const nullable = schema.safeParse(null).success;
    const inner = nullable && schema.unwrap ? schema.unwrap() : schema;
    return {
      key,
      widget: WIDGET_BY_KEY[key] ?? 'text',
      nullable,
      maxLength: typeof inner.maxLength === 'number' ? inner.maxLength : undefined,
      options: Array.isArray(inner.options) ? inner.options.filter((option): option is string => typeof option === 'string') : [],
    };
  });
}

export interface LinkDraft {
  linkageType: LinkageType;
  target: string;
}
export type BodyDraft = Record<string, string | boolean | LinkDraft>;

/** What the form holds: text as typed, turned into the wire shape on save (toInput). */
export interface ContentDraft {
  /** '' = every language. */
  language: '' | Language;
  sortOrder: string;
  /** datetime-local values in the operator's time zone; '' = no limit. */
  startsAt: string;
  endsAt: string;
  enabled: boolean;
  body: BodyDraft;
}

/** A new item's starting values: sizes that fit where the site shows the kind. */
const NEW_BODY: Partial<Record<ContentKind, BodyDraft>> = {
  banner: { width: '1200', height: '400' },
  promotion: { width: '800', height: '400' },
};

export function newDraft(kind: ContentKind, language: '' | Language): ContentDraft {
  const body: BodyDraft = {};
  for (const field of bodyFieldsOf(kind)) {
    body[field.key] = field.widget === 'checkbox' ? false : field.widget === 'link' ? { linkageType: 'NONE', target: '' } : field.widget === 'select' ? (field.options[0] ?? '') : '';
  }
  return { language, sortOrder: '0', startsAt: '', endsAt: '', enabled: true, body: { ...body, ...NEW_BODY[kind] } };
}

export function draftOf(item: ContentItem): ContentDraft {
  const body: BodyDraft = {};
  for (const field of bodyFieldsOf(item.kind)) {
    const value = item.body[field.key];
    if (field.widget === 'checkbox') body[field.key] = value === true;
    else if (field.widget === 'link') {
      const link = (value ?? {}) as { linkageType?: LinkageType; target?: string };
      body[field.key] = { linkageType: link.linkageType ?? 'NONE', target: link.target ?? '' };
    } else body[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return { language: item.language ?? '', sortOrder: String(item.sortOrder), startsAt: localInputOf(item.startsAt), endsAt: localInputOf(item.endsAt), enabled: item.enabled, body };
}

/** The request body for POST/PUT; values the schema will refuse are passed on for it to name. */
export function toInput(kind: ContentKind, draft: ContentDraft): ContentItemInput {
  const body: Record<string, unknown> = {};
  for (const field of bodyFieldsOf(kind)) {
    const value = draft.body[field.key];
    switch (field.widget) {
      case 'checkbox':
        body[field.key] = value === true;
        break;
      case 'link': {
        const link = value as LinkDraft;
        body[field.key] = link.linkageType === 'NONE' ? { linkageType: 'NONE' } : { linkageType: link.linkageType, target: link.target.trim() };
        break;
      }
      case 'number': {
        const text = String(value ?? '').trim();
        body[field.key] = text === '' ? (field.nullable ? null : undefined) : Number(text);
        break;
      }
      default: {
        const text = String(value ?? '');
        body[field.key] = field.nullable && text.trim() === '' ? null : field.key === 'imageUrl' || field.key === 'tag' ? text.trim() : text;
      }
    }
  }
  const sortOrder = draft.sortOrder.trim() === '' ? Number.NaN : Number(draft.sortOrder);
  return { language: draft.language === '' ? null : draft.language, sortOrder, startsAt: isoOf(draft.startsAt), endsAt: isoOf(draft.endsAt), enabled: draft.enabled, body };
}

/** A datetime-local value (the operator's clock) as an ISO instant; '' = none. */
export function isoOf(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** An ISO instant as a datetime-local value in the operator's time zone. */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What the list calls an item: its title, or a help article's tag. */
export function titleOf(item: Pick<ContentItem, 'body'>): string {
  const { title, tag } = item.body as { title?: unknown; tag?: unknown };
  return typeof title === 'string' && title !== '' ? title : typeof tag === 'string' ? tag : '—';
}

export type ScheduleState = 'live' | 'scheduled' | 'ended' | 'off';

/** Whether the site shows the item now (enabled and within its schedule), as the server decides. */
export function scheduleState(item: Pick<ContentItem, 'enabled' | 'startsAt' | 'endsAt'>, now: number): ScheduleState {
  if (!item.enabled) return 'off';
  if (item.startsAt && new Date(item.startsAt).getTime() > now) return 'scheduled';
  if (item.endsAt && new Date(item.endsAt).getTime() <= now) return 'ended';
  return 'live';
}
