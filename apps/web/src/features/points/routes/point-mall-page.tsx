import { useTranslation } from 'react-i18next';
import { CoinsIcon } from '@app/ui';
import { PlaceholderPage } from '../../../shared/components/page-header.tsx';

export function PointMallPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('pointMall.title')} icon={<CoinsIcon />} subtitle={t('pointMall.subtitle')} />;
}
