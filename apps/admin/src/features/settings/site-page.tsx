import { useTranslation } from 'react-i18next';
import { APP_PLATFORMS, CUSTOMER_SERVICE_TYPES, SOCIAL_NETWORKS, type AppPlatform, type Settings } from '@app/contracts';
import { TextField } from '@app/ui';
import { LinkListEditor, listError, splitLines, TextBox } from './fields.tsx';
import { SettingCard } from './setting-card.tsx';
import { SettingsLayout } from './settings-layout.tsx';

type SiteDraft = { name: string; licencePt: string; licenceEn: string; licenceValidatorUrl: string; affiliateServiceUrl: string; selfExclusionServiceUrl: string; social: { choice: (typeof SOCIAL_NETWORKS)[number]; url: string }[] };

const siteDraft = (site: Settings['site']): SiteDraft => ({
  name: site.name,
  licencePt: site.licenceLines.pt.join('\n'),
  licenceEn: site.licenceLines.en.join('\n'),
  licenceValidatorUrl: site.licenceValidatorUrl ?? '',
  affiliateServiceUrl: site.affiliateServiceUrl ?? '',
  selfExclusionServiceUrl: site.selfExclusionServiceUrl ?? '',
  social: site.social.map((link) => ({ choice: link.network, url: link.url })),
});

const siteValue = (draft: SiteDraft) => ({
  name: draft.name,
  licenceLines: { pt: splitLines(draft.licencePt), en: splitLines(draft.licenceEn) },
  licenceValidatorUrl: draft.licenceValidatorUrl.trim() || null,
  affiliateServiceUrl: draft.affiliateServiceUrl.trim() || null,
  selfExclusionServiceUrl: draft.selfExclusionServiceUrl.trim() || undefined,
  social: draft.social.map((row) => ({ network: row.choice, url: row.url.trim() })),
});

type AppDraft = Record<AppPlatform, string>;

/** What the site shows of the operator: name, licence lines, social links, app links and customer service (settings.site). */
export default function SiteSettingsPage() {
  const { t } = useTranslation('admin-settings');
  const urlText = (path: string) => (/url$/i.test(path) || /^(ios|android|lite)$/.test(path) || /\.url$/.test(path) ? t('formats.url') : undefined);
  return (
    <SettingsLayout page="site">
      {(settings) => (
        <>
          {settings.site ? (
            <SettingCard settingKey="site" value={settings.site} fromValue={siteDraft} toValue={siteValue} formatText={urlText}>
              {({ draft, setDraft, errors }) => (
                <>
                  <TextField label={t('fields.siteName')} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} maxLength={80} error={errors.name} errorTestId="settings-site-name-error" data-testid="settings-site-name" />
                  <div className="st-grid">
                    <TextBox label={t('fields.licencePt')} value={draft.licencePt} onChange={(licencePt) => setDraft({ ...draft, licencePt })} error={listError(errors, 'licenceLines.pt', t)} hint={t('hints.licenceLines')} testId="settings-site-licence-pt" />
                    <TextBox label={t('fields.licenceEn')} value={draft.licenceEn} onChange={(licenceEn) => setDraft({ ...draft, licenceEn })} error={listError(errors, 'licenceLines.en', t)} hint={t('hints.licenceLines')} testId="settings-site-licence-en" />
                  </div>
                  <div className="st-grid">
                    <TextField label={t('fields.licenceValidatorUrl')} type="url" value={draft.licenceValidatorUrl} onChange={(event) => setDraft({ ...draft, licenceValidatorUrl: event.target.value })} error={errors.licenceValidatorUrl} hint={t('hints.optionalUrl')} placeholder="https://" data-testid="settings-site-licence-url" />
                    <TextField label={t('fields.affiliateServiceUrl')} type="url" value={draft.affiliateServiceUrl} onChange={(event) => setDraft({ ...draft, affiliateServiceUrl: event.target.value })} error={errors.affiliateServiceUrl} hint={t('hints.optionalUrl')} placeholder="https://" data-testid="settings-site-affiliate-url" />
                    <TextField label={t('fields.selfExclusionServiceUrl')} type="url" value={draft.selfExclusionServiceUrl} onChange={(event) => setDraft({ ...draft, selfExclusionServiceUrl: event.target.value })} error={errors.selfExclusionServiceUrl} hint={t('hints.selfExclusionServiceUrl')} placeholder="https://www.gov.br/autoexclusaoapostas" data-testid="settings-site-self-exclusion-url" />
                  </div>
                  <h3 className="st-subtitle">{t('fields.social')}</h3>
                  <LinkListEditor rows={draft.social} onChange={(social) => setDraft({ ...draft, social })} choices={SOCIAL_NETWORKS} choiceLabel={(network) => t(`social.${network}`)} choiceTitle={t('fields.network')} errors={errors} path="social" testId="settings-social" max={SOCIAL_NETWORKS.length} />
                </>
              )}
            </SettingCard>
          ) : null}
          {settings.appDownload ? (
            <SettingCard<'appDownload', AppDraft>
              settingKey="appDownload"
              value={settings.appDownload}
              fromValue={(value) => ({ ios: value.ios ?? '', android: value.android ?? '', lite: value.lite ?? '' })}
              toValue={(draft) => Object.fromEntries(APP_PLATFORMS.map((platform) => [platform, draft[platform].trim() || null]))}
              formatText={urlText}
            >
              {({ draft, setDraft, errors }) => (
                <div className="st-grid">
                  {APP_PLATFORMS.map((platform) => (
                    <TextField
                      key={platform}
                      label={t(`apps.${platform}`)}
                      type="url"
                      value={draft[platform]}
                      onChange={(event) => setDraft({ ...draft, [platform]: event.target.value })}
                      error={errors[platform]}
                      errorTestId={`settings-app-${platform}-error`}
                      hint={t('hints.appLink')}
                      placeholder="https://"
                      data-testid={`settings-app-${platform}`}
                    />
                  ))}
                </div>
              )}
            </SettingCard>
          ) : null}
          {settings.customerService ? (
            <SettingCard
              settingKey="customerService"
              value={settings.customerService}
              fromValue={(contacts) => contacts.map((contact) => ({ choice: contact.type, url: contact.url }))}
              toValue={(rows) => rows.map((row) => ({ type: row.choice, url: row.url.trim() }))}
              formatText={urlText}
            >
              {({ draft, setDraft, errors }) => (
                <>
                  <LinkListEditor rows={draft} onChange={setDraft} choices={CUSTOMER_SERVICE_TYPES} choiceLabel={(type) => t(`contacts.${type}`)} choiceTitle={t('fields.channel')} errors={errors} path="" testId="settings-contacts" max={20} />
                  {errors[''] ? <p className="bo-error">{errors['']}</p> : null}
                </>
              )}
            </SettingCard>
          ) : null}
        </>
      )}
    </SettingsLayout>
  );
}
