/**
 * Responsible-gaming limits (issue 27, docs/limits.md): the /limits page (linked from the security
 * centre) and the watch every page carries for a logged-in member: the login risk notice, the
 * reality check, the session-time limit's screen and the 80 % alerts.
 */
export { ResponsibleGamingWatch } from './components/rg-watch.tsx';
export const loadLimitsPage = () => import('./components/limits-page.tsx');
