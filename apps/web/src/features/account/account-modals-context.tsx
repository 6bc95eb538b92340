import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type AccountModal =
  | { kind: 'login' }
  | { kind: 'register'; referralCode: string | null }
  | { kind: 'forgot' }
  | { kind: 'feedback' }
  /** Forced after a login whose password expired (spec §4): it cannot be dismissed. */
  | { kind: 'changePassword' }
  /** From the e-mailed link /?resetToken=…; the token lives here, never in the address. */
  | { kind: 'resetPassword'; token: string }
  /** Spec §5: a trial account asked for something only registered players have. */
  | { kind: 'trialRefused' }
  /** Spec §5: money (deposit, withdrawal, real-money play) needs a complete 18+ identity. */
  | { kind: 'ageUnverified' };

interface AccountModalsValue {
  modal: AccountModal | null;
  open: (modal: AccountModal) => void;
  close: () => void;
}

const AccountModalsContext = createContext<AccountModalsValue | null>(null);

/** One account modal at a time: switching from login to register replaces it, not stacks it. */
export function AccountModalsProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AccountModal | null>(null);
  const value = useMemo<AccountModalsValue>(() => ({ modal, open: setModal, close: () => setModal(null) }), [modal]);
  return <AccountModalsContext.Provider value={value}>{children}</AccountModalsContext.Provider>;
}

export function useAccountModals(): AccountModalsValue {
  const value = useContext(AccountModalsContext);
  if (!value) throw new Error('useAccountModals must be used inside AccountModalsProvider');
  return value;
}
