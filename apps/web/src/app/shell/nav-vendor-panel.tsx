import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameType, Vendor } from '@app/contracts';
import { GridIcon, WrenchIcon } from '@app/ui';
import { GameImage, gameTypePath, vendorListPath } from '../../features/games/index.ts';

/** Spec §9: more than 10 vendors get the large, multi-column layout. */
export const LARGE_PANEL_THRESHOLD = 10;

export function panelWidthFor(vendorCount: number): number {
  return vendorCount > LARGE_PANEL_THRESHOLD ? 720 : 300;
}

interface NavVendorPanelProps {
  gameType: GameType;
  label: string;
  vendors: readonly Vendor[];
  left: number;
  onChoose: () => void;
}

/** The header dropdown of one game type: its vendors (logo and name), each opening its list. */
export function NavVendorPanel({ gameType, label, vendors, left, onChoose }: NavVendorPanelProps) {
  const { t } = useTranslation('games');
  const large = vendors.length > LARGE_PANEL_THRESHOLD;
  return (
    <div
      id="nav-vendor-panel"
      className={large ? 'nav-vendors nav-vendors--large' : 'nav-vendors'}
      style={{ left, width: panelWidthFor(vendors.length) }}
      role="region"
      aria-label={t('nav.vendorsOf', { type: label })}
      data-testid="nav-vendor-panel"
      data-layout={large ? 'large' : 'list'}
    >
      <div className="nav-vendors__head">
        <span className="nav-vendors__title">{t('nav.vendorsOf', { type: label })}</span>
        <Link to={gameTypePath(gameType)} className="nav-vendors__all" onClick={onChoose}>
          {t('nav.allOf', { type: label })}
        </Link>
      </div>
      <ul className="nav-vendors__list">
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link to={vendorListPath(gameType, vendor.vassalage)} className="nav-vendors__item" onClick={onChoose} data-testid="nav-vendor" data-vendor={vendor.vassalage}>
              <GameImage src={vendor.logoUrl} fallbackSrc="/media/fallback/vendor.svg" className="round-mark round-mark--logo" fallbackIcon={<GridIcon size={14} />} />
              <span className="nav-vendors__name">{vendor.displayName}</span>
              {vendor.maintenance ? (
                <span className="nav-vendors__maintenance" title={t('card.maintenance')}>
                  <WrenchIcon size={12} />
                  <span className="ui-visually-hidden">{t('card.maintenance')}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
