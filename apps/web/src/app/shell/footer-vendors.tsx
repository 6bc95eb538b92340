import { useTranslation } from 'react-i18next';
import type { GameMenu, Vendor } from '@app/contracts';
import { GridIcon } from '@app/ui';
import { useGameMenu, GameImage } from '../../features/games/index.ts';

/** Vendor logos are drawn 3:1 (240 × 80); the footer shows them at half that. */
const LOGO_WIDTH = 120;
const LOGO_HEIGHT = 40;

/** Each vendor once, in the menu's order (a vendor can serve several game types). */
export function footerVendorsOf(menu: GameMenu | undefined): Vendor[] {
  const seen = new Set<string>();
  const vendors: Vendor[] = [];
  for (const { vendors: ofType } of menu?.types ?? []) {
    for (const vendor of ofType) {
      if (seen.has(vendor.vassalage)) continue;
      seen.add(vendor.vassalage);
      vendors.push(vendor);
    }
  }
  return vendors;
}

/** Spec §2 footer: a row of the game vendors' logos — the ones the site really offers. */
export function FooterVendors() {
  const { t } = useTranslation('layout');
  const vendors = footerVendorsOf(useGameMenu().data);
  if (vendors.length === 0) return null;
  return (
    <section className="app-footer__vendors" aria-label={t('footer.vendors')} data-testid="footer-vendors">
      <ul className="app-footer__vendor-list">
        {vendors.map((vendor) => (
          <li key={vendor.vassalage} title={vendor.displayName}>
            <GameImage
              src={vendor.logoUrl}
              fallbackSrc="/media/fallback/vendor.svg"
              className="app-footer__vendor-logo"
              fallbackIcon={<GridIcon size={20} />}
              width={LOGO_WIDTH}
              height={LOGO_HEIGHT}
              alt={vendor.displayName}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
