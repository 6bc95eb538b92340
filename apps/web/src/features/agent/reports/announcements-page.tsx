import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon } from '@app/ui';
import { useSessionToken } from '../../../shared/session-token.ts';
import { RichText } from '../../content/index.ts';
import { EmptyState } from '../../wallet/index.ts';
import { agentAnnouncementsQueryOptions } from '../api/agent.queries.ts';
import { ReportBody, useAgentFormat } from './report-kit.tsx';

/** agentAnnouncement: the operator's notices to agents, newest first as the server sends them. */
export function AnnouncementsPage() {
  const { t } = useTranslation('agent');
  const token = useSessionToken();
  const announcements = useQuery(agentAnnouncementsQueryOptions(token));
  const format = useAgentFormat();

  return (
    <div className="wallet-page" data-testid="agent-announcements">
      <ReportBody query={announcements} testId="announcement-results">
        {({ list }) =>
          list.length === 0 ? (
            <section className="wallet-card">
              <EmptyState testId="announcements-empty" icon={<MegaphoneIcon size={22} />}>
                {t('announcements.empty')}
              </EmptyState>
            </section>
          ) : (
            list.map((item) => (
              <article key={item.id} className="wallet-card agent-announcement" data-testid="announcement">
                <header className="agent-announcement__head">
                  <h2 className="wallet-card__title">{item.title}</h2>
                  <time className="agent-announcement__time" dateTime={item.publishedAt}>
                    {format.dateTime(item.publishedAt)}
                  </time>
                </header>
                {/* Sanitised by the server when the operator saves it. */}
                <RichText html={item.html} className="agent-announcement__body" testId="announcement-body" />
              </article>
            ))
          )
        }
      </ReportBody>
    </div>
  );
}
