import { useTranslation } from 'react-i18next';
import { GiftIcon } from '@app/ui';
import { PlaceholderPage } from '../../../shared/components/page-header.tsx';

/** /promotions (an optional #<promotion id> anchor will scroll to a promotion once they exist). */
export function PromotionsPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('promotions.title')} icon={<GiftIcon />} subtitle={t('promotions.subtitle')} />;
}
