import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, GlobeIcon } from '@app/ui';
import { LANGUAGE_LABELS, SUPPORTED_LANGUAGES, isLanguage } from '@app/i18n';
import { currentLanguage, switchLanguage } from '../i18n.ts';
import './language-select.css';

/**
 * A native select (accessible, right on phones) laid invisibly over a compact face that shows
 * the globe and the language; the face shrinks to the code ("PT") where space is short.
 */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const language = currentLanguage(i18n);
  return (
    <label className={compact ? 'language-select language-select--compact' : 'language-select'} title={t('language.label')}>
      <span className="ui-visually-hidden">{t('language.label')}</span>
      <span className="language-select__face" aria-hidden="true">
        <GlobeIcon size={16} />
        <span className="language-select__code">{language.toUpperCase()}</span>
        <span className="language-select__name">{LANGUAGE_LABELS[language]}</span>
        <ChevronDownIcon size={14} />
      </span>
      <select
        className="language-select__native"
        data-testid="language-select"
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void switchLanguage(i18n, next);
        }}
      >
        {SUPPORTED_LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_LABELS[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
