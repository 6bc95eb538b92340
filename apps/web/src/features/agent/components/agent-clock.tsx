import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatClock, gmtOffsetLabel } from '../agent-time.ts';

/** Spec §2 agent header: GMT offset and a clock that ticks every second, in the operator's zone. */
export function AgentClock({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation('agent');
  const now = useNow(1000);
  return (
    <div className="agent-clock" aria-label={t('header.clock')}>
      <span className="agent-clock__offset" data-testid="agent-gmt">
        {gmtOffsetLabel(now, timeZone)}
      </span>
      <time className="agent-clock__time" dateTime={now.toISOString()} data-testid="agent-clock">
        {formatClock(now, timeZone, intlLocaleOf(currentLanguage(i18n)))}
      </time>
    </div>
  );
}
