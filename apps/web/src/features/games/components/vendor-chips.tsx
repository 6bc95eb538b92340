import { useTranslation } from 'react-i18next';
import type { Vendor } from '@app/contracts';
import { GridIcon, WrenchIcon } from '@app/ui';
import { GameImage } from './game-image.tsx';
import './filters.css';

const FALLBACK_VENDOR_IMAGE = '/media/fallback/vendor.svg';

interface VendorChipsProps {
  vendors: readonly Vendor[];
  value: string | undefined;
  onChange: (vassalage: string | undefined) => void;
}

/** The type's vendors as pressable chips (logo and name); "All" clears the choice. */
export function VendorChips({ vendors, value, onChange }: VendorChipsProps) {
  const { t } = useTranslation('games');
  return (
    <div className="vendor-chips" role="group" aria-label={t('filters.vendors')} data-testid="vendor-chips">
      <button type="button" className={value ? 'vendor-chip' : 'vendor-chip is-selected'} aria-pressed={!value} onClick={() => onChange(undefined)} data-testid="vendor-chip-all">
        <span className="round-mark round-mark--brand">
          <GridIcon size={16} />
        </span>
        {t('filters.allVendors')}
      </button>
      {vendors.map((vendor) => {
        const selected = vendor.vassalage === value;
        return (
          <button
            key={vendor.vassalage}
            type="button"
            className={selected ? 'vendor-chip is-selected' : 'vendor-chip'}
            aria-pressed={selected}
            onClick={() => onChange(selected ? undefined : vendor.vassalage)}
            data-testid="vendor-chip"
            data-vendor={vendor.vassalage}
          >
            <GameImage src={vendor.logoUrl} fallbackSrc={FALLBACK_VENDOR_IMAGE} className="round-mark round-mark--logo" fallbackIcon={<GridIcon size={16} />} />
            <span>{vendor.displayName}</span>
            {vendor.maintenance ? (
              <span className="vendor-chip__maintenance" title={t('card.maintenance')} data-testid="vendor-maintenance">
                <WrenchIcon size={12} />
                <span className="ui-visually-hidden">{t('card.maintenance')}</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
