import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSION_KINDS, type Mission, type MissionKind } from '@app/contracts';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useClaimMission, useMarkMissionsSeen, useMissionSummary, useMissionUnread } from '../api/missions.api.ts';
import { MissionCard } from './mission-card.tsx';
import { MissionLeaderboard } from './mission-leaderboard.tsx';
import { useMissionFormat, useNow } from './mission-format.ts';
import './missions.css';

/**
 * The member centre's missionLeaderboard tab (spec §2 "missions"): daily tasks, weekly and special
 * (one-off) missions with their progress, the claim of a completed one, the expired ones, then the
 * mission leaderboard. Opening it clears the unread badge.
 */
export function MissionsTab() {
  const { t } = useTranslation('missions');
  const summary = useMissionSummary();
  const format = useMissionFormat();
  const now = useNow();
  const claim = useClaimMission();
  const errorMessage = useErrorMessage();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  // A second click before the first answer (even within one frame) claims nothing more.
  const inFlight = useRef(new Set<string>());
  const [claiming, setClaiming] = useState<ReadonlySet<string>>(new Set());

  const unread = useMissionUnread();
  const { mutate: markSeen } = useMarkMissionsSeen();
  const unseen = unread.data?.unseenClaimable ?? 0;
  useEffect(() => {
    if (unseen > 0) markSeen();
  }, [unseen, markSeen]);

  if (summary.isError && !summary.data) {
    return (
      <Alert tone="error" data-testid="missions-failed">
        {t('failed')} {errorMessage(summary.error)}{' '}
        <Button size="sm" variant="outline" onClick={() => void summary.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  if (!summary.data) return <Spinner label={t('loading')} layout="block" />;
  const { missions, timeZone } = summary.data;

  const onClaim = (mission: Mission) => {
    if (inFlight.current.has(mission.id)) return;
    inFlight.current.add(mission.id);
    setClaiming(new Set(inFlight.current));
    claim.mutate(mission.id, {
      onSuccess: (result) => setMessage(result.paid ? { tone: 'info', text: t('claimed', { reward: format.reward(result.mission.reward) }) } : { tone: 'info', text: t('alreadyClaimed') }),
      onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
      onSettled: () => {
        inFlight.current.delete(mission.id);
        setClaiming(new Set(inFlight.current));
      },
    });
  };

  const current = missions.filter((mission) => mission.status !== 'expired');
  const expired = missions.filter((mission) => mission.status === 'expired');
  const list = (items: readonly Mission[], testId: string) => (
    <ul className="mission-list" data-testid={testId}>
      {items.map((mission) => (
        <MissionCard key={`${mission.id}-${mission.periodStart}`} mission={mission} now={now} claiming={claiming.has(mission.id)} onClaim={onClaim} />
      ))}
    </ul>
  );

  return (
    <div className="missions stack stack--gap-4" data-testid="missions-tab">
      <p className="missions__intro">{t('intro', { zone: format.zoneName(timeZone) })}</p>
      {message ? (
        <Alert tone={message.tone} data-testid="mission-message">
          {message.text}
        </Alert>
      ) : null}
      {MISSION_KINDS.map((kind) => (
        <KindSection key={kind} kind={kind} missions={current.filter((mission) => mission.kind === kind)} list={list} />
      ))}
      {expired.length > 0 ? (
        <section className="stack stack--gap-2" aria-labelledby="missions-expired">
          <h3 id="missions-expired" className="missions__heading">
            {t('sections.expired')}
          </h3>
          {list(expired, 'missions-expired')}
        </section>
      ) : null}
      <MissionLeaderboard />
    </div>
  );
}

function KindSection({ kind, missions, list }: { kind: MissionKind; missions: Mission[]; list: (items: readonly Mission[], testId: string) => ReactNode }) {
  const { t } = useTranslation('missions');
  return (
    <section className="stack stack--gap-2" aria-labelledby={`missions-${kind}`} data-testid={`missions-section-${kind}`}>
      <h3 id={`missions-${kind}`} className="missions__heading">
        {t(`sections.${kind}`)}
      </h3>
      {missions.length === 0 ? <p className="missions__empty">{t(`empty.${kind}`)}</p> : list(missions, `missions-${kind}`)}
    </section>
  );
}
