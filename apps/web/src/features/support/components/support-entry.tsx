import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon, MessageIcon } from '@app/ui';
import { withNamespaces } from '../../../shared/i18n-namespaces.tsx';
import { SUPPORT_LAUNCH_EVENT } from '../../../shared/support-launch.ts';
import { supportStore, useSupportState } from '../support-store.ts';
import './support-entry.css';

/** Opens the built-in chat (spec §7 CBS_launchChat); any entry point may call it. */
export const openSupportChat = () => supportStore.openChat();

// The modal's code and texts arrive when it is first opened.
const SupportModal = lazy(() => import('./support-modal.tsx').then((m) => ({ default: withNamespaces(m.SupportModal, ['support']) })));

/** Mounted once in the shell: the chat room modal while it is open. */
export function SupportModalHost({ fallback = null }: { fallback?: ReactNode }) {
  const { open } = useSupportState();
  // "Contact customer service" elsewhere in the site (shared/support-launch.ts) opens the chat.
  useEffect(() => {
    window.addEventListener(SUPPORT_LAUNCH_EVENT, openSupportChat);
    return () => window.removeEventListener(SUPPORT_LAUNCH_EVENT, openSupportChat);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={fallback}>
      <SupportModal />
    </Suspense>
  );
}

/** Spec §2 right-edge bar: the live-chat icon, with a dot when an operator answered while the chat was closed. */
export function SupportEdgeButton() {
  const { t } = useTranslation('layout');
  const { unread } = useSupportState();
  const label = t('sideMenu.customerService');
  return (
    <button type="button" className="support-edge" aria-label={label} title={label} onClick={openSupportChat} data-testid="edge-live-chat" data-unread={unread || undefined}>
      <MessageIcon />
      {unread ? <span className="support-edge__dot" data-testid="edge-live-chat-unread" aria-hidden="true" /> : null}
    </button>
  );
}

/** The side menu's customer-service item: the built-in chat. */
export function SupportMenuItem({ onFollow }: { onFollow?: (() => void) | undefined }) {
  const { t } = useTranslation('layout');
  const label = t('sideMenu.customerService');
  return (
    <button
      type="button"
      className="rail-link side-menu__item"
      title={label}
      onClick={() => {
        onFollow?.();
        openSupportChat();
      }}
      data-testid="side-customer-service"
    >
      <HeadsetIcon />
      <span className="side-menu__label">{label}</span>
    </button>
  );
}

/** The footer's customer-service link: the built-in chat. */
export function SupportFooterLink() {
  const { t } = useTranslation('layout');
  return (
    <button type="button" className="link-button" onClick={openSupportChat} data-testid="footer-customer-service">
      {t('footer.customerService')}
    </button>
  );
}
