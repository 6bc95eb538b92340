/**
 * The platform messages console's public surface: what app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/messages/ is internal to it.
 */
export { messagesScreens } from './screens.tsx';
