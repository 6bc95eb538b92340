import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button, ExternalIcon, LogoutIcon, Spinner, UserIcon } from '@app/ui';
import { useSession, displayNameOf, type MemberInfo, LogoutConfirm } from '../../account/index.ts';
import { memberTabPath } from '../../member/index.ts';
import { useBootInfo } from '../../system/index.ts';
import { LoadFailed } from '../../wallet/index.ts';
import { useContractFlags } from '../api/agent.queries.ts';
import { AgentClock } from '../components/agent-clock.tsx';
import { AgentFrame } from '../components/agent-frame.tsx';
import { ContractKindPage, RevenueReportPage } from '../contracts/index.ts';
import { agentPagePath, contractKindOf, DEFAULT_AGENT_PAGE, toAgentPage, visibleAgentPages, type AgentPage } from '../reports/agent-pages.ts';
import { AnnouncementsPage } from '../reports/announcements-page.tsx';
import { DownlineManagementPage } from '../reports/downline-management-page.tsx';
import { ProfitLossPage } from '../reports/profit-loss-page.tsx';
import { RegisterCenterPage } from '../reports/register-center-page.tsx';
import { TeamBetsPage } from '../reports/team-bets-page.tsx';
import { TeamOverviewPage } from '../reports/team-overview-page.tsx';
import { TeamTransactionsPage } from '../reports/team-transactions-page.tsx';
import { TransfersPage } from '../reports/transfers-page.tsx';

/** /agentHome: agents only; a visitor or a non-agent is sent to /agent (spec §2). */
export function AgentHomePage() {
  const { t } = useTranslation('agent');
  const session = useSession();
  if (!session.token) return <Navigate to="/agent" replace />;
  if (session.isResolving) return <Spinner label={t('home.loading')} layout="fullpage" />;
  if (!session.member || !session.isAgent) return <Navigate to="/agent" replace />;
  return <AgentCentre member={session.member} />;
}

function AgentCentre({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('agent');
  const boot = useBootInfo();
  const flags = useContractFlags();
  const [params] = useSearchParams();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const pages = visibleAgentPages(flags.data);
  const requested = toAgentPage(params.get('tab')) ?? DEFAULT_AGENT_PAGE;
  // A contract page waits for the flags; once they are known, a page the operator does not run is the overview.
  const waitingForFlags = contractKindOf(requested) !== undefined && flags.data === undefined;
  const active = waitingForFlags || pages.includes(requested) ? requested : DEFAULT_AGENT_PAGE;

  return (
    <AgentFrame
      title={t('title')}
      tools={
        <>
          <AgentClock timeZone={boot.timeZone} />
          <span className="agent-user" data-testid="agent-user">
            <UserIcon size={16} />
            {displayNameOf(member)}
          </span>
          <Button variant="outline" size="sm" onClick={() => setConfirmingLogout(true)} data-testid="logout-button">
            <LogoutIcon size={16} />
            <span className="agent-logout__label">{t('header.logout')}</span>
          </Button>
        </>
      }
    >
      <div className="agent-home" data-testid="agent-home">
        <AgentMenu pages={pages} active={active} customerService={boot.customerService[0]?.url ?? null} />
        <main className="agent-content">
          <h1 className="agent-content__title" data-testid="page-title">
            {t(`pages.${active}`)}
          </h1>
          {waitingForFlags ? (
            flags.isError ? (
              <LoadFailed error={flags.error} onRetry={() => void flags.refetch()} retrying={flags.isFetching} />
            ) : (
              <Spinner label={t('home.loading')} layout="block" />
            )
          ) : (
            <AgentPageContent page={active} />
          )}
        </main>
      </div>
      <LogoutConfirm open={confirmingLogout} onCancel={() => setConfirmingLogout(false)} redirectTo="/agent" />
    </AgentFrame>
  );
}

interface AgentMenuProps {
  pages: readonly AgentPage[];
  active: AgentPage;
  /** The operator's first customer-service contact; the entry is left out when none is set. */
  customerService: string | null;
}

/**
 * Spec §2 agent side menu: deposit and withdraw (the member's own pages), the centre's pages with
 * bonus after the account details (the member centre's bonus page), then platform messages (the
 * member centre's) and customer service: the operator's contact, or the help centre when none is
 * set. A column on wide screens, one scrolling row of tabs on phones.
 */
function AgentMenu({ pages, active, customerService }: AgentMenuProps) {
  const { t } = useTranslation('agent');
  const activeRef = useRef<HTMLAnchorElement>(null);

  // On phones the menu is one scrolling row: bring the selected page into view.
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <nav className="agent-menu" aria-label={t('home.menuLabel')} data-testid="agent-menu">
      <MenuLink to={memberTabPath('depositv2')} testId="agent-menu-deposit">
        {t('menu.deposit')}
      </MenuLink>
      <MenuLink to={memberTabPath('withdraw')} testId="agent-menu-withdraw">
        {t('menu.withdraw')}
      </MenuLink>
      {pages.map((page) => (
        <Fragment key={page}>
          <Link
            ref={page === active ? activeRef : undefined}
            to={agentPagePath(page)}
            replace
            className={page === active ? 'rail-link agent-menu__item is-active' : 'rail-link agent-menu__item'}
            aria-current={page === active ? 'page' : undefined}
            data-testid={`agent-menu-${page}`}
          >
            {t(`pages.${page}`)}
          </Link>
          {page === 'agentTransfers' ? (
            <MenuLink to={memberTabPath('bonusDetails')} testId="agent-menu-bonus">
              {t('menu.bonus')}
            </MenuLink>
          ) : null}
        </Fragment>
      ))}
      <MenuLink to={memberTabPath('messageV2')} testId="agent-menu-messages">
        {t('menu.messages')}
      </MenuLink>
      {customerService ? (
        <a className="rail-link agent-menu__item agent-menu__item--external" href={customerService} target="_blank" rel="noopener noreferrer" data-testid="agent-menu-customer-service">
          {t('menu.customerService')}
          <ExternalIcon size={14} />
        </a>
      ) : (
        <MenuLink to="/help" testId="agent-menu-customer-service">
          {t('menu.customerService')}
        </MenuLink>
      )}
    </nav>
  );
}

/** Deposit, withdraw, bonus and messages leave the agent layout for the member centre, where those pages live. */
function MenuLink({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Link to={to} className="rail-link agent-menu__item agent-menu__item--member" data-testid={testId}>
      {children}
    </Link>
  );
}

function AgentPageContent({ page }: { page: AgentPage }) {
  const kind = contractKindOf(page);
  if (kind) return <ContractKindPage kind={kind} />;
  switch (page) {
    case 'agentAnnouncement':
      return <AnnouncementsPage />;
    case 'registerCenter':
      return <RegisterCenterPage />;
    case 'downlineManagmentView':
      return <DownlineManagementPage />;
    case 'personalHistoryCopy':
      return <TeamBetsPage />;
    case 'palStatementsAgentCopy':
      return <ProfitLossPage />;
    case 'agentRevenueReport':
      return <RevenueReportPage />;
    case 'agentDownlineTransactionDetailsCopy':
      return <TeamTransactionsPage />;
    case 'agentTransfers':
      return <TransfersPage />;
    default:
      return <TeamOverviewPage />;
  }
}
