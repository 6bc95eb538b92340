import { useTranslation } from 'react-i18next';
import type { BootInfo } from '@app/contracts';
import { BanIcon, buttonClassName, HeadsetIcon } from '@app/ui';
import { StatusPage } from './status-page.tsx';

export function BlockedPage({ boot }: { boot: BootInfo }) {
  const { t } = useTranslation('system');
  const contact = boot.customerService[0];
  return (
    <StatusPage testId="blocked-page" icon={<BanIcon size={40} />} title={t('blockip')} siteName={boot.site.name}>
      <p className="status-page__text">{t('info_ip_block')}</p>
      <p className="status-page__ip">
        <span>{t('yourIp')}</span> <strong data-testid="blocked-ip">{boot.location.ip}</strong>
      </p>
      {contact ? (
        <a
          className={buttonClassName('accent')}
          href={contact.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="customer-service-button"
        >
          <HeadsetIcon />
          {t('customerService')}
        </a>
      ) : null}
    </StatusPage>
  );
}
