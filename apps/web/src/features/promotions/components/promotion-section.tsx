import type { PublicPromotion } from '@app/contracts';
import { RichText } from '../../content/index.ts';

/** One promotion teaser, anchored at its id (/promotions#<id>). */
export function PromotionSection({ promotion }: { promotion: PublicPromotion }) {
  const titleId = `promotion-${promotion.id}-title`;
  return (
    <section id={promotion.id} className="promotion" role="listitem" aria-labelledby={titleId} data-testid={`promotion-${promotion.id}`}>
      <img className="promotion__image" src={promotion.url} width={promotion.width} height={promotion.height} alt="" loading="lazy" decoding="async" />
      <div className="stack stack--gap-2">
        <h2 className="promotion__title" id={titleId}>
          {promotion.title}
        </h2>
        {promotion.summary ? <p className="promotion__summary">{promotion.summary}</p> : null}
        {promotion.html ? <RichText html={promotion.html} /> : null}
      </div>
    </section>
  );
}
