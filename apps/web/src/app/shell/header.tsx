import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, LogoMark, MenuIcon, Spinner } from '@app/ui';
import { useSession, useAccountModals, LogoutConfirm } from '../../features/account/index.ts';
import { useBootInfo } from '../../features/system/index.ts';
import { LanguageSelect } from '../../shared/components/language-select.tsx';
import { ThemeToggle } from '../../shared/components/theme-toggle.tsx';
import { HeaderAccount } from './header-account.tsx';
import { MainNav } from './main-nav.tsx';
import { useSideMenu } from './side-menu-context.tsx';
import './header.css';

export function Header() {
  const { t } = useTranslation('layout');
  const boot = useBootInfo();
  const session = useSession();
  const { open: openModal } = useAccountModals();
  const { open, toggle } = useSideMenu();
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  return (
    <header className="app-header" data-testid="header">
      <div className="app-header__row">
        <Button
          variant="ghost"
          icon
          aria-label={open ? t('sideMenu.collapse') : t('sideMenu.expand')}
          aria-expanded={open}
          aria-controls="side-menu"
          data-testid="side-menu-toggle"
          onClick={toggle}
        >
          <MenuIcon />
        </Button>
        <Link to="/" className="brand" aria-label={boot.site.name}>
          <LogoMark />
          <span className="brand__name">{boot.site.name}</span>
        </Link>
        <div className="app-header__spacer" />
        <div className="app-header__actions">
          {session.member ? (
            <HeaderAccount
              member={session.member}
              isAgent={session.isAgent}
              refreshing={session.isRefreshing}
              onRefresh={session.refresh}
              onLogout={() => setConfirmingLogout(true)}
            />
          ) : session.isResolving ? (
            <Spinner label={t('account.loading')} size={22} />
          ) : (
            <>
              <Button variant="outline" size="sm" onClick={() => openModal({ kind: 'login' })} data-testid="login-button">
                {t('account.login')}
              </Button>
              <Button
                variant="accent"
                size="sm"
                onClick={() => openModal({ kind: 'register', referralCode: null })}
                data-testid="register-button"
              >
                {t('account.register')}
              </Button>
            </>
          )}
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </div>
      <MainNav />
      <LogoutConfirm open={confirmingLogout} onCancel={() => setConfirmingLogout(false)} redirectTo="/" />
    </header>
  );
}
