import { useTranslation } from 'react-i18next';
import { NATIONAL_SELF_EXCLUSION_URL } from '@app/contracts';
import { useBootInfo } from '../../system/index.ts';

/** The national centralized self-exclusion service (gov.br), always shown: footer and security centre. */
export function SelfExclusionServiceLink({ className, testId = 'self-exclusion-service-link' }: { className?: string; testId?: string }) {
  const { t } = useTranslation('account');
  const boot = useBootInfo();
  const href = boot.site.selfExclusionServiceUrl ?? NATIONAL_SELF_EXCLUSION_URL;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} data-testid={testId}>
      {t('exclusion.nationalService')}
    </a>
  );
}
