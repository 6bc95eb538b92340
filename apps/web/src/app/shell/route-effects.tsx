import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { hideLoading, useLoadingVisible } from '../../shared/loading.ts';

const HASH_SCROLL_TRIES = 40;

/**
 * Spec §2: every route change resets scroll to the top and hides the loading spinner; an anchor
 * hash scrolls to its element. Lazy pages render after the route changes, so the hash target is
 * looked for on each frame for a short while.
 */
export function RouteEffects() {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    hideLoading();
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (!hash || hash.length < 2) return;
    let id = '';
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    let tries = 0;
    let frame = 0;
    const find = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
      } else if (tries++ < HASH_SCROLL_TRIES) {
        frame = window.requestAnimationFrame(find);
      }
    };
    find();
    return () => window.cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return (
    <>
      <Outlet />
      <LoadingOverlay />
    </>
  );
}

function LoadingOverlay() {
  const { t } = useTranslation('common');
  const visible = useLoadingVisible();
  return visible ? <Spinner label={t('loading')} layout="fullpage" /> : null;
}
