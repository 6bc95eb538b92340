import { useTranslation } from 'react-i18next';
import type { BootInfo } from '@app/contracts';
import { WrenchIcon } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { StatusPage } from './status-page.tsx';

export function MaintenancePage({ boot }: { boot: BootInfo }) {
  const { t, i18n } = useTranslation('system');
  const operatorMessage = boot.maintenanceMessage?.[currentLanguage(i18n)]?.trim();
  return (
    <StatusPage testId="maintenance-page" icon={<WrenchIcon size={40} />} title={t('game_maintenance')} siteName={boot.site.name}>
      <p className="status-page__text">{t('info_maintenance')}</p>
      {operatorMessage ? (
        <p className="status-page__note" data-testid="maintenance-message">
          {operatorMessage}
        </p>
      ) : null}
    </StatusPage>
  );
}
