import { z } from 'zod';
import { LanguageSchema } from './common.ts';

/**
 * Site content managed by operators (spec §3 public state, §4 announcements): banners by group,
 * notice marquee, promotion teasers, popups, announcements and help articles. Every item has a
 * language (or none: every language), an order, an optional schedule and an on/off switch.
 */
/** agent_notice: the agent centre's announcements (spec agentAnnouncement), for agents only. */
export const CONTENT_KINDS = ['banner', 'notice', 'promotion', 'popup', 'announcement', 'help', 'agent_notice'] as const;
export const ContentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof ContentKindSchema>;

/** Banner groups the site shows (spec §3: w_home, w_leftmenu, w_login, w_forget, …). */
export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_login', 'w_register', 'w_forget'] as const;
export const BannerGroupSchema = z.enum(BANNER_GROUPS);
export type BannerGroup = z.infer<typeof BannerGroupSchema>;

/** Spec §4: A logged-in, B anonymous, F a first-time login. */
export const ANNOUNCEMENT_EXECUTIONS = ['A', 'B', 'F'] as const;
export const AnnouncementExecutionSchema = z.enum(ANNOUNCEMENT_EXECUTIONS);
export type AnnouncementExecution = z.infer<typeof AnnouncementExecutionSchema>;

/** Where a banner or popup leads when clicked (spec §3 banner linkageType). */
export const LINKAGE_TYPES = ['NONE', 'ROUTE', 'PROMOTION', 'GAME', 'URL'] as const;
export const LinkageTypeSchema = z.enum(LINKAGE_TYPES);
export type LinkageType = z.infer<typeof LinkageTypeSchema>;

/** A site path such as /promotions or /rng?vassalage=WW: one leading slash, no scheme or host. */
export const SitePathSchema = z.string().max(300).regex(/^\/(?!\/)[A-Za-z0-9\-._~/?#=&%]*$/, 'must be a site path starting with /');
/** An image we serve (/media/…) or an https address (the operator's CDN). */
export const ContentImageSchema = z.union([SitePathSchema, z.url({ protocol: /^https$/ }).max(500)]);
export const HelpTagSchema = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'lower-case letters, digits and dashes');

export const LinkSchema = z.discriminatedUnion('linkageType', [
  z.object({ linkageType: z.literal('NONE') }),
  z.object({ linkageType: z.literal('ROUTE'), target: SitePathSchema }),
  /** The promotion teaser's id: the link opens /promotions#<id>. */
  z.object({ linkageType: z.literal('PROMOTION'), target: z.string().regex(/^\d{1,18}$/) }),
  /** The game's nodeId: the link launches it (a visitor is asked to log in first). */
  z.object({ linkageType: z.literal('GAME'), target: z.string().regex(/^\d{1,18}$/) }),
  z.object({ linkageType: z.literal('URL'), target: z.url({ protocol: /^https?$/ }).max(500) }),
]);
export type Link = z.infer<typeof LinkSchema>;

const Title = z.string().trim().min(1).max(120);
const Dimension = z.number().int().min(1).max(4000);
/** HTML as the operator wrote it; the server sanitises it on save and stores only the result. */
const Html = z.string().max(100_000);

/** What an operator writes, per kind. */
export const CONTENT_BODY_SCHEMAS = {
  banner: z.object({ group: BannerGroupSchema, title: Title, imageUrl: ContentImageSchema, width: Dimension, height: Dimension, link: LinkSchema }),
  notice: z.object({ title: z.string().trim().min(1).max(300) }),
  promotion: z.object({ title: Title, summary: z.string().trim().max(500), imageUrl: ContentImageSchema, width: Dimension, height: Dimension, html: Html }),
  popup: z.object({ title: Title, html: Html, imageUrl: ContentImageSchema.nullable(), width: Dimension.nullable(), height: Dimension.nullable(), link: LinkSchema }),
  announcement: z.object({ title: Title, html: Html, execution: AnnouncementExecutionSchema }),
  help: z.object({ tag: HelpTagSchema, title: Title, html: Html, inFooter: z.boolean() }),
  agent_notice: z.object({ title: Title, html: Html }),
} as const satisfies Record<ContentKind, z.ZodType>;
export type ContentBody<K extends ContentKind> = z.infer<(typeof CONTENT_BODY_SCHEMAS)[K]>;

/** The fields every item shares, as an operator writes them. */
export const ContentItemInputSchema = z.object({
  language: LanguageSchema.nullable(),
  sortOrder: z.number().int().min(-100_000).max(100_000),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  enabled: z.boolean(),
  body: z.record(z.string(), z.unknown()),
});
export type ContentItemInput = z.infer<typeof ContentItemInputSchema>;

export const ContentItemSchema = ContentItemInputSchema.extend({
  id: z.string(),
  kind: ContentKindSchema,
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

// ---- What the site reads (GET /api/content/site, /api/content/help) ----

export const PublicBannerSchema = z.object({
  id: z.string(),
  groupName: BannerGroupSchema,
  title: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  linkageType: LinkageTypeSchema,
  target: z.string().nullable(),
});
export type PublicBanner = z.infer<typeof PublicBannerSchema>;

export const PublicPromotionSchema = z.object({ id: z.string(), title: z.string(), summary: z.string(), url: z.string(), width: z.number().int(), height: z.number().int(), html: z.string() });
export type PublicPromotion = z.infer<typeof PublicPromotionSchema>;

export const PublicPopupSchema = z.object({
  id: z.string(),
  title: z.string(),
  html: z.string(),
  url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  linkageType: LinkageTypeSchema,
  target: z.string().nullable(),
});
export type PublicPopup = z.infer<typeof PublicPopupSchema>;

export const PublicAnnouncementSchema = z.object({ id: z.string(), title: z.string(), html: z.string(), execution: AnnouncementExecutionSchema });
export type PublicAnnouncement = z.infer<typeof PublicAnnouncementSchema>;

export const HelpEntrySchema = z.object({ tag: z.string(), title: z.string(), inFooter: z.boolean() });
export const HelpArticleSchema = HelpEntrySchema.extend({ html: z.string(), updatedAt: z.string() });
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

/** Spec §3 public state: what the home page, the side menu, the modals and the footer show. */
export const SiteContentSchema = z.object({
  language: LanguageSchema,
  banners: z.array(PublicBannerSchema),
  notices: z.array(z.object({ id: z.string(), title: z.string() })),
  promotions: z.array(PublicPromotionSchema),
  popups: z.array(PublicPopupSchema),
  announcements: z.array(PublicAnnouncementSchema),
  help: z.array(HelpEntrySchema),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;

export const HelpCentreSchema = z.object({ language: LanguageSchema, articles: z.array(HelpArticleSchema) });
export type HelpCentre = z.infer<typeof HelpCentreSchema>;

export const ContentLanguageQuerySchema = z.object({ language: LanguageSchema.default('pt') });

// ---- App download (spec §2 side menu QR codes; settings key appDownload) ----

export const APP_PLATFORMS = ['ios', 'android', 'lite'] as const;
export const AppPlatformSchema = z.enum(APP_PLATFORMS);
export type AppPlatform = z.infer<typeof AppPlatformSchema>;
export const AppDownloadSchema = z.object({
  ios: z.url({ protocol: /^https?$/ }).max(500).nullable(),
  android: z.url({ protocol: /^https?$/ }).max(500).nullable(),
  lite: z.url({ protocol: /^https?$/ }).max(500).nullable(),
});
export type AppDownload = z.infer<typeof AppDownloadSchema>;
