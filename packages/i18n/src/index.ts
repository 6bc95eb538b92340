import type ptBundle from './bundle-pt.ts';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@app/contracts';
import type ptAgent from '../locales/pt/agent.json';
import type ptFairness from '../locales/pt/fairness.json';
import type ptContracts from '../locales/pt/contracts.json';
import type ptPayments from '../locales/pt/payments.json';
import type ptMissions from '../locales/pt/missions.json';
import type ptSportsbook from '../locales/pt/sportsbook.json';
import type ptLottery from '../locales/pt/lottery.json';
import type ptLive from '../locales/pt/live.json';
import type ptReferral from '../locales/pt/referral.json';
import type ptMessages from '../locales/pt/messages.json';
import type ptFeedback from '../locales/pt/feedback.json';
import type ptSupport from '../locales/pt/support.json';

export type { Language };
export { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES };

/** One namespace per area of the product; check-keys.ts keeps pt and en in step. */
export const NAMESPACES = ['common', 'layout', 'account', 'agent', 'system', 'pages', 'errors', 'home', 'validation', 'wallet', 'games', 'payments', 'betting', 'fairness', 'content', 'contracts', 'missions', 'sportsbook', 'lottery', 'live', 'referral', 'messages', 'feedback', 'support'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;


/**
 * Namespaces of pages most visits never open (the agent centre and contract modal; the fairness
 * page and the betting record's round details; the member centre's deposit and withdrawal
 * panels; the missions tab and the check-in panel): loaded on first use by loadNamespace, so the home page does not download them (its
 * JavaScript budget is 250 KB gzip).
 */
export const LAZY_NAMESPACES = ['agent', 'contracts', 'fairness', 'payments', 'missions', 'sportsbook', 'lottery', 'live', 'referral', 'messages', 'feedback', 'support'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
const LAZY_LOADERS: Record<LazyNamespace, Record<Language, () => Promise<{ default: Record<string, unknown> }>>> = {
  agent: { pt: () => import('../locales/pt/agent.json'), en: () => import('../locales/en/agent.json') },
  contracts: { pt: () => import('../locales/pt/contracts.json'), en: () => import('../locales/en/contracts.json') },
  fairness: { pt: () => import('../locales/pt/fairness.json'), en: () => import('../locales/en/fairness.json') },
  payments: { pt: () => import('../locales/pt/payments.json'), en: () => import('../locales/en/payments.json') },
  missions: { pt: () => import('../locales/pt/missions.json'), en: () => import('../locales/en/missions.json') },
  sportsbook: { pt: () => import('../locales/pt/sportsbook.json'), en: () => import('../locales/en/sportsbook.json') },
  lottery: { pt: () => import('../locales/pt/lottery.json'), en: () => import('../locales/en/lottery.json') },
  live: { pt: () => import('../locales/pt/live.json'), en: () => import('../locales/en/live.json') },
  referral: { pt: () => import('../locales/pt/referral.json'), en: () => import('../locales/en/referral.json') },
  messages: { pt: () => import('../locales/pt/messages.json'), en: () => import('../locales/en/messages.json') },
  feedback: { pt: () => import('../locales/pt/feedback.json'), en: () => import('../locales/en/feedback.json') },
  support: { pt: () => import('../locales/pt/support.json'), en: () => import('../locales/en/support.json') },
};
export async function loadNamespace(namespace: LazyNamespace, language: Language): Promise<Record<string, unknown>> {
  return (await LAZY_LOADERS[namespace][language]()).default;
}

/** What every page ships with (in its language). */
export type BundledResources = typeof ptBundle;
/** Portuguese is the source of truth for the key set (and for TypeScript's key types). */
export type Resources = BundledResources & { agent: typeof ptAgent; contracts: typeof ptContracts; fairness: typeof ptFairness; payments: typeof ptPayments; missions: typeof ptMissions; sportsbook: typeof ptSportsbook; lottery: typeof ptLottery; live: typeof ptLive; referral: typeof ptReferral; messages: typeof ptMessages; feedback: typeof ptFeedback; support: typeof ptSupport };


/**
 * The bundled namespaces of one language, as a chunk of its own: the web ships only the active
 * language (the home page's JavaScript budget is 250 KB gzip) and loads the other on a switch.
 * Everything else (the server, the console, tests) takes both from `@app/i18n/resources`.
 */
export async function loadBundledLanguage(language: Language): Promise<BundledResources> {
  return language === 'en' ? (await import('./bundle-en.ts')).default : (await import('./bundle-pt.ts')).default;
}

/** Each language names itself in its own tongue, so the selector reads the same in any UI language. */
export const LANGUAGE_LABELS: Record<Language, string> = { pt: 'Português', en: 'English' };

export function isLanguage(value: unknown, supported: readonly Language[] = SUPPORTED_LANGUAGES): value is Language {
  return typeof value === 'string' && (supported as readonly string[]).includes(value);
}

/** A stored value that is missing or unsupported resolves to the default language (spec §4). */
export function resolveLanguage(
  stored: string | null | undefined,
  supported: readonly Language[] = SUPPORTED_LANGUAGES,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  return isLanguage(stored, supported) ? stored : fallback;
}

/** Value for <html lang>: Brazilian Portuguese is what the PT texts are written in. */
export function htmlLangOf(language: Language): string {
  return language === 'pt' ? 'pt-BR' : 'en';
}

/** Locale for Intl number and date formatting. */
export function intlLocaleOf(language: Language): string {
  return language === 'pt' ? 'pt-BR' : 'en-US';
}

export { countZeroAsPluralInPortuguese } from './plurals.ts';
