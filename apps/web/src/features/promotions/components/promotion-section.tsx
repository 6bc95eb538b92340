import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isGamePromotionType, type PlayerPromotion } from '@app/contracts';
import { Alert, Button, buttonClassName, formatDate } from '@app/ui';
import { intlLocaleOf } from '@app/i18n';
import { formatMoney } from '../../../shared/format/money.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useAccountModals } from '../../account/index.ts';
import { RichText, useContentLanguage } from '../../content/index.ts';
import { useGrab, useJoin } from '../api/promotions.api.ts';
import { ApplicationForm } from './application-form.tsx';
import { EnvelopeOpening } from './envelope-opening.tsx';
import { GamePanel } from './game-panel.tsx';

/** The reward centre (member-centre tab rewardCenter). */
export const REWARD_CENTRE_PATH = '/member?tab=rewardCenter';

/** One promotion, anchored at its id (/promotions#<id>), with the member's state and the action it allows (spec §4). */
export function PromotionSection({ promotion }: { promotion: PlayerPromotion }) {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const titleId = `promotion-${promotion.id}-title`;
  const money = (amount: string) => `R$ ${formatMoney(amount, language)}`;
  const reward = promotion.reward;
  const match = promotion.depositMatch;
  const rewardLine = match
    ? [t(match.firstDepositOnly ? 'promotions.reward.matchFirst' : 'promotions.reward.matchEvery', { percent: match.percent, amount: money(reward.amount) }), ...(reward.kind === 'bonus' ? [t('promotions.reward.bonusTerms', { multiple: reward.wageringMultiple, days: reward.expiryDays })] : [])].join(' · ')
    : reward.kind === 'cash'
      ? t('promotions.reward.cash', { amount: money(reward.amount) })
      : t('promotions.reward.bonus', { amount: money(reward.amount), multiple: reward.wageringMultiple, days: reward.expiryDays });
  const period =
    promotion.state === 'coming_soon'
      ? t('promotions.period.starts', { date: formatDate(promotion.startsAt, intlLocaleOf(language)) })
      : promotion.endsAt
        ? t('promotions.period.until', { date: formatDate(promotion.endsAt, intlLocaleOf(language)) })
        : t('promotions.period.open');
  return (
    <section
      id={promotion.id}
      className={promotion.imageUrl ? 'promotion' : 'promotion promotion--no-image'}
      role="listitem"
      aria-labelledby={titleId}
      data-testid={`promotion-${promotion.id}`}
      data-state={promotion.state ?? 'visitor'}
    >
      {/* Without an image the text (and a game's board) takes the whole card rather than sit beside an empty box. */}
      {promotion.imageUrl && <img className="promotion__image" src={promotion.imageUrl} width={800} height={450} alt="" loading="lazy" decoding="async" />}
      <div className="stack stack--gap-2">
        <div className="promotion__head">
          <h2 className="promotion__title" id={titleId}>
            {promotion.title}
          </h2>
          {promotion.state && !(isGamePromotionType(promotion.type) && (promotion.state === 'claimed' || promotion.state === 'issued')) ? (
            <span className={`promotion__state promotion__state--${promotion.state}`} data-testid={`promotion-${promotion.id}-state`}>
              {t(`promotions.state.${promotion.state}`)}
            </span>
          ) : null}
        </div>
        {promotion.summary ? <p className="promotion__summary">{promotion.summary}</p> : null}
        <p className="promotion__facts">
          {isGamePromotionType(promotion.type) ? null : <strong>{rewardLine}</strong>}
          {isGamePromotionType(promotion.type) ? null : ' · '}
          <span>{period}</span>
        </p>
        {promotion.html ? <RichText html={promotion.html} /> : null}
        {isGamePromotionType(promotion.type) ? <GamePanel promotion={promotion} /> : <PromotionAction promotion={promotion} />}
      </div>
    </section>
  );
}

function PromotionAction({ promotion }: { promotion: PlayerPromotion }) {
  const { t } = useTranslation('content');
  const { open } = useAccountModals();
  const join = useJoin();
  const grab = useGrab();
  const errorMessage = useErrorMessage();
  const testId = `promotion-${promotion.id}-action`;
  switch (promotion.state) {
    case null:
      return (
        <div>
          <Button variant="accent" onClick={() => open({ kind: 'login' })} data-testid={testId}>
            {t('promotions.action.login')}
          </Button>
        </div>
      );
    case 'join':
    case 'rejected':
      if (promotion.type === 'application') {
        return (
          <div className="stack stack--gap-2">
            {promotion.state === 'rejected' ? <Alert tone="error">{t('promotions.application.rejected', { reason: promotion.reason ?? '' })}</Alert> : null}
            <ApplicationForm promotion={promotion} />
          </div>
        );
      }
      if (promotion.type === 'red_envelope') {
        return (
          <div className="stack stack--gap-2">
            {grab.isError ? <Alert tone="error">{errorMessage(grab.error)}</Alert> : null}
            <div>
              <Button variant="accent" onClick={() => grab.mutate(promotion.id)} disabled={grab.isPending} data-testid={testId}>
                {t('promotions.action.grab')}
              </Button>
            </div>
          </div>
        );
      }
      return (
        <div className="stack stack--gap-2">
          {join.isError ? <Alert tone="error">{errorMessage(join.error)}</Alert> : null}
          <div>
            <Button variant="accent" onClick={() => join.mutate(promotion.id)} disabled={join.isPending} data-testid={testId}>
              {t('promotions.action.join')}
            </Button>
          </div>
        </div>
      );
    case 'applying':
      return <Alert tone="info">{t('promotions.application.reviewing')}</Alert>;
    case 'issued':
      return (
        <div className="stack stack--gap-2">
          <p className="promotion__note">{t('promotions.notes.issued')}</p>
          <div>
            <Link className={buttonClassName('accent')} to={REWARD_CENTRE_PATH} data-testid={testId}>
              {t('promotions.action.toRewards')}
            </Link>
          </div>
        </div>
      );
    default:
      if (grab.data) return <EnvelopeOpening amount={grab.data.amount} />;
      return <p className="promotion__note">{t(`promotions.notes.${promotion.state}`)}</p>;
  }
}
