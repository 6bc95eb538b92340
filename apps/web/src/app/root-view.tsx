import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { SYSTEM_STATUS } from '@app/contracts';
import { Spinner } from '@app/ui';
import { LanguageSync, HandoffGate } from '../features/account/index.ts';
import { loadAnalytics, bootQueryOptions, BlockedPage, BootErrorPage, MaintenancePage } from '../features/system/index.ts';
import { createAppRouter, type AppRouter } from './router.tsx';
import { useRealtime } from './use-realtime.ts';

/**
 * Spec §2/§4 boot: load the system info, then analytics, then the app. The view follows the
 * system status live: 0 the app, 1 maintenance, 2 region blocked.
 */
export function RootView({ createRouter = createAppRouter }: { createRouter?: () => AppRouter }) {
  return (
    <>
      <LanguageSync />
      <HandoffGate>
        <RootContent createRouter={createRouter} />
      </HandoffGate>
    </>
  );
}

function RootContent({ createRouter }: { createRouter: () => AppRouter }) {
  const { t } = useTranslation('common');
  // Created here, above the status switch, so a maintenance interlude keeps the address and history.
  const [router] = useState(createRouter);
  const boot = useQuery(bootQueryOptions());
  useRealtime();

  const gtagId = boot.data?.analytics.gtagId ?? null;
  useEffect(() => {
    loadAnalytics(gtagId);
  }, [gtagId]);

  const siteName = boot.data?.site.name;
  useEffect(() => {
    if (siteName) document.title = siteName;
  }, [siteName]);

  if (boot.data) {
    switch (boot.data.status) {
      case SYSTEM_STATUS.MAINTENANCE:
        return <MaintenancePage boot={boot.data} />;
      case SYSTEM_STATUS.REGION_BLOCKED:
        return <BlockedPage boot={boot.data} />;
      default:
        return <RouterProvider router={router} />;
    }
  }
  if (boot.isError) {
    return <BootErrorPage error={boot.error} retrying={boot.isFetching} onRetry={() => void boot.refetch()} />;
  }
  return <Spinner label={t('loading')} layout="fullpage" />;
}
