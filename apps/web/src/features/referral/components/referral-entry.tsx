import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GiftIcon } from '@app/ui';
import { useReferralState } from '../referral.api.ts';
import './referral-entry.css';

const INVITE_PATH = '/member?tab=referral';

/**
 * Spec §2 side menu "invite friends": shown only while the referral programme is enabled
 * (availablePromo REFERRAL.enabled). Its text is the layout's, which every page ships with.
 */
export function ReferralMenuEntry({ onFollow }: { onFollow?: () => void }) {
  const { t } = useTranslation('layout');
  const enabled = useReferralState().data?.enabled === true;
  if (!enabled) return null;
  const label = t('sideMenu.inviteFriends');
  return (
    <Link to={INVITE_PATH} className="rail-link side-menu__item" title={label} onClick={onFollow} data-testid="side-invite-friends">
      <GiftIcon />
      <span className="side-menu__label">{label}</span>
    </Link>
  );
}

/** Spec §2 right-edge bar: the referral icon, on the same condition. */
export function ReferralEdgeLink() {
  const { t } = useTranslation('layout');
  const enabled = useReferralState().data?.enabled === true;
  if (!enabled) return null;
  const label = t('sideMenu.inviteFriends');
  return (
    <Link to={INVITE_PATH} className="referral-edge" aria-label={label} title={label} data-testid="edge-referral">
      <GiftIcon />
    </Link>
  );
}
