import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { countZeroAsPluralInPortuguese, FALLBACK_LANGUAGE, htmlLangOf, resolveLanguage, SUPPORTED_LANGUAGES, type Language } from '@app/i18n';
import { ApiError } from './api.ts';

/**
 * The console's texts: `admin.json` (the shell) and one `admin-<area>.json` per area, plus the
 * shared `errors` and `validation` namespaces, all from packages/i18n/locales (whose key-parity
 * check covers them). Each area's file is picked up here without registration.
 */
const files = import.meta.glob<Record<string, unknown>>('../../../../packages/i18n/locales/*/{admin,admin-*,errors,validation}.json', { eager: true, import: 'default' });

function bundledResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    (resources[language] ??= {})[namespace] = content;
  }
  return resources;
}

export const ADMIN_NAMESPACES = [...new Set(Object.keys(files).map((path) => /\/([a-z-]+)\.json$/.exec(path)?.[1] ?? ''))].filter(Boolean);

const LANGUAGE_KEY = 'backoffice.lang';

function storedLanguage(): Language {
  try {
    return resolveLanguage(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return resolveLanguage(null);
  }
}

export function createI18n(language: Language = storedLanguage()): I18n {
  const instance = createInstance();
  instance.on('languageChanged', (lng: string) => {
    document.documentElement.lang = htmlLangOf(resolveLanguage(lng));
  });
  void instance.use(initReactI18next).init({
    resources: bundledResources(),
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ADMIN_NAMESPACES,
    defaultNS: 'admin',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  countZeroAsPluralInPortuguese(instance);
  document.documentElement.lang = htmlLangOf(language);
  return instance;
}

export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // The choice lasts for this page only.
  }
  await i18n.changeLanguage(language);
}

/** `errors:<code>` for a server error, the generic message for anything unknown. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return (error) => {
    const code = error instanceof ApiError ? error.code : 'unknown';
    // A code the server sent is no key TypeScript can know: exists() checks it at run time.
    const text: unknown = i18n.exists(`errors:${code}`) ? t(code as never, { returnObjects: true }) : undefined;
    return typeof text === 'string' ? text : t('unknown');
  };
}
