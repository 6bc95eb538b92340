import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Mission } from '@app/contracts';
import { Button } from '@app/ui';
import { useMissionFormat } from './mission-format.ts';

interface MissionCardProps {
  mission: Mission;
  now: number;
  /** This mission's claim is on its way: the button waits. */
  claiming: boolean;
  onClaim: (mission: Mission) => void;
}

/**
 * One mission: what it counts, the progress bar (current of target, percent), the reward, and by
 * status the claim button (completed), when it was claimed, when it expired, or the time left.
 */
export function MissionCard({ mission, now, claiming, onClaim }: MissionCardProps) {
  const { t } = useTranslation('missions');
  const format = useMissionFormat();
  const { id, status } = mission;
  const goal = format.goal(mission);
  return (
    <li className={`mission-card mission-card--${status}`} data-testid={`mission-${id}`} data-status={status} data-kind={mission.kind}>
      <div className="mission-card__head">
        <strong className="mission-card__title">{mission.title}</strong>
        <span className={`mission-card__status mission-card__status--${status}`} data-testid={`mission-status-${id}`}>
          {t(`status.${status}`)}
        </span>
      </div>
      {mission.description ? <p className="mission-card__description">{mission.description}</p> : null}
      <div className="mission-card__goal">
        <span>{goal}</span>
        <span className="mission-card__figures" data-testid={`mission-progress-${id}`}>
          {t('progress', { current: format.figure(mission, mission.current), target: format.figure(mission, mission.target), percent: mission.percent })}
        </span>
      </div>
      <div className="mission-card__track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={mission.percent} aria-label={t('progressLabel', { what: goal })}>
        <span className="mission-card__bar" style={{ width: `${mission.percent}%` }} />
      </div>
      <div className="mission-card__foot">
        <span className="mission-card__reward" data-testid={`mission-reward-${id}`}>
          <span className="mission-card__reward-label">{t('reward.label')}:</span> {format.reward(mission.reward)}
        </span>
        <MissionState mission={mission} now={now} claiming={claiming} onClaim={onClaim} />
      </div>
    </li>
  );
}

function MissionState({ mission, now, claiming, onClaim }: MissionCardProps) {
  const { t } = useTranslation('missions');
  const format = useMissionFormat();
  const { id } = mission;
  switch (mission.status) {
    case 'completed':
      // Claimable until the period ends: the time left stays beside the button.
      return (
        <span className="mission-card__claim">
          <span className="mission-card__when" data-testid={`mission-when-${id}`}>
            {timeLeft(mission, now, t, format)}
          </span>
          <Button variant="accent" size="sm" onClick={() => onClaim(mission)} disabled={claiming} aria-busy={claiming} data-testid={`mission-claim-${id}`}>
            {claiming ? t('claiming') : t('claim')}
          </Button>
        </span>
      );
    case 'claimed':
      return (
        <span className="mission-card__when" data-testid={`mission-when-${id}`}>
          {t('claimedAt', { date: format.dateTime(mission.claimedAt ?? mission.endsAt) })}
        </span>
      );
    case 'expired':
      return (
        <span className="mission-card__when" data-testid={`mission-when-${id}`}>
          {t('expiredOn', { date: format.dateTime(mission.endsAt) })}
        </span>
      );
    case 'in_progress':
      return (
        <span className="mission-card__when" data-testid={`mission-when-${id}`}>
          {timeLeft(mission, now, t, format)}
        </span>
      );
  }
}

/** A one-off runs until a date; a daily or weekly one ends within days: its time left. */
function timeLeft(mission: Mission, now: number, t: TFunction<'missions'>, format: ReturnType<typeof useMissionFormat>): string {
  return mission.kind === 'one_off' ? t('endsOn', { date: format.day(mission.periodEnd) }) : t('endsIn', { time: format.timeLeft(mission.endsAt, now) });
}
