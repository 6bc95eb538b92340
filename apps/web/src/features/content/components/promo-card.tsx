import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicPromotion } from '@app/contracts';

/**
 * A promotion teaser: picture, title, summary, and the way to its section on /promotions.
 * The cards in view on arrival (`eager`) load their picture at once: they are the home page's
 * largest paint, and a lazy image would wait for layout before it is even requested.
 */
export function PromoCard({ promotion, eager = false }: { promotion: PublicPromotion; eager?: boolean }) {
  const { t } = useTranslation('content');
  return (
    <Link to={`/promotions#${promotion.id}`} className="promo-card" data-testid="promo-card" data-promotion-id={promotion.id}>
      <img className="promo-card__image" src={promotion.url} width={promotion.width} height={promotion.height} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" />
      <span className="promo-card__body">
        <span className="promo-card__title">{promotion.title}</span>
        {promotion.summary ? <span className="promo-card__summary">{promotion.summary}</span> : null}
        <span className="promo-card__more">{t('promotions.details')}</span>
      </span>
    </Link>
  );
}
