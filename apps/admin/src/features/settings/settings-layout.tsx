import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorSettings } from '@app/contracts';
import type { AdminResources as Resources } from '../../shared/i18n-resources.ts';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { useSettings } from './settings.api.ts';
import './settings.css';

type SettingsPageName = keyof Resources['admin-settings']['pages'];

/** A settings page: its cards once the settings have loaded (each card saves its own key). */
export function SettingsLayout({ page, children }: { page: SettingsPageName; children: (settings: OperatorSettings) => ReactNode }) {
  const { t } = useTranslation('admin-settings');
  const query = useSettings();
  return (
    <Page title={t(`pages.${page}.title`)} testId={`settings-page-${page}`}>
      <p className="bo-muted st-intro">{t(`pages.${page}.intro`)}</p>
      <QueryState query={query}>{() => <div className="st-cards">{query.data ? children(query.data) : null}</div>}</QueryState>
    </Page>
  );
}
