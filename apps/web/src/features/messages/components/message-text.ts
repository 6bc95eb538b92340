import { useTranslation } from 'react-i18next';
import type { Message } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { formatBrl } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';

/**
 * What a message says in the member's language. System messages are stored as a template and its
 * parameters (docs/messages.md) and written here from `messages:system.<template>`; a feedback reply
 * is titled with its ticket's number; the others carry their own title and HTML.
 */
export function useMessageText(): (message: Message) => { title: string; html: string | null; plain: string | null } {
  const { t, i18n } = useTranslation('messages');
  const language = currentLanguage(i18n);
  return (message) => {
    if (message.template) {
      const params = message.params ?? {};
      const values = { ...params, ...(params.amount ? { amount: formatBrl(params.amount, intlLocaleOf(language)) } : {}) };
      return { title: t(`system.${message.template}.title`), html: null, plain: t(`system.${message.template}.body`, values) };
    }
    const title = message.kind === 'feedback' ? t('feedbackTitle', { number: message.title ?? '' }) : (message.title ?? '');
    return { title, html: message.bodyHtml ?? '', plain: null };
  };
}
