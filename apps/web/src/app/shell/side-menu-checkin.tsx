import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, Modal, type IconProps } from '@app/ui';
import { useAccountModals, useSession } from '../../features/account/index.ts';
import { loadCheckInPanel } from '../../features/missions/index.ts';
import { withNamespaces } from '../../shared/i18n-namespaces.tsx';
import { lazyPage } from './lazy-page.tsx';
import { useSideMenu } from './side-menu-context.tsx';

const CalendarCheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18M9 15.5l2 2 4-4" />
  </Icon>
);

/** The panel's content is its own chunk (with the missions texts): the home page carries only this entry and the dialog. */
const CheckInPanel = lazyPage(() => loadCheckInPanel().then((m) => withNamespaces(m.CheckInPanel, ['missions'])));

/**
 * Spec §2 side menu: the sign-in check-in task. A member opens the check-in panel; a visitor is
 * asked to log in, and a trial account to register first (spec §5), like other member features.
 */
export function SideMenuCheckIn() {
  const { t } = useTranslation(['layout', 'common']);
  const { isLoggedIn, isTrial, isResolving } = useSession();
  const { open: openModal } = useAccountModals();
  const { compact, close } = useSideMenu();
  const [shown, setShown] = useState(false);
  const label = t('layout:sideMenu.checkIn');

  const onClick = () => {
    if (compact) close();
    // A stored session still being checked is a member's: the panel asks the server, which answers for it.
    if (!isLoggedIn && !isResolving) openModal({ kind: 'login' });
    else if (isTrial) openModal({ kind: 'trialRefused' });
    else setShown(true);
  };

  return (
    <>
      <button type="button" className="rail-link side-menu__item side-menu__button" title={label} onClick={onClick} aria-haspopup="dialog" data-testid="side-checkin">
        <CalendarCheckIcon />
        <span className="side-menu__label">{label}</span>
      </button>
      <Modal open={shown} onClose={() => setShown(false)} title={label} closeLabel={t('common:actions.close')} size="lg" testId="checkin-modal">
        <CheckInPanel />
      </Modal>
    </>
  );
}
