import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@app/ui';
import type { AdminScreen } from '../shared/screen.ts';
import { useSession } from '../shared/session.tsx';
import { ResetPage } from '../features/session/index.ts';
import { AdminShell } from './shell/admin-shell.tsx';
import { SCREENS } from './screens.ts';

function Loading() {
  const { t } = useTranslation('admin');
  return (
    <div className="bo-loading">
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/** A page the role may not open says so (the menu hides it; a typed address still lands here). */
function Guarded({ screen }: { screen: AdminScreen }) {
  const { t } = useTranslation('admin');
  const session = useSession();
  if (!session.can(screen.permission)) {
    return (
      <p className="bo-empty" data-testid="forbidden-page">
        {t('common.forbidden')}
      </p>
    );
  }
  const Component = screen.component;
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

/** The first page the role may open: the home screen, else the first menu entry. */
export function LandingRedirect() {
  const session = useSession();
  const allowed = SCREENS.filter((screen) => screen.menu && session.can(screen.permission));
  const landing = allowed.find((screen) => screen.home) ?? allowed[0];
  if (!landing) return <NoPermissions />;
  return <Navigate to={`/${landing.path}`} replace />;
}

function NoPermissions() {
  const { t } = useTranslation('admin');
  return (
    <p className="bo-empty" data-testid="no-permissions">
      {t('common.noPermissions')}
    </p>
  );
}

function NotFound() {
  const { t } = useTranslation('admin');
  return <p className="bo-empty">{t('common.notFound')}</p>;
}

export function adminRoutes(): RouteObject[] {
  return [
    // The one page without a session besides the login: an owner's password and two-factor reset link.
    { path: '/reset', element: <ResetPage /> },
    {
      path: '/',
      element: <AdminShell />,
      children: [
        { index: true, element: <LandingRedirect /> },
        ...SCREENS.map((screen) => ({ path: screen.path, element: <Guarded screen={screen} /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

export function createAdminRouter() {
  return createBrowserRouter(adminRoutes(), { basename: '/admin' });
}
