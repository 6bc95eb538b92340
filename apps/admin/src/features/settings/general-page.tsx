import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, WHITELABEL_FLAGS, type Language, type Settings, type WhitelabelFlagId } from '@app/contracts';
import { intlLocaleOf, resolveLanguage } from '@app/i18n';
import { Checkbox, SelectField, TextField } from '@app/ui';
import { Badge } from '../../shared/components/data-table.tsx';
import { TextBox } from './fields.tsx';
import { SettingCard } from './setting-card.tsx';
import { SettingsLayout } from './settings-layout.tsx';

/** The spec's flag tree (system.settings.ts WHITELABEL_PARENT): a child works only while its parent is on. */
export const FLAG_PARENT: Record<WhitelabelFlagId, WhitelabelFlagId | null> = {
  USERNAMEREG3: null,
  MOBILENUMREG3: null,
  MOBILENUMPASSREG3: 'MOBILENUMREG3',
  REGMOBVERF3: 'MOBILENUMREG3',
  CHNGPASSVERIF3: null,
  AGENTPOLICY3: null,
};

type MaintenanceDraft = { enabled: boolean; pt: string; en: string };

const timeZones: readonly string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
})();

function clockIn(timeZone: string, language: string): string | null {
  try {
    return new Intl.DateTimeFormat(intlLocaleOf(resolveLanguage(language)), { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date());
  } catch {
    return null;
  }
}

/** Maintenance, language and time zone, and the white-label feature flags (settings.manage). */
export default function GeneralSettingsPage() {
  const { t, i18n } = useTranslation('admin-settings');
  return (
    <SettingsLayout page="general">
      {(settings) => (
        <>
          {settings.maintenance ? (
            <SettingCard<'maintenance', MaintenanceDraft>
              settingKey="maintenance"
              value={settings.maintenance}
              fromValue={(value) => ({ enabled: value.enabled, pt: value.message?.pt ?? '', en: value.message?.en ?? '' })}
              toValue={(draft) => ({ enabled: draft.enabled, message: draft.pt.trim() || draft.en.trim() ? { pt: draft.pt.trim(), en: draft.en.trim() } : null })}
              confirm={(draft, saved) => (draft.enabled && !saved.enabled ? { title: t('maintenance.confirmTitle'), message: t('maintenance.confirmMessage'), confirmLabel: t('maintenance.confirm') } : null)}
            >
              {({ draft, setDraft }) => (
                <>
                  <p>
                    {t('maintenance.now')}{' '}
                    <Badge tone={settings.maintenance?.enabled ? 'bad' : 'ok'} testId="settings-maintenance-state">
                      {settings.maintenance?.enabled ? t('maintenance.on') : t('maintenance.off')}
                    </Badge>
                  </p>
                  <Checkbox label={t('maintenance.switch')} checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} data-testid="settings-maintenance-enabled" />
                  <div className="st-grid">
                    <TextBox label={t('maintenance.messagePt')} value={draft.pt} onChange={(pt) => setDraft({ ...draft, pt })} hint={t('maintenance.messageHint')} maxLength={2000} rows={3} testId="settings-maintenance-pt" />
                    <TextBox label={t('maintenance.messageEn')} value={draft.en} onChange={(en) => setDraft({ ...draft, en })} hint={t('maintenance.messageHint')} maxLength={2000} rows={3} testId="settings-maintenance-en" />
                  </div>
                </>
              )}
            </SettingCard>
          ) : null}
          {settings.locale ? (
            <SettingCard<'locale', Settings['locale']> settingKey="locale" value={settings.locale} fromValue={(value) => value} toValue={(draft) => ({ ...draft, timeZone: draft.timeZone.trim() })} formatText={(path) => (path === 'timeZone' ? t('formats.timeZone') : undefined)}>
              {({ draft, setDraft, errors }) => {
                const clock = clockIn(draft.timeZone.trim(), i18n.language);
                return (
                  <div className="st-grid">
                    <SelectField<Language> label={t('fields.defaultLanguage')} value={draft.defaultLanguage} onValueChange={(defaultLanguage) => setDraft({ ...draft, defaultLanguage })} options={SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))} data-testid="settings-locale-language" />
                    <TextField
                      label={t('fields.timeZone')}
                      value={draft.timeZone}
                      onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
                      list="settings-time-zones"
                      maxLength={64}
                      error={errors.timeZone}
                      errorTestId="settings-locale-timezone-error"
                      hint={clock ? t('hints.clock', { clock }) : t('hints.timeZone')}
                      data-testid="settings-locale-timezone"
                    />
                    <datalist id="settings-time-zones">
                      {timeZones.map((zone) => (
                        <option key={zone} value={zone} />
                      ))}
                    </datalist>
                  </div>
                );
              }}
            </SettingCard>
          ) : null}
          {settings.whitelabel ? (
            <SettingCard<'whitelabel', Settings['whitelabel']> settingKey="whitelabel" value={settings.whitelabel} fromValue={(value) => ({ ...value })} toValue={(draft) => Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, draft[flag] === true]))}>
              {({ draft, setDraft }) => (
                <ul className="st-flags">
                  {WHITELABEL_FLAGS.map((flag) => {
                    const parent = FLAG_PARENT[flag];
                    const idle = parent !== null && draft[parent] !== true && draft[flag] === true;
                    return (
                      <li key={flag} className={parent ? 'st-flags__child' : undefined}>
                        <Checkbox label={t(`flags.${flag}.label`)} checked={draft[flag] === true} onChange={(event) => setDraft({ ...draft, [flag]: event.target.checked })} data-testid={`settings-flag-${flag}`} />
                        <p className="bo-muted st-flags__hint">
                          <code className="bo-code">{flag}</code> {t(`flags.${flag}.hint`)}
                          {idle && parent ? <strong className="st-warn"> {t('flagIdle', { parent: t(`flags.${parent}.label`) })}</strong> : null}
                        </p>
                      </li>
                    );
                  })}
                </ul>
              )}
            </SettingCard>
          ) : null}
        </>
      )}
    </SettingsLayout>
  );
}
