import { useState } from 'react';
import { useSession, useAccountModals } from '../../account/index.ts';
import { useSiteContent } from '../api/content.queries.ts';
import { selectAnnouncements } from '../announcement-rules.ts';
import { isFirstLogin, isPopupClosed, markExecutionsClosed, markPopupClosed, readClosedExecutions } from '../announcement-storage.ts';
import { AnnouncementModal } from './announcement-modal.tsx';
import { PopupModal } from './popup-modal.tsx';

/**
 * The shell's announcement and pop-up modals (spec §2 modals, §4 announcement popup). They wait
 * while an account modal is open (login, forced password change) and while a token's member is
 * still loading, so a member never sees the visitors' announcements. Pop-ups come after the
 * announcements, once per session.
 */
export function ContentPopups() {
  const content = useSiteContent();
  const { token, isLoggedIn, isTrial } = useSession();
  const { modal } = useAccountModals();
  // Closing writes sessionStorage; this re-renders so the next kind (or the pop-ups) is read.
  const [, setClosedCount] = useState(0);
  const afterClose = () => setClosedCount((count) => count + 1);

  if (!content || modal !== null || (token !== null && !isLoggedIn)) return null;

  // First-login announcements tell a new member how to withdraw (PIX key, payment password): a
  // trial account can do neither, so it never gets them.
  const selection = selectAnnouncements(content.announcements, { isMember: isLoggedIn, isFirstLogin: isFirstLogin() && !isTrial, closed: readClosedExecutions() });
  if (selection.items.length > 0) {
    return (
      <AnnouncementModal
        key={selection.executions.join()}
        items={selection.items}
        onClose={() => {
          markExecutionsClosed(selection.executions);
          afterClose();
        }}
      />
    );
  }
  if (content.popups.length > 0 && !isPopupClosed()) {
    return (
      <PopupModal
        popups={content.popups}
        onClose={() => {
          markPopupClosed();
          afterClose();
        }}
      />
    );
  }
  return null;
}

