import { useEffect, useRef, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, UserIcon } from '@app/ui';
import { useSession, useAccountModals, SecurityCenter } from '../../account/index.ts';
import { BettingRecord } from '../../betting/index.ts';
import { BonusDetails } from '../../bonus/index.ts';
import { useVipState, VipPage } from '../../vip/index.ts';
import { DepositPanel, WithdrawPanel } from '../../payments/index.ts';
import { PersonalProfit, TransactionHistory, UplineTransfer, WalletOverview } from '../../wallet/index.ts';
import { RewardBadge, RewardCentre } from '../../promotions/index.ts';
import { MissionsBadge, MissionsTab } from '../../missions/index.ts';
import { MessagesBadge, MessagesTab } from '../../messages/index.ts';
import { ReferralTab } from '../../referral/index.ts';
import { MEMBER_TABS, type MemberTab } from '../member-tabs.ts';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { NotAvailableYet } from '../../../shared/components/not-available-yet.tsx';
import './member-page.css';

const DEFAULT_TAB: MemberTab = 'securityCenter';

function toTab(value: string | null): MemberTab {
  return MEMBER_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;
}

/** The tabs built so far; every other tab says plainly that it is not available yet. */
const TAB_PANELS: Partial<Record<MemberTab, () => JSX.Element>> = {
  securityCenter: SecurityCenter,
  transferFund: WalletOverview,
  depositv2: DepositPanel,
  withdraw: WithdrawPanel,
  transferUpline: UplineTransfer,
  personalHistoryCopy: BettingRecord,
  transactionHistory: TransactionHistory,
  personalProfit: PersonalProfit,
  bonusDetails: BonusDetails,
  vip: VipPage,
  rewardCenter: RewardCentre,
  referral: ReferralTab,
  missionLeaderboard: MissionsTab,
  messageV2: MessagesTab,
};

/** /member?tab=<page>: account and wallet pages are here; the others arrive in later issues. */
export function MemberPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const active = toTab(params.get('tab'));
  const activeRef = useRef<HTMLAnchorElement>(null);
  const { isTrial } = useSession();
  const { open } = useAccountModals();
  // Spec §6: VIP info shows when hasVip is set (the operator defined levels above the base one).
  const hasVip = useVipState().data?.hasVip === true;
  const tabs = MEMBER_TABS.filter((tab) => tab !== 'vip' || hasVip || tab === active);

  // Spec §5: a trial account reaching the member area is asked to register first.
  useEffect(() => {
    if (isTrial) open({ kind: 'trialRefused' });
  }, [isTrial, active, open]);

  // On phones the tabs are one scrolling row: bring the selected one into view.
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <div className="page">
      <PageHeader title={t('member.title')} icon={<UserIcon />} subtitle={t('member.subtitle')} />
      <div className="member-centre">
        <nav className="member-centre__tabs" aria-label={t('member.tabsLabel')}>
          {tabs.map((tab) => (
            <Link
              key={tab}
              ref={tab === active ? activeRef : undefined}
              to={`/member?tab=${tab}`}
              replace
              className={tab === active ? 'rail-link member-centre__tab is-active' : 'rail-link member-centre__tab'}
              aria-current={tab === active ? 'page' : undefined}
            >
              {t(`member.tabs.${tab}`)}
              {tab === 'rewardCenter' ? <RewardBadge /> : null}
              {tab === 'missionLeaderboard' ? <MissionsBadge /> : null}
              {tab === 'messageV2' ? <MessagesBadge testId="messages-tab-badge" /> : null}
            </Link>
          ))}
        </nav>
        <section className="stack" aria-labelledby="member-panel-title">
          <h2 id="member-panel-title" className="member-centre__panel-title" data-testid="member-tab-title">
            {t(`member.tabs.${active}`)}
          </h2>
          {isTrial ? <TrialNotice /> : <TabPanel tab={active} />}
        </section>
      </div>
    </div>
  );
}

function TabPanel({ tab }: { tab: MemberTab }) {
  const Panel = TAB_PANELS[tab];
  return Panel ? <Panel /> : <NotAvailableYet />;
}

function TrialNotice() {
  const { t } = useTranslation('account');
  const { open } = useAccountModals();
  return (
    <div className="account-form-stack" data-testid="trial-notice">
      <Alert tone="info">{t('trial.notice')}</Alert>
      <div>
        <Button variant="accent" onClick={() => open({ kind: 'register', referralCode: null })}>
          {t('trial.register')}
        </Button>
      </div>
    </div>
  );
}
