import { useTranslation } from 'react-i18next';
import type { SettingKey } from '@app/contracts';
import { TextBox } from './fields.tsx';
import { SettingCard } from './setting-card.tsx';
import { SettingsLayout } from './settings-layout.tsx';

/** Keys without a form of their own: edited as JSON, checked with the same schema before sending. */
const ADVANCED_KEYS = ['domains', 'analytics', 'agents', 'promotions'] as const satisfies readonly SettingKey[];

/** Not JSON: a value no schema accepts, so the card reports it. */
const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Domains and CDNs, analytics, agent contract rules: the JSON the command line takes (settings.manage). */
export default function AdvancedSettingsPage() {
  const { t } = useTranslation('admin-settings');
  return (
    <SettingsLayout page="advanced">
      {(settings) => (
        <>
          {ADVANCED_KEYS.map((key) =>
            settings[key] ? (
              <SettingCard<typeof key, string>
                key={key}
                settingKey={key}
                value={settings[key]}
                fromValue={(value) => JSON.stringify(value, null, 2)}
                toValue={parseJson}
                formatText={(path, draft) => (path === '' && parseJson(draft) === NOT_JSON ? t('formats.json') : undefined)}
                listErrors
              >
                {({ draft, setDraft }) => <TextBox label={t('advanced.json')} value={draft} onChange={setDraft} mono rows={Math.min(24, draft.split('\n').length + 1)} maxLength={100_000} testId={`settings-json-${key}`} />}
              </SettingCard>
            ) : null,
          )}
        </>
      )}
    </SettingsLayout>
  );
}
