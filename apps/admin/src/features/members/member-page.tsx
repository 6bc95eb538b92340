import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { OperatorPermission } from '@app/contracts';
import { Button, Tabs } from '@app/ui';
import { Badge } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { useSession } from '../../shared/session.tsx';
import { STATUS_TONE, typeKey } from './labels.ts';
import { AdjustmentRequestDialog, PasswordResetDialog, StatusDialog } from './member-dialogs.tsx';
import { BalancesTab, BetsTab, DepositsTab, LedgerTab, WithdrawalsTab } from './member-money.tsx';
import { NotesTab, ProfileTab, SessionsTab, UplineTab } from './member-tabs.tsx';
import { useMember } from './members.api.ts';
import './members.css';

const TABS = ['profile', 'balances', 'ledger', 'bets', 'deposits', 'withdrawals', 'sessions', 'upline', 'notes'] as const;
type Tab = (typeof TABS)[number];
/** What each tab needs beyond members.read (the server checks again). */
const TAB_PERMISSION: Partial<Record<Tab, OperatorPermission>> = { balances: 'members.wallet.read', ledger: 'members.wallet.read', deposits: 'payments.read', withdrawals: 'payments.read' };

/** The member page: who they are, their money, play and payments, sessions, upline, notes; and the operator's actions. */
export default function MemberPage() {
  const { t } = useTranslation(['admin-members', 'admin']);
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const query = useMember(id);
  const [dialog, setDialog] = useState<'lock' | 'unlock' | 'password' | 'adjust' | null>(null);
  const tabs = TABS.filter((tab) => session.can(TAB_PERMISSION[tab] ?? null));
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'profile';

  return (
    <QueryState query={query}>
      {() => {
        const member = query.data!;
        const actions = (
          <>
            {session.can('members.lock') && member.status !== 'closed' ? (
              member.status === 'locked' ? (
                <Button variant="outline" onClick={() => setDialog('unlock')} data-testid="member-unlock">
                  {t('actions.unlock')}
                </Button>
              ) : (
                <Button variant="outline" className="bo-members__danger" onClick={() => setDialog('lock')} data-testid="member-lock">
                  {t('actions.lock')}
                </Button>
              )
            ) : null}
            {session.can('members.password.reset') ? (
              <Button variant="outline" onClick={() => setDialog('password')} data-testid="member-reset-password">
                {t('actions.resetPassword')}
              </Button>
            ) : null}
            {session.can('balance.adjust.request') ? (
              <Button onClick={() => setDialog('adjust')} data-testid="member-adjust">
                {t('actions.adjust')}
              </Button>
            ) : null}
          </>
        );
        return (
          <Page title={member.account} actions={actions} testId="member-page">
            <p className="bo-members__crumbs">
              <Link to="/members">{t('search.back')}</Link>
            </p>
            <div className="bo-members__summary">
              <Badge tone={STATUS_TONE[member.status]} testId="member-status">
                {t(`status.${member.status}`)}
              </Badge>
              <span>{t(typeKey(member.type))}</span>
              {member.nickname !== member.account ? <span className="bo-muted">{member.nickname}</span> : null}
              {member.mustChangePassword ? <Badge tone="warn">{t('profile.mustChangePassword')}</Badge> : null}
              {member.status === 'locked' && member.statusReason ? <span className="bo-muted" data-testid="member-lock-reason">{t('profile.lockedBecause', { reason: member.statusReason })}</span> : null}
            </div>
            <div className="bo-members__tabs">
              <Tabs
                label={t('tabs.label')}
                value={tab}
                onChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}
                items={tabs.map((item) => ({ id: item, label: t(`tabs.${item}`), testId: `member-tab-${item}` }))}
              />
            </div>
            <div className="bo-members__panel" role="tabpanel">
              {tab === 'profile' ? <ProfileTab member={member} /> : null}
              {tab === 'balances' ? <BalancesTab member={member} /> : null}
              {tab === 'ledger' ? <LedgerTab member={member} /> : null}
              {tab === 'bets' ? <BetsTab member={member} /> : null}
              {tab === 'deposits' ? <DepositsTab member={member} /> : null}
              {tab === 'withdrawals' ? <WithdrawalsTab member={member} /> : null}
              {tab === 'sessions' ? <SessionsTab member={member} /> : null}
              {tab === 'upline' ? <UplineTab member={member} /> : null}
              {tab === 'notes' ? <NotesTab member={member} /> : null}
            </div>
            {dialog === 'lock' || dialog === 'unlock' ? <StatusDialog member={member} to={dialog} onClose={() => setDialog(null)} /> : null}
            {dialog === 'password' ? <PasswordResetDialog member={member} onClose={() => setDialog(null)} /> : null}
            {dialog === 'adjust' ? <AdjustmentRequestDialog member={member} onClose={() => setDialog(null)} /> : null}
          </Page>
        );
      }}
    </QueryState>
  );
}
