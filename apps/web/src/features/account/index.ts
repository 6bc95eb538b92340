/**
 * The account feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/account/ is internal to it.
 */
export { AccountModalsProvider, useAccountModals } from './account-modals-context.tsx';
export { accountKeys, loginRequest, logoutRequest, memberInfoQueryOptions, useSession } from './api/account.queries.ts';
export { displayNameOf, type LoginCredentials, type MemberInfo } from './api/account.types.ts';
export { registerSettingsQueryOptions } from './api/registration.queries.ts';
export { AccountEffects } from './components/account-effects.tsx';
export { AccountModalsHost } from './components/account-modals-host.tsx';
export { CaptchaBox } from './components/captcha-box.tsx';
export { useCaptcha } from './hooks/use-captcha.ts';
export { LanguageSync } from './components/language-sync.tsx';
export { LoginForm } from './components/login-form.tsx';
export { LogoutConfirm } from './components/logout-confirm.tsx';
export { RequireSession } from './components/require-session.tsx';
export { SecurityCenter } from './components/security/security-center.tsx';
export { WelcomeToast } from './components/welcome-toast.tsx';
export { clientFieldIssue, type FieldIssue, type FieldMessages, serverFieldIssues, toFieldMessages } from './field-problems.ts';
export { HandoffGate } from './handoff/handoff-gate.tsx';
export { rememberHandoff } from './handoff/handoff.ts';
export { useTrialGuard } from './hooks/use-trial-guard.ts';
export { isAgentType } from './member-types.ts';
export { createMemberRealtime } from './realtime/member-realtime.ts';
export { LoginRoute, RegisterRoute } from './routes/account-entry-routes.tsx';
