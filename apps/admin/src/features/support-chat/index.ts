/**
 * The customer-service chat console's public surface: what app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/support-chat/ is internal to it.
 */
export { supportChatScreens } from './screens.tsx';
