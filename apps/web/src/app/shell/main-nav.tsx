import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '@app/ui';
import { useStartGame } from '../../features/games/index.ts';
import { isNavItemActive, useMainNav, type NavItem } from './nav-items.tsx';
import { NavVendorPanel, panelWidthFor } from './nav-vendor-panel.tsx';

const CLOSE_DELAY_MS = 180;

/**
 * The header's main navigation (wide screens). Hovering a game type opens a panel with its
 * vendors; the small chevron beside it does the same for keyboard and touch.
 */
export function MainNav() {
  const { t } = useTranslation(['layout', 'games']);
  const { pathname } = useLocation();
  const items = useMainNav();
  const { startLobby } = useStartGame();
  const wrapRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const [open, setOpen] = useState<{ id: string; left: number } | null>(null);
  const openItem = open ? items.find((item) => item.id === open.id) : undefined;

  // A navigation closes the open panel (set during render, so the old page's panel never shows).
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(null);
  }
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpen(null), CLOSE_DELAY_MS);
  };
  const show = (item: NavItem, trigger: HTMLElement) => {
    cancelClose();
    const wrap = wrapRef.current;
    if (!wrap || !item.vendors?.length) return setOpen(null);
    const wrapBox = wrap.getBoundingClientRect();
    const width = panelWidthFor(item.vendors.length);
    // Under its trigger, but never past the right edge of the header.
    const left = Math.max(8, Math.min(trigger.getBoundingClientRect().left - wrapBox.left, wrapBox.width - width - 8));
    setOpen({ id: item.id, left });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(null);
    wrapRef.current?.querySelector<HTMLElement>(`[data-nav-caret="${open.id}"]`)?.focus();
  };

  return (
    <div className="main-nav-wrap" ref={wrapRef} onMouseLeave={scheduleClose} onMouseEnter={cancelClose} onKeyDown={onKeyDown}>
      <nav className="main-nav" aria-label={t('layout:nav.label')} data-testid="main-nav">
        {items.map((item) => {
          const active = isNavItemActive(item, pathname);
          const label = item.label(t);
          const hasVendors = Boolean(item.vendors?.length);
          const className = active ? 'main-nav__item is-active' : 'main-nav__item';
          return (
            <div
              key={item.id}
              className={hasVendors ? 'main-nav__entry has-menu' : 'main-nav__entry'}
              onMouseEnter={(event) => (hasVendors ? show(item, event.currentTarget) : scheduleClose())}
            >
              {item.lobbyVendor ? (
                <button type="button" className={className} onClick={() => startLobby(item.lobbyVendor ?? '')} data-testid="nav-bgs">
                  {item.icon}
                  <span>{label}</span>
                </button>
              ) : (
                <Link to={item.to} className={className} aria-current={active ? 'page' : undefined} data-testid={`nav-${item.id.toLowerCase()}`}>
                  {item.icon}
                  <span>{label}</span>
                </Link>
              )}
              {hasVendors ? (
                <button
                  type="button"
                  className="main-nav__caret"
                  aria-expanded={open?.id === item.id}
                  aria-controls={open?.id === item.id ? 'nav-vendor-panel' : undefined}
                  aria-label={t('games:nav.showVendors', { type: label })}
                  data-nav-caret={item.id}
                  onClick={(event) => (open?.id === item.id ? setOpen(null) : show(item, event.currentTarget.parentElement ?? event.currentTarget))}
                >
                  <ChevronDownIcon size={14} />
                </button>
              ) : null}
            </div>
          );
        })}
      </nav>
      {openItem?.gameType && openItem.vendors && open ? (
        <NavVendorPanel gameType={openItem.gameType} label={openItem.label(t)} vendors={openItem.vendors} left={open.left} onChoose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
