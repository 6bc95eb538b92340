import { useTranslation } from 'react-i18next';
import type { Settings } from '@app/contracts';
import { Alert, Button, Checkbox, TextField } from '@app/ui';
import { listError, numberOrNull, splitList, TextBox } from './fields.tsx';
import { SettingCard } from './setting-card.tsx';
import { useMyAddress } from './settings.api.ts';
import { SettingsLayout } from './settings-layout.tsx';

interface RegionDraft {
  enabled: boolean;
  blockedIps: string;
  allowedIps: string;
  blockedCountries: string;
}

const regionDraft = (value: Settings['region']): RegionDraft => ({ enabled: value.enabled, blockedIps: value.blockedIps.join('\n'), allowedIps: value.allowedIps.join('\n'), blockedCountries: value.blockedCountries.join(', ') });
const regionValue = (draft: RegionDraft) => ({ enabled: draft.enabled, blockedIps: splitList(draft.blockedIps), allowedIps: splitList(draft.allowedIps), blockedCountries: splitList(draft.blockedCountries).map((code) => code.toUpperCase()) });

/** Region rules, the back-office IP allow-list and password rules for members (settings.manage). */
export default function AccessSettingsPage() {
  const { t } = useTranslation('admin-settings');
  const myAddress = useMyAddress().data?.ip ?? null;
  const formatText = (path: string) => (/Ips\.\d+$|ipAllowList\.\d+$/.test(path) ? t('formats.ip') : /blockedCountries\.\d+$/.test(path) ? t('formats.country') : undefined);
  return (
    <SettingsLayout page="access">
      {(settings) => (
        <>
          {settings.region ? (
            <SettingCard settingKey="region" value={settings.region} fromValue={regionDraft} toValue={regionValue} formatText={formatText}>
              {({ draft, setDraft, errors }) => (
                <>
                  <Checkbox label={t('region.enabled')} checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} data-testid="settings-region-enabled" />
                  <TextField label={t('region.blockedCountries')} value={draft.blockedCountries} onChange={(event) => setDraft({ ...draft, blockedCountries: event.target.value })} error={listError(errors, 'blockedCountries', t)} hint={t('region.blockedCountriesHint')} maxLength={1000} data-testid="settings-region-countries" />
                  <div className="st-grid">
                    <TextBox label={t('region.blockedIps')} value={draft.blockedIps} onChange={(blockedIps) => setDraft({ ...draft, blockedIps })} error={listError(errors, 'blockedIps', t)} hint={t('hints.ipList')} mono testId="settings-region-blocked" />
                    <TextBox label={t('region.allowedIps')} value={draft.allowedIps} onChange={(allowedIps) => setDraft({ ...draft, allowedIps })} error={listError(errors, 'allowedIps', t)} hint={t('region.allowedIpsHint')} mono testId="settings-region-allowed" />
                  </div>
                </>
              )}
            </SettingCard>
          ) : null}
          {settings.backoffice ? (
            <SettingCard<'backoffice', { ipAllowList: string }>
              settingKey="backoffice"
              value={settings.backoffice}
              fromValue={(value) => ({ ipAllowList: value.ipAllowList.join('\n') })}
              toValue={(draft) => ({ ipAllowList: splitList(draft.ipAllowList) })}
              formatText={formatText}
              serverText={(path) => (path === 'ipAllowList' ? t('backoffice.mustIncludeMine', { address: myAddress ?? '?' }) : undefined)}
              confirm={(draft, saved) => (splitList(draft.ipAllowList).length > 0 && saved.ipAllowList.length === 0 ? { title: t('backoffice.confirmTitle'), message: t('backoffice.confirmMessage'), confirmLabel: t('backoffice.confirm') } : null)}
            >
              {({ draft, setDraft, errors }) => (
                <>
                  {splitList(draft.ipAllowList).length === 0 ? <Alert tone="info">{t('backoffice.anyAddress')}</Alert> : null}
                  <TextBox label={t('backoffice.ipAllowList')} value={draft.ipAllowList} onChange={(ipAllowList) => setDraft({ ipAllowList })} error={listError(errors, 'ipAllowList', t)} hint={t('hints.ipList')} mono testId="settings-backoffice-ips" />
                  {myAddress ? (
                    <p className="st-inline">
                      {t('backoffice.myAddress')} <code className="bo-code" data-testid="settings-my-address">{myAddress}</code>
                      {splitList(draft.ipAllowList).includes(myAddress) ? null : (
                        <Button size="sm" variant="outline" onClick={() => setDraft({ ipAllowList: [...splitList(draft.ipAllowList), myAddress].join('\n') })} data-testid="settings-add-my-address">
                          {t('backoffice.addMine')}
                        </Button>
                      )}
                    </p>
                  ) : null}
                </>
              )}
            </SettingCard>
          ) : null}
          {settings.accounts ? (
            <SettingCard<'accounts', { defaultPassword: string; passwordExpiryDays: string }>
              settingKey="accounts"
              value={settings.accounts}
              fromValue={(value) => ({ defaultPassword: value.defaultPassword ?? '', passwordExpiryDays: value.passwordExpiryDays === null ? '' : String(value.passwordExpiryDays) })}
              toValue={(draft) => ({ defaultPassword: draft.defaultPassword === '' ? null : draft.defaultPassword, passwordExpiryDays: numberOrNull(draft.passwordExpiryDays) })}
            >
              {({ draft, setDraft, errors }) => (
                <div className="st-grid">
                  <TextField label={t('accounts.defaultPassword')} value={draft.defaultPassword} onChange={(event) => setDraft({ ...draft, defaultPassword: event.target.value })} error={errors.defaultPassword} hint={t('accounts.defaultPasswordHint')} maxLength={128} autoComplete="off" data-testid="settings-accounts-password" />
                  <TextField label={t('accounts.passwordExpiryDays')} type="number" inputMode="numeric" min={1} value={draft.passwordExpiryDays} onChange={(event) => setDraft({ ...draft, passwordExpiryDays: event.target.value })} error={errors.passwordExpiryDays} hint={t('accounts.passwordExpiryHint')} data-testid="settings-accounts-expiry" />
                </div>
              )}
            </SettingCard>
          ) : null}
        </>
      )}
    </SettingsLayout>
  );
}
