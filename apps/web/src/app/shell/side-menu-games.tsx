import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon, GridIcon, WrenchIcon } from '@app/ui';
import { GameImage, vendorListPath, useStartGame } from '../../features/games/index.ts';
import { isNavItemActive, type NavItem } from './nav-items.tsx';
import { useSideMenu } from './side-menu-context.tsx';

/** Spec §2 side menu: the game types, each unfolding into its vendors. */
export function SideMenuGames({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation(['layout', 'games']);
  const { pathname, search } = useLocation();
  const { open, compact, close } = useSideMenu();
  const { startLobby } = useStartGame();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // The desktop rail shows icons only: vendor lists unfold when the menu is open.
  const canUnfold = open || compact;
  const afterChoice = compact ? close : undefined;
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="side-menu__section" data-testid="side-menu-games">
      <p className="side-menu__title">{t('games:nav.games')}</p>
      {items.map((item) => {
        const label = item.label(t);
        const active = isNavItemActive(item, pathname);
        const vendors = item.vendors ?? [];
        const isOpen = canUnfold && expanded.has(item.id);
        const className = active ? 'rail-link side-menu__item is-active' : 'rail-link side-menu__item';
        return (
          <div key={item.id} className="side-menu__group">
            <div className="side-menu__row">
              {item.lobbyVendor ? (
                <button
                  type="button"
                  className={`${className} side-menu__button`}
                  title={label}
                  onClick={() => {
                    afterChoice?.();
                    startLobby(item.lobbyVendor ?? '');
                  }}
                >
                  {item.icon}
                  <span className="side-menu__label">{label}</span>
                </button>
              ) : (
                <Link to={item.to} className={className} aria-current={active ? 'page' : undefined} title={label} onClick={afterChoice} data-testid={`side-nav-${item.id.toLowerCase()}`}>
                  {item.icon}
                  <span className="side-menu__label">{label}</span>
                </Link>
              )}
              {canUnfold && vendors.length > 0 ? (
                <button
                  type="button"
                  className="ghost-button side-menu__unfold"
                  aria-expanded={isOpen}
                  aria-label={t('games:nav.showVendors', { type: label })}
                  onClick={() => toggle(item.id)}
                  data-testid={`side-unfold-${item.id.toLowerCase()}`}
                >
                  <ChevronDownIcon size={16} />
                </button>
              ) : null}
            </div>
            {isOpen && item.gameType ? (
              <ul className="side-menu__vendors" aria-label={t('games:nav.vendorsOf', { type: label })}>
                {vendors.map((vendor) => {
                  const to = vendorListPath(item.gameType ?? 'RNG', vendor.vassalage);
                  const current = isNavItemActive({ ...item, to, activeOn: undefined }, pathname, search);
                  return (
                    <li key={vendor.vassalage}>
                      <Link to={to} className={current ? 'side-menu__vendor is-active' : 'side-menu__vendor'} onClick={afterChoice} data-testid="side-vendor">
                        <GameImage src={vendor.logoUrl} fallbackSrc="/media/fallback/vendor.svg" className="side-menu__vendor-logo" fallbackIcon={<GridIcon size={12} />} />
                        <span className="side-menu__label">{vendor.displayName}</span>
                        {vendor.maintenance ? <WrenchIcon size={12} aria-label={t('games:card.maintenance')} /> : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
