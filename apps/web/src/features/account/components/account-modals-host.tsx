import { lazy, Suspense } from 'react';
import { useAccountModals } from '../account-modals-context.tsx';
import { TrialRefusedDialog } from './trial-refused-dialog.tsx';
import { AgeUnverifiedDialog, useAgeRefusalWatcher } from './age-unverified-dialog.tsx';
import './account-forms.css';

// Opened by a click, never by the first paint: kept out of the home page's script (its 250 KB
// budget) and fetched when asked for. The login modal too since its form runs on react-hook-form
// (14 KB gzip that the first paint does not need); its chunk is a few KB and arrives on the click.
const LoginModal = lazy(() => import('./login-modal.tsx').then((module) => ({ default: module.LoginModal })));
const RegisterModal = lazy(() => import('./register/register-modal.tsx').then((module) => ({ default: module.RegisterModal })));
const ForgotPasswordModal = lazy(() => import('./forgot/forgot-password-modal.tsx').then((module) => ({ default: module.ForgotPasswordModal })));
const ChangePasswordModal = lazy(() => import('./change-password-modal.tsx').then((module) => ({ default: module.ChangePasswordModal })));
const ResetPasswordModal = lazy(() => import('./reset-password-modal.tsx').then((module) => ({ default: module.ResetPasswordModal })));

export function AccountModalsHost() {
  return (
    <Suspense fallback={null}>
      <OpenModal />
    </Suspense>
  );
}

function OpenModal() {
  const { modal } = useAccountModals();
  useAgeRefusalWatcher();
  switch (modal?.kind) {
    case 'login':
      return <LoginModal />;
    case 'register':
      return <RegisterModal referralCode={modal.referralCode} />;
    case 'forgot':
      return <ForgotPasswordModal />;
    // The feedback modal is the feedback feature's (app/shell renders it: account may not import it).
    case 'changePassword':
      return <ChangePasswordModal />;
    case 'resetPassword':
      return <ResetPasswordModal token={modal.token} />;
    case 'trialRefused':
      return <TrialRefusedDialog />;
    case 'ageUnverified':
      return <AgeUnverifiedDialog />;
    default:
      return null;
  }
}
