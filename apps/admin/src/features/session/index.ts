/**
 * The session feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/session/ is internal to it.
 */
export { ChangePasswordPage } from './change-password-page.tsx';
export { LoginPage } from './login-page.tsx';
export { ResetPage } from './reset-page.tsx';
