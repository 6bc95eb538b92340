/**
 * The customer-service chat's public surface (.dependency-cruiser.cjs, web-feature-*): the entry
 * points the shell places (side menu, right-edge icon, footer, member pages), the modal's host and
 * the realtime handler for the tab's /ws connection.
 */
export { SupportEdgeButton, SupportFooterLink, SupportMenuItem, SupportModalHost, openSupportChat } from './components/support-entry.tsx';
export { createSupportRealtime } from './realtime/support-realtime.ts';
