import { useCallback, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, LANGUAGE_LABELS, resolveLanguage, type Language } from '@app/i18n';
import { Button, Spinner } from '@app/ui';
import { switchLanguage } from '../../shared/i18n.ts';
import { CONSOLE_NAMESPACES } from '../../shared/i18n-resources.ts';
import { useIdleLogout } from '../../shared/idle-logout.ts';
import { MENU_GROUPS } from '../../shared/screen.ts';
import { useSession } from '../../shared/session.tsx';
import { SecurityAlertsBanner } from '../../features/audit/index.ts';
import { ChangePasswordPage, LoginPage } from '../../features/session/index.ts';
import { SCREENS } from '../screens.ts';

/**
 * The console's frame: login until there is a session, the forced password change, then the side
 * menu (only what the role may open), the operator and language bar, and the page.
 */
export function AdminShell() {
  const session = useSession();
  const { t } = useTranslation('admin');
  if (session.loading) {
    return (
      <div className="bo-loading bo-loading--full">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (!session.operator) return <LoginPage />;
  if (session.mustChangePassword) return <ChangePasswordPage />;
  return <SignedInShell />;
}

function SignedInShell() {
  // Every console namespace, 'admin' first: the menu shows labels of every area.
  const { t, i18n } = useTranslation(CONSOLE_NAMESPACES);
  const session = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(location.pathname);
  const idle = useCallback(() => session.signOut('idle'), [session]);
  useIdleLogout(idle);
  // Following a link closes the phone menu.
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const operator = session.operator;
  if (!operator) return null;
  const entries = SCREENS.filter((screen) => screen.menu && session.can(screen.permission));
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  return (
    <div className={`bo-shell${menuOpen ? ' bo-shell--menu-open' : ''}`}>
      <header className="bo-topbar">
        <button type="button" className="bo-topbar__menu" aria-expanded={menuOpen} aria-controls="bo-menu" onClick={() => setMenuOpen(!menuOpen)} data-testid="menu-toggle">
          <span aria-hidden="true">☰</span>
          <span className="ui-visually-hidden">{t('shell.menu')}</span>
        </button>
        <span className="bo-topbar__brand">{t('shell.title')}</span>
        <span className="bo-topbar__operator" data-testid="operator-name">
          {operator.displayName} · {t(`roles.${operator.role}`)}
        </span>
        <select className="bo-topbar__language" aria-label={t('shell.language')} value={language} onChange={(event) => void switchLanguage(i18n, event.target.value as Language)} data-testid="language-select">
          {SUPPORTED_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_LABELS[code]}
            </option>
          ))}
        </select>
        <Button size="sm" variant="outline" onClick={() => session.signOut('logout')} data-testid="logout">
          {t('shell.logout')}
        </Button>
      </header>
      <nav id="bo-menu" className="bo-menu" aria-label={t('shell.menu')}>
        {MENU_GROUPS.map((group) => {
          const items = entries.filter((screen) => screen.menu?.group === group);
          if (items.length === 0) return null;
          return (
            <div key={group} className="bo-menu__group">
              <p className="bo-menu__heading">{t(`menu.${group}`)}</p>
              {items.map((screen) => (
                <NavLink key={screen.path} to={`/${screen.path}`} className="bo-menu__link" data-testid={`menu-${screen.path.replaceAll('/', '-')}`}>
                  {screen.menu ? t(screen.menu.label) : null}
                </NavLink>
              ))}
            </div>
          );
        })}
      </nav>
      <main className="bo-main">
        <SecurityAlertsBanner />
        <Outlet />
      </main>
    </div>
  );
}
