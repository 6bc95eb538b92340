/**
 * The messages feature's public surface (.dependency-cruiser.cjs, web-feature-*): the member
 * centre's messageV2 tab, the unread badge and the /ws handler.
 */
export { MessagesBadge } from './components/messages-badge.tsx';
export { MessagesTab } from './components/messages-tab.tsx';
export { createMessagesRealtime } from './realtime/messages-realtime.ts';
