import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  htmlLangOf,
  NAMESPACES,
  resolveLanguage,
  resources,
  SUPPORTED_LANGUAGES,
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

/** A fresh i18next instance with every namespace bundled (no flash of untranslated keys). */
export function createI18n(language: Language = resolveStoredLanguage()): I18n {
  const instance = createInstance();
  instance.on('languageChanged', applyHtmlLang);
  void instance.use(initReactI18next).init({
    resources,
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

export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  persistLanguage(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(i18n: I18n): Language {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}
