import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKIN_DAYS, type CheckinState } from '@app/contracts';
import { Alert, Button, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useCheckIn, useCheckinState } from '../api/missions.api.ts';
import { useMissionFormat } from './mission-format.ts';
import './missions.css';

type DayState = 'done' | 'today' | 'upcoming';

/**
 * Where each of the seven days stands. Today is the streak day today's check-in counts as (day 7
 * from the 8th day on, which pays day 7's reward); the days before it in the streak are done.
 */
export function dayStates(state: Pick<CheckinState, 'checkedInToday' | 'streak' | 'nextDay'>): DayState[] {
  const today = state.checkedInToday ? Math.min(Math.max(state.streak, 1), CHECKIN_DAYS) : Math.min(state.nextDay, CHECKIN_DAYS);
  return Array.from({ length: CHECKIN_DAYS }, (_, index) => {
    const day = index + 1;
    if (day < today) return 'done';
    if (day === today) return state.checkedInToday ? 'done' : 'today';
    return 'upcoming';
  });
}

/**
 * The side menu's sign-in check-in task (spec §1, §2): the seven days and their rewards, today's,
 * the streak and one check-in a day. The server pays it once even on a double click.
 */
export function CheckInPanel() {
  const { t } = useTranslation('missions');
  const state = useCheckinState();
  const checkIn = useCheckIn();
  const format = useMissionFormat();
  const errorMessage = useErrorMessage();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const sending = useRef(false);

  if (state.isError && !state.data) return <Alert tone="error">{`${t('checkin.failed')} ${errorMessage(state.error)}`}</Alert>;
  if (!state.data) return <Spinner label={t('checkin.loading')} layout="block" />;
  const data = state.data;
  if (!data.enabled || data.rewards.length === 0) {
    return (
      <Alert tone="info" data-testid="checkin-disabled">
        {t('checkin.disabled')}
      </Alert>
    );
  }

  const states = dayStates(data);
  const rewardOf = (day: number) => data.rewards.find((row) => row.day === day)?.reward ?? null;
  const onCheckIn = () => {
    if (sending.current) return;
    sending.current = true;
    checkIn.mutate(undefined, {
      onSuccess: (result) => setMessage({ tone: 'info', text: result.checkedIn ? t('checkin.success', { day: result.streakDay, reward: format.reward(result.reward) }) : t('checkin.already') }),
      onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <div className="checkin stack stack--gap-3" data-testid="checkin-panel" data-checked-in={data.checkedInToday}>
      <p className="checkin__streak" data-testid="checkin-streak">
        {t('checkin.streak', { count: data.streak })}
      </p>
      <ol className="checkin__days">
        {states.map((dayState, index) => {
          const day = index + 1;
          const reward = rewardOf(day);
          const rewardText = reward ? format.reward(reward) : '—';
          return (
            <li key={day} className={`checkin-day checkin-day--${dayState}`} data-testid={`checkin-day-${day}`} data-state={dayState} aria-label={t('checkin.dayLabel', { day, reward: rewardText, state: t(`checkin.dayState.${dayState}`) })}>
              <span className="checkin-day__name">{dayState === 'today' ? t('checkin.today') : t('checkin.day', { day })}</span>
              <span className="checkin-day__mark" aria-hidden="true">
                {dayState === 'done' ? '✓' : day}
              </span>
              {reward ? (
                <span className="checkin-day__reward" title={rewardText}>
                  <strong className="checkin-day__figure">{reward.kind === 'points' ? format.points(reward.amount) : format.money(reward.amount)}</strong>
                  <span className="checkin-day__unit">{reward.kind === 'points' ? t('checkin.unitPoints', { count: Number(reward.amount) }) : t('checkin.unitBonus')}</span>
                  {reward.kind === 'bonus' && reward.wageringMultiple > 0 ? <span className="checkin-day__unit">{t('checkin.wagering', { multiple: reward.wageringMultiple })}</span> : null}
                </span>
              ) : (
                <span className="checkin-day__reward">—</span>
              )}
            </li>
          );
        })}
      </ol>
      {message ? (
        <Alert tone={message.tone} data-testid="checkin-message">
          {message.text}
        </Alert>
      ) : null}
      {data.checkedInToday ? (
        <p className="checkin__note" data-testid="checkin-done-note">
          {t('checkin.comeBack', { day: Math.min(data.streak + 1, CHECKIN_DAYS + 1) })}
        </p>
      ) : data.nextReward ? (
        <p className="checkin__note" data-testid="checkin-today-note">
          {t('checkin.todayReward', { day: data.nextDay, reward: format.reward(data.nextReward) })}
        </p>
      ) : null}
      <Button variant="accent" block onClick={onCheckIn} disabled={data.checkedInToday || checkIn.isPending} aria-busy={checkIn.isPending} data-testid="checkin-submit">
        {data.checkedInToday ? t('checkin.doneToday') : checkIn.isPending ? t('checkin.checking') : t('checkin.button')}
      </Button>
      <p className="checkin__rule">{t('checkin.rule')}</p>
    </div>
  );
}
