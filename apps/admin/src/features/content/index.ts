/**
 * The content feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/content/ is internal to it.
 */
export { type FieldErrors, issuesToErrors, serverFieldErrors } from './form-issues.ts';
export { formErrors, issuesResolver, type FormCheck } from './issues-resolver.ts';
export { contentScreens } from './screens.tsx';
