import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button, LogoutIcon, Spinner, UserIcon } from '@app/ui';
import { useSession } from '../../account/api/account.queries.ts';
import { displayNameOf, type MemberInfo } from '../../account/api/account.types.ts';
import { LogoutConfirm } from '../../account/components/logout-confirm.tsx';
import { useBootInfo } from '../../system/api/system.queries.ts';
import { NotAvailableYet } from '../../../shared/components/not-available-yet.tsx';
import { AgentClock } from '../components/agent-clock.tsx';
import { AgentFrame } from '../components/agent-frame.tsx';

/** Spec §2 agent centre pages; the dividend and salary pages join when their contracts exist. */
const AGENT_PAGES = [
  'agentTeamOverview',
  'agentAnnouncement',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
] as const;
type AgentPage = (typeof AGENT_PAGES)[number];

function toPage(value: string | null): AgentPage {
  return AGENT_PAGES.find((page) => page === value) ?? 'agentTeamOverview';
}

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
  const [params] = useSearchParams();
  const active = toPage(params.get('tab'));
  const [confirmingLogout, setConfirmingLogout] = useState(false);

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
        <nav className="agent-menu" aria-label={t('home.menuLabel')}>
          {AGENT_PAGES.map((page) => (
            <Link
              key={page}
              to={`/agentHome?tab=${page}`}
              replace
              className={page === active ? 'agent-menu__item is-active' : 'agent-menu__item'}
              aria-current={page === active ? 'page' : undefined}
            >
              {t(`pages.${page}`)}
            </Link>
          ))}
        </nav>
        <main className="agent-content">
          <h1 className="agent-content__title" data-testid="page-title">
            {t(`pages.${active}`)}
          </h1>
          <NotAvailableYet />
        </main>
      </div>
      <LogoutConfirm open={confirmingLogout} onCancel={() => setConfirmingLogout(false)} redirectTo="/agent" />
    </AgentFrame>
  );
}
