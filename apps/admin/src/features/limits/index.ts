/**
 * Responsible-gaming limits in the console (issue 27): a member's limits, pending changes and
 * history by account (rg.read). Everything else in features/limits/ is internal to it.
 */
export { limitsScreens } from './screens.tsx';
