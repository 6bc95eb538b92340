import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '@app/i18n';
import { updateMemberLanguage, useSession } from '../api/account.queries.ts';
import { getToken } from '../../../shared/session-token.ts';
import { showLanguage } from '../../../shared/i18n.ts';

/**
 * Spec §4: a language change is also sent to the server when a member is logged in; and the
 * language the server remembers for the member is applied when they log in, so the choice
 * follows them from one device to another.
 */
export function LanguageSync() {
  const { i18n } = useTranslation();
  const { member } = useSession();
  const appliedFor = useRef<string | null>(null);

  useEffect(() => {
    const onChange = (language: string) => {
      if (!getToken()) return;
      // Best effort: the interface has already switched; the server copy is for messages and e-mails.
      updateMemberLanguage(resolveLanguage(language)).catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);

  useEffect(() => {
    if (!member) {
      appliedFor.current = null;
      return;
    }
    // Once per login: afterwards the member's own choice on this page wins.
    if (appliedFor.current === member.id) return;
    appliedFor.current = member.id;
    if (member.language && member.language !== resolveLanguage(i18n.language)) void showLanguage(i18n, member.language);
  }, [member, i18n]);

  return null;
}
