import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointsItem } from '@app/contracts';
import { Button, GiftIcon, Spinner } from '@app/ui';
import { useSession } from '../../account/index.ts';
import { EmptyState, LoadFailed, useWalletFormat, type WalletFormat } from '../../wallet/index.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { pointsItemsQueryOptions } from '../api/points.api.ts';
import { RedeemDialog } from './redeem-dialog.tsx';

/** The mall's grid: each item with its points requirement, amount requirement, stock and limit. */
export function MallGrid() {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const language = currentLanguage(i18n);
  const { token } = useSession();
  const format = useWalletFormat('R$');
  const query = useQuery(pointsItemsQueryOptions(token, language));
  const [chosen, setChosen] = useState<PointsItem | null>(null);
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!query.data) return <Spinner label={t('common:loading')} layout="block" />;
  if (query.data.items.length === 0)
    return (
      <EmptyState testId="points-mall-empty" icon={<GiftIcon size={22} />}>
        {t('pages:pointMall.mall.empty')}
      </EmptyState>
    );
  return (
    <>
      <ul className="points-grid" data-testid="points-mall">
        {query.data.items.map((item) => (
          <ItemCard key={item.id} item={item} format={format} onRedeem={() => setChosen(item)} />
        ))}
      </ul>
      {chosen ? <RedeemDialog item={chosen} onClose={() => setChosen(null)} /> : null}
    </>
  );
}

function ItemCard({ item, format, onRedeem }: { item: PointsItem; format: WalletFormat; onRedeem: () => void }) {
  const { t } = useTranslation('pages');
  const soldOut = item.stock === 0;
  return (
    <li className="points-item" data-testid="points-item" data-item-id={item.id}>
      <div className="points-item__image">{item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" /> : <GiftIcon size={40} />}</div>
      <div className="points-item__body">
        <span className={`points-chip points-chip--${item.kind}`}>{t(`pointMall.kinds.${item.kind}`)}</span>
        <h3 className="points-item__name" data-testid="points-item-name">
          {item.name}
        </h3>
        {item.description ? <p className="points-item__text">{item.description}</p> : null}
        {item.kind !== 'physical' ? <p className="points-item__value">{t('pointMall.mall.value', { amount: format.money(item.value) })}</p> : null}
        <p className="points-item__cost" data-testid="points-item-cost">
          {t('pointMall.mall.cost', { points: format.points(item.pointsCost) })}
        </p>
        <dl className="points-item__facts">
          <dt>{t('pointMall.mall.stock')}</dt>
          <dd data-testid="points-item-stock">{item.stock === null ? t('pointMall.mall.unlimited') : item.stock}</dd>
          <dt>{t('pointMall.mall.limit')}</dt>
          <dd>{item.perMemberLimit === null ? t('pointMall.mall.noLimit') : t('pointMall.mall.limitValue', { redeemed: item.redeemed, limit: item.perMemberLimit })}</dd>
          {item.requirementKind !== 'none' ? (
            <>
              <dt>{t(`pointMall.mall.requirement.${item.requirementKind}`)}</dt>
              <dd data-testid="points-item-requirement">{t('pointMall.mall.requirementProgress', { done: format.money(item.requirementDone), required: format.money(item.requirementAmount) })}</dd>
            </>
          ) : null}
        </dl>
        <Button variant="accent" disabled={item.available < 1} onClick={onRedeem} data-testid="points-item-redeem">
          {soldOut ? t('pointMall.mall.soldOut') : !item.requirementMet ? t('pointMall.mall.requirementMissing') : item.available < 1 ? t('pointMall.mall.unavailable') : t('pointMall.mall.redeem')}
        </Button>
      </div>
    </li>
  );
}
