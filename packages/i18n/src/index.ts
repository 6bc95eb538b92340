import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@app/contracts';
import enAccount from '../locales/en/account.json';
import enBetting from '../locales/en/betting.json';
import enCommon from '../locales/en/common.json';
import enContent from '../locales/en/content.json';
import enErrors from '../locales/en/errors.json';
import enGames from '../locales/en/games.json';
import enHome from '../locales/en/home.json';
import enLayout from '../locales/en/layout.json';
import enPages from '../locales/en/pages.json';
import enSystem from '../locales/en/system.json';
import enValidation from '../locales/en/validation.json';
import enWallet from '../locales/en/wallet.json';
import ptAccount from '../locales/pt/account.json';
import type ptAgent from '../locales/pt/agent.json';
import ptBetting from '../locales/pt/betting.json';
import type ptFairness from '../locales/pt/fairness.json';
import ptCommon from '../locales/pt/common.json';
import ptContent from '../locales/pt/content.json';
import type ptContracts from '../locales/pt/contracts.json';
import ptErrors from '../locales/pt/errors.json';
import ptGames from '../locales/pt/games.json';
import ptHome from '../locales/pt/home.json';
import ptLayout from '../locales/pt/layout.json';
import ptPages from '../locales/pt/pages.json';
import type ptPayments from '../locales/pt/payments.json';
import ptSystem from '../locales/pt/system.json';
import ptValidation from '../locales/pt/validation.json';
import ptWallet from '../locales/pt/wallet.json';

export type { Language };
export { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES };

/** One namespace per area of the product; check-keys.ts keeps pt and en in step. */
export const NAMESPACES = ['common', 'layout', 'account', 'agent', 'system', 'pages', 'errors', 'home', 'validation', 'wallet', 'games', 'payments', 'betting', 'fairness', 'content', 'contracts'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

const pt = {
  common: ptCommon,
  layout: ptLayout,
  account: ptAccount,
  system: ptSystem,
  pages: ptPages,
  errors: ptErrors,
  home: ptHome,
  validation: ptValidation,
  wallet: ptWallet,
  games: ptGames,
  betting: ptBetting,
  content: ptContent,
};

/**
 * Namespaces of pages most visits never open (the agent centre and contract modal; the fairness
 * page and the betting record's round details; the member centre's deposit and withdrawal
 * panels): loaded on first use by loadNamespace, so the home page does not download them (its
 * JavaScript budget is 250 KB gzip).
 */
export const LAZY_NAMESPACES = ['agent', 'contracts', 'fairness', 'payments'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
const LAZY_LOADERS: Record<LazyNamespace, Record<Language, () => Promise<{ default: Record<string, unknown> }>>> = {
  agent: { pt: () => import('../locales/pt/agent.json'), en: () => import('../locales/en/agent.json') },
  contracts: { pt: () => import('../locales/pt/contracts.json'), en: () => import('../locales/en/contracts.json') },
  fairness: { pt: () => import('../locales/pt/fairness.json'), en: () => import('../locales/en/fairness.json') },
  payments: { pt: () => import('../locales/pt/payments.json'), en: () => import('../locales/en/payments.json') },
};
export async function loadNamespace(namespace: LazyNamespace, language: Language): Promise<Record<string, unknown>> {
  return (await LAZY_LOADERS[namespace][language]()).default;
}

/** What every page ships with. */
export type BundledResources = typeof pt;
/** Portuguese is the source of truth for the key set (and for TypeScript's key types). */
export type Resources = BundledResources & { agent: typeof ptAgent; contracts: typeof ptContracts; fairness: typeof ptFairness; payments: typeof ptPayments };

const en: BundledResources = {
  common: enCommon,
  layout: enLayout,
  account: enAccount,
  system: enSystem,
  pages: enPages,
  errors: enErrors,
  home: enHome,
  validation: enValidation,
  wallet: enWallet,
  games: enGames,
  betting: enBetting,
  content: enContent,
};

export const resources: Record<Language, BundledResources> = { pt, en };

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
