/**
 * Spec §7 CBS_launchChat: opens the built-in customer-service chat from anywhere in the site. The
 * support feature listens for this window event (its host is in the shell), so features it depends
 * on (account, system) can offer "contact customer service" without importing it.
 */
export const SUPPORT_LAUNCH_EVENT = 'support:launch';

export function launchSupportChat(): void {
  window.dispatchEvent(new Event(SUPPORT_LAUNCH_EVENT));
}
