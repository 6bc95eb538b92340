import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../shared/components/count-badge.tsx';
import { useMessageUnread } from '../api/messages.api.ts';

/** Unread platform messages (spec §2): on the member centre's messageV2 tab and in the user menu. */
export function MessagesBadge({ testId = 'messages-badge' }: { testId?: string }) {
  const { t } = useTranslation('layout');
  const count = useMessageUnread().data?.unread ?? 0;
  return <CountBadge count={count} label={t('messagesBadge', { count })} testId={testId} />;
}
