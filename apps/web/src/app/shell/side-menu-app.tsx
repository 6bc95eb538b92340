import { useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AndroidIcon, AppleIcon } from '@app/ui';
import { appQrPath } from '../../features/content/index.ts';
import { useBootInfo } from '../../features/system/index.ts';
import { useSideMenu } from './side-menu-context.tsx';

/** Spec §2 side menu: the QR codes are 120 px. */
const QR_SIZE = 120;
const POPOVER_GAP = 8;
/** The popover's height: the code, its margins and a two-line hint. */
const POPOVER_HEIGHT = QR_SIZE + 80;

type SidePlatform = 'ios' | 'android';

const ICONS: Record<SidePlatform, ReactNode> = { ios: <AppleIcon />, android: <AndroidIcon /> };

/**
 * Spec §2 side menu: download entries for iOS and Android, only where the operator configured
 * an app. Pointing at one (or focusing it) shows its QR code; pressing it opens the install
 * guide at /help#app.
 */
export function SideMenuApp() {
  const { t } = useTranslation(['layout', 'content']);
  const { appDownload } = useBootInfo();
  const { compact, close } = useSideMenu();
  const [shown, setShown] = useState<{ platform: SidePlatform; style: CSSProperties } | null>(null);
  const platforms = (['ios', 'android'] as const).filter((platform) => appDownload[platform] !== null);
  if (platforms.length === 0) return null;

  // The menu scrolls, clips its overflow and is its own stacking layer (sticky), so the popover
  // goes to the end of the page, placed in the viewport beside the entry.
  const show = (platform: SidePlatform, entry: HTMLElement) => {
    const box = entry.getBoundingClientRect();
    const top = Math.max(POPOVER_GAP, Math.min(box.top, window.innerHeight - POPOVER_HEIGHT - POPOVER_GAP));
    setShown({ platform, style: { top, left: box.right + POPOVER_GAP } });
  };
  const hide = () => setShown(null);

  return (
    <div className="side-menu__section">
      {platforms.map((platform) => {
        const label = platform === 'ios' ? t('layout:sideMenu.appIos') : t('layout:sideMenu.appAndroid');
        return (
          <Link
            key={platform}
            to="/help#app"
            className="rail-link side-menu__item"
            title={label}
            onClick={() => {
              hide();
              if (compact) close();
            }}
            // On a phone the code would point at the phone that shows it: no popover there.
            onMouseEnter={compact ? undefined : (event) => show(platform, event.currentTarget)}
            onMouseLeave={hide}
            onFocus={compact ? undefined : (event) => show(platform, event.currentTarget)}
            onBlur={hide}
            aria-describedby={shown?.platform === platform ? `side-app-qr-${platform}` : undefined}
            data-testid={`side-app-${platform}`}
          >
            {ICONS[platform]}
            <span className="side-menu__label">{label}</span>
          </Link>
        );
      })}
      {shown
        ? createPortal(
            <div className="side-menu__qr" id={`side-app-qr-${shown.platform}`} role="tooltip" style={shown.style} data-testid={`side-app-qr-${shown.platform}`}>
              <img
                src={appQrPath(shown.platform)}
                width={QR_SIZE}
                height={QR_SIZE}
                alt={t('content:app.qrAlt', { platform: t(`content:app.platforms.${shown.platform}`) })}
              />
              <span>{t('layout:sideMenu.appScan')}</span>
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
