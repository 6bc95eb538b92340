import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_GOALS, type Mission, type MissionReward } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useWalletFormat } from '../../wallet/index.ts';

/** Texts shared by the missions tab and the check-in panel: rewards, goal figures, the time left. */
export function useMissionFormat() {
  const { t, i18n } = useTranslation('missions');
  const format = useWalletFormat('R$');
  const locale = intlLocaleOf(currentLanguage(i18n));
  const reward = (value: MissionReward): string => {
    if (value.kind === 'points') return t('reward.points', { count: Number(value.amount), points: format.points(value.amount) });
    return value.wageringMultiple > 0 ? t('reward.bonusWagering', { amount: format.money(value.amount), multiple: value.wageringMultiple }) : t('reward.bonus', { amount: format.money(value.amount) });
  };
  const figure = (mission: Pick<Mission, 'goal'>, value: string): string => (MONEY_GOALS.includes(mission.goal) ? format.money(value) : format.points(value));
  const goal = (mission: Pick<Mission, 'goal' | 'productType'>): string => {
    const product = mission.productType ? t(`products.${mission.productType}`) : null;
    switch (mission.goal) {
      case 'valid_bet':
        return product ? t('goal.valid_bet_product', { product }) : t('goal.valid_bet');
      case 'games_played':
        return product ? t('goal.games_played_product', { product }) : t('goal.games_played');
      case 'deposits':
        return t('goal.deposits');
      case 'login_days':
        return t('goal.login_days');
    }
  };
  /** "5 h 12 min" until an instant (never negative). */
  const timeLeft = (endsAt: string, now: number): string => {
    const minutes = Math.max(0, Math.floor((Date.parse(endsAt) - now) / 60_000));
    if (minutes < 1) return t('duration.underMinute');
    if (minutes < 60) return t('duration.minutes', { minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return t('duration.hours', { hours, minutes: minutes % 60 });
    return t('duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
  };
  /** "Horário de Brasília" for America/Sao_Paulo; the zone's id where the browser has no name for it. */
  const zoneName = (timeZone: string): string => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    } catch {
      return timeZone;
    }
  };
  return { ...format, reward, figure, goal, timeLeft, zoneName };
}

/** The clock, ticking every `everyMs`, for countdowns. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
