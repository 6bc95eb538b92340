import type { Settings } from '../system/index.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import type { SandboxPsp } from './providers/sandbox-psp.ts';

export type PaymentSettings = Settings['payments'];

/** What the payments services need from the rest of the system, injected by index.ts. */
export interface PaymentsDeps {
  provider: PaymentProvider;
  /** Present when the provider is the built-in sandbox and members may play its payer (never in production). */
  sandbox?: SandboxPsp;
  settings(): Promise<PaymentSettings>;
  identityOf(memberId: bigint): Promise<{ account: string; payeeName: string | null; cpf: string | null; hasPaymentPassword: boolean } | undefined>;
  checkLoginPassword(memberId: bigint, password: string): Promise<boolean>;
  checkPaymentPassword(memberId: bigint, pin: string): Promise<'ok' | 'missing' | 'wrong'>;
}
