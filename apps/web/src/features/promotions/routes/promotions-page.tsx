import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, GiftIcon, Spinner } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { usePromotions } from '../api/promotions.api.ts';
import { PromotionSection } from '../components/promotion-section.tsx';
import '../components/promotions.css';

/**
 * /promotions (spec §2): the promotion engine's promotions, each its own #<id> section so that a
 * banner or card can link to it, with the member's state and the action it allows (spec §4).
 */
export function PromotionsPage() {
  const { t } = useTranslation(['pages', 'content']);
  const { hash } = useLocation();
  const content = usePromotions();
  const promotions = content.data?.list ?? [];
  const hasPromotions = promotions.length > 0;

  // The shell scrolls to a #anchor only for a moment after navigating; on a cold load the
  // promotions may arrive later, so once they are drawn the anchor is looked for again.
  useEffect(() => {
    if (!hasPromotions || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hasPromotions, hash]);

  let body;
  if (content.isPending) body = <Spinner label={t('content:promotions.loading')} layout="block" />;
  else if (content.isError)
    body = (
      <div className="dashed-note promotions-state" role="alert">
        <p>{t('content:promotions.failed')}</p>
        <Button variant="outline" size="sm" onClick={() => void content.refetch()} disabled={content.isFetching}>
          {t('content:promotions.retry')}
        </Button>
      </div>
    );
  else if (!hasPromotions)
    body = (
      <p className="dashed-note promotions-state" data-testid="promotions-empty">
        {t('content:promotions.empty')}
      </p>
    );
  else
    body = (
      <div className="stack stack--gap-5" aria-label={t('content:promotions.pageLabel')} role="list">
        {promotions.map((promotion) => (
          <PromotionSection key={promotion.id} promotion={promotion} />
        ))}
      </div>
    );

  return (
    <div className="page promotions-page" data-testid="promotions-page">
      <PageHeader title={t('pages:promotions.title')} icon={<GiftIcon />} subtitle={t('pages:promotions.subtitle')} />
      {body}
    </div>
  );
}
