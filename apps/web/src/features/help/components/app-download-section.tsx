import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_PLATFORMS, type AppPlatform } from '@app/contracts';
import { AndroidIcon, AppleIcon, buttonClassName, DownloadIcon, SmartphoneIcon } from '@app/ui';
import { appQrPath } from '../../content/index.ts';
import { useBootInfo } from '../../system/index.ts';
import { APP_SECTION_TAG } from '../help-view.ts';

/** The install guide per platform, in the order a player follows it. */
const INSTALL_STEPS = {
  ios: ['app.steps.ios.scan', 'app.steps.ios.share', 'app.steps.ios.addToHome', 'app.steps.ios.open'],
  android: ['app.steps.android.scan', 'app.steps.android.openFile', 'app.steps.android.allow', 'app.steps.android.install'],
  lite: ['app.steps.lite.scan', 'app.steps.lite.addToHome', 'app.steps.lite.open'],
} as const satisfies Record<AppPlatform, readonly string[]>;

const ICONS: Record<AppPlatform, ReactNode> = { ios: <AppleIcon size={22} />, android: <AndroidIcon size={22} />, lite: <SmartphoneIcon size={22} /> };

/**
 * Spec §1/§2 app download guide: for each app the operator configured, its QR code, its link and
 * how to install it. Platforms without an app are not mentioned; with none, the page says so.
 */
export function AppDownloadSection() {
  const { t } = useTranslation('content');
  const { appDownload } = useBootInfo();
  const platforms = APP_PLATFORMS.filter((platform) => appDownload[platform] !== null);
  return (
    <article id={APP_SECTION_TAG} className="help-article" data-testid="help-article" data-tag={APP_SECTION_TAG}>
      <h2 className="help-article__title">{t('app.title')}</h2>
      {platforms.length === 0 ? (
        <p className="help-article__lead" data-testid="app-none">
          {t('app.none')}
        </p>
      ) : (
        <>
          <p className="help-article__lead">{t('app.intro')}</p>
          <div className="app-download">
            {platforms.map((platform) => (
              <section key={platform} className="app-download__platform" aria-labelledby={`app-${platform}-title`} data-testid={`app-platform-${platform}`}>
                <h3 className="app-download__name" id={`app-${platform}-title`}>
                  {ICONS[platform]} {t(`app.platforms.${platform}`)}
                </h3>
                <img
                  className="app-download__qr"
                  src={appQrPath(platform)}
                  width={120}
                  height={120}
                  alt={t('app.qrAlt', { platform: t(`app.platforms.${platform}`) })}
                  loading="lazy"
                  data-testid={`app-qr-${platform}`}
                />
                <a
                  className={buttonClassName('accent', 'md', 'app-download__link')}
                  href={appDownload[platform] ?? undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`app-link-${platform}`}
                >
                  <DownloadIcon size={18} /> {t(`app.links.${platform}`)}
                </a>
                <h4 className="app-download__how">{t('app.howTo')}</h4>
                <ol className="app-download__steps">
                  {INSTALL_STEPS[platform].map((step) => (
                    <li key={step}>{t(step)}</li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </>
      )}
    </article>
  );
}
