import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, CloseIcon, ExternalIcon, LogoMark, ShieldCheckIcon, TelegramIcon, WhatsappIcon } from '@app/ui';
import { GroupBanner } from '../../features/content/index.ts';
import { ReferralMenuEntry } from '../../features/referral/index.ts';
import { SupportMenuItem } from '../../features/support/index.ts';
import { useBootInfo } from '../../features/system/index.ts';
import { contactLinksOf } from './contact-links.ts';
import { isGameNavItem, isNavItemActive, PLAYER_NAV, useMainNav, type NavItem } from './nav-items.tsx';
import { SideMenuApp } from './side-menu-app.tsx';
import { SideMenuCheckIn } from './side-menu-checkin.tsx';
import { SideMenuGames } from './side-menu-games.tsx';
import { useSideMenu } from './side-menu-context.tsx';
import './side-menu.css';

export function SideMenu() {
  const { t } = useTranslation('layout');
  const { open, compact, close } = useSideMenu();
  const boot = useBootInfo();
  const contacts = contactLinksOf(boot.customerService);
  const hidden = compact && !open;
  const validatorUrl = boot.site.licenceValidatorUrl;
  const mainNav = useMainNav();

  return (
    <aside
      id="side-menu"
      className="side-menu"
      data-testid="side-menu"
      data-state={open ? 'open' : 'collapsed'}
      aria-label={t('sideMenu.label')}
      aria-hidden={hidden || undefined}
      inert={hidden}
    >
      {compact ? (
        <div className="split-row side-menu__head">
          <Link to="/" className="brand" onClick={close}>
            <LogoMark size={28} />
            <span className="brand__name">{boot.site.name}</span>
          </Link>
          <Button variant="ghost" icon aria-label={t('sideMenu.close')} onClick={close} data-testid="side-menu-close">
            <CloseIcon />
          </Button>
        </div>
      ) : null}

      <GroupBanner group="w_leftmenu" className="side-menu__banner" testId="side-banner" onFollow={compact ? close : undefined} />

      <nav className="stack">
        {/* On phones the header has no room for the main navigation, so the drawer carries it. */}
        {compact ? <NavSection items={mainNav.filter((item) => !isGameNavItem(item))} /> : null}
        <SideMenuGames items={mainNav.filter(isGameNavItem)} />
        <NavSection items={PLAYER_NAV} title={t('sideMenu.player')}>
          <SideMenuCheckIn />
          <ReferralMenuEntry onFollow={compact ? close : undefined} />
        </NavSection>
      </nav>

      <SideMenuApp />

      {/* The built-in chat is the customer-service entry; the operator's external channels stay beside it. */}
      <div className="side-menu__section">
        <p className="side-menu__title">{t('sideMenu.support')}</p>
        <SupportMenuItem onFollow={compact ? close : undefined} />
        {contacts.customerService && contacts.customerService !== contacts.telegram && contacts.customerService !== contacts.whatsapp ? (
          <ExternalItem href={contacts.customerService} icon={<ExternalIcon />} label={t('sideMenu.customerService')} testId="side-customer-service-link" />
        ) : null}
        {contacts.telegram ? <ExternalItem href={contacts.telegram} icon={<TelegramIcon />} label={t('sideMenu.telegram')} testId="side-telegram" /> : null}
        {contacts.whatsapp ? <ExternalItem href={contacts.whatsapp} icon={<WhatsappIcon />} label={t('sideMenu.whatsapp')} testId="side-whatsapp" /> : null}
        {validatorUrl ? (
          <ExternalItem href={validatorUrl} icon={<ShieldCheckIcon />} label={t('sideMenu.licenceValidator')} testId="licence-validator" />
        ) : null}
      </div>
    </aside>
  );
}

function NavSection({ items, title, children }: { items: readonly NavItem[]; title?: string; children?: ReactNode }) {
  const { t } = useTranslation(['layout', 'games']);
  const { pathname, search } = useLocation();
  const { compact, close } = useSideMenu();
  return (
    <div className="side-menu__section">
      {title ? <p className="side-menu__title">{title}</p> : null}
      {items.map((item) => {
        const label = item.label(t);
        const active = isNavItemActive(item, pathname, search);
        return (
          <Link
            key={item.id}
            to={item.to}
            className={active ? 'rail-link side-menu__item is-active' : 'rail-link side-menu__item'}
            aria-current={active ? 'page' : undefined}
            title={label}
            onClick={compact ? close : undefined}
          >
            {item.icon}
            <span className="side-menu__label">{label}</span>
          </Link>
        );
      })}
      {children}
    </div>
  );
}

function ExternalItem({ href, icon, label, testId }: { href: string; icon: ReactNode; label: string; testId: string }) {
  return (
    <a className="rail-link side-menu__item" href={href} target="_blank" rel="noopener noreferrer" title={label} data-testid={testId}>
      {icon}
      <span className="side-menu__label">{label}</span>
    </a>
  );
}
