import { useAccountModals } from '../account-modals-context.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';
import { ForgotPasswordModal } from './forgot/forgot-password-modal.tsx';
import { LoginModal } from './login-modal.tsx';
import { FeedbackModal } from './pending-feature-modals.tsx';
import { RegisterModal } from './register/register-modal.tsx';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { TrialRefusedDialog } from './trial-refused-dialog.tsx';
import { AgeUnverifiedDialog, useAgeRefusalWatcher } from './age-unverified-dialog.tsx';
import './account-forms.css';

export function AccountModalsHost() {
  const { modal } = useAccountModals();
  useAgeRefusalWatcher();
  switch (modal?.kind) {
    case 'login':
      return <LoginModal />;
    case 'register':
      return <RegisterModal referralCode={modal.referralCode} />;
    case 'forgot':
      return <ForgotPasswordModal />;
    case 'feedback':
      return <FeedbackModal />;
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
