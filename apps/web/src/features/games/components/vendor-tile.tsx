import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vendor } from '@app/contracts';
import { GridIcon, WrenchIcon } from '@app/ui';
import { vendorAccent } from '../accent.ts';
import { GameImage } from './game-image.tsx';
import { PlayIcon } from './game-icons.tsx';
import './accent.css';
import './vendor-tile.css';

const FALLBACK_VENDOR_IMAGE = '/media/fallback/vendor.svg';

interface VendorTileProps {
  vendor: Vendor;
  /** Spec §2: the start button is hidden when the game type is RNG. */
  showStart: boolean;
  onOpen: (vendor: Vendor) => void;
  highlighted?: boolean;
}

/** Spec §2 vendor game tile: image, vendor logo, name, start button; accent random per vendor. */
export function VendorTile({ vendor, showStart, onOpen, highlighted = false }: VendorTileProps) {
  const { t } = useTranslation('games');
  const [accent] = useState(() => vendorAccent(vendor.vassalage));
  const name = vendor.displayName;
  const action = vendor.isGame === 'GAME' ? t('vendor.startNamed', { name }) : t('vendor.openGames', { name });
  return (
    <article
      className={`tile vendor-tile accent-${accent}${highlighted ? ' is-highlighted' : ''}`}
      data-testid="vendor-tile"
      data-vendor={vendor.vassalage}
      data-accent={accent}
      aria-label={name}
    >
      <button type="button" className="vendor-tile__cover" onClick={() => onOpen(vendor)} aria-label={action} data-testid="vendor-tile-open">
        <GameImage src={vendor.logoUrl} fallbackSrc={FALLBACK_VENDOR_IMAGE} className="vendor-tile__image" fallbackIcon={<GridIcon size={40} />} />
      </button>
      {vendor.maintenance ? (
        <span className="game-badge game-badge--maintenance vendor-tile__badge" data-testid="vendor-maintenance">
          <WrenchIcon size={12} /> {t('card.maintenance')}
        </span>
      ) : null}
      <div className="vendor-tile__body">
        <GameImage src={vendor.logoUrl} fallbackSrc={FALLBACK_VENDOR_IMAGE} className="round-mark round-mark--logo vendor-tile__logo" fallbackIcon={<GridIcon size={16} />} />
        <div className="vendor-tile__text">
          <h3 className="vendor-tile__name" title={name}>
            {name}
          </h3>
          {vendor.isGame === 'VASSALAGE' && vendor.gameCount > 0 ? <p className="vendor-tile__count">{t('vendor.gameCount', { count: vendor.gameCount })}</p> : null}
        </div>
        {showStart ? (
          <button type="button" className="vendor-tile__start" onClick={() => onOpen(vendor)} aria-label={action} data-testid="vendor-start">
            <PlayIcon size={12} />
            {vendor.isGame === 'GAME' ? t('vendor.start') : t('vendor.games')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
