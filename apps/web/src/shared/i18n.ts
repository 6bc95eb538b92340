import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  htmlLangOf,
  loadBundledLanguage,
  NAMESPACES,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
  type BundledResources,
  type Language,
  countZeroAsPluralInPortuguese,
} from '@app/i18n';

/** Spec §3: the chosen language is kept in localStorage under both `lang` and `hisLang`. */
export const LANGUAGE_KEY = 'lang';
export const LANGUAGE_HISTORY_KEY = 'hisLang';

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function persistLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
    localStorage.setItem(LANGUAGE_HISTORY_KEY, language);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

/**
 * The language to start in. `lang` wins over `hisLang`; a missing or unsupported stored value
 * resets to the default (pt) and the reset is written back so both keys agree.
 */
export function resolveStoredLanguage(): Language {
  const stored = readStorage(LANGUAGE_KEY) ?? readStorage(LANGUAGE_HISTORY_KEY);
  const language = resolveLanguage(stored);
  if (readStorage(LANGUAGE_KEY) !== language || readStorage(LANGUAGE_HISTORY_KEY) !== language) persistLanguage(language);
  return language;
}

function applyHtmlLang(language: string): void {
  document.documentElement.lang = htmlLangOf(resolveLanguage(language));
}

/**
 * The bundled namespaces of the languages loaded so far. The site ships only the active language
 * (each is a chunk of its own: the home page's JavaScript budget is 250 KB gzip); main.tsx loads
 * it before the first render, a switch loads the other. Tests hand both in at once.
 */
const bundles: Partial<Record<Language, BundledResources>> = {};

export function provideBundles(given: Partial<Record<Language, BundledResources>>): void {
  Object.assign(bundles, given);
}

export async function loadLanguage(language: Language): Promise<void> {
  bundles[language] ??= await loadBundledLanguage(language);
}

/** A fresh i18next instance with the loaded languages' bundled namespaces (no flash of untranslated keys). */
export function createI18n(language: Language = resolveStoredLanguage()): I18n {
  if (!bundles[language]) throw new Error(`the ${language} texts are not loaded: await loadLanguage('${language}') first`);
  const instance = createInstance();
  instance.on('languageChanged', applyHtmlLang);
  void instance.use(initReactI18next).init({
    resources: bundles,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  countZeroAsPluralInPortuguese(instance);
  applyHtmlLang(language);
  return instance;
}

/** Changes the language once its texts are in the instance (loading them first if need be). */
export async function showLanguage(i18n: I18n, language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, DEFAULT_NAMESPACE)) {
    await loadLanguage(language);
    for (const [namespace, texts] of Object.entries(bundles[language]!)) i18n.addResourceBundle(language, namespace, texts, true, true);
  }
  await i18n.changeLanguage(language);
}

export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  persistLanguage(language);
  await showLanguage(i18n, language);
}

export function currentLanguage(i18n: I18n): Language {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}
