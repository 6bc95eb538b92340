import { isDebit, isZeroAmount, type WalletFormat } from '../hooks/use-wallet-format.ts';

/** A movement's amount: green with "+" when money came in, red with "−" when it left. */
export function SignedAmount({ amount, format, testId }: { amount: string; format: WalletFormat; testId?: string }) {
  const tone = isZeroAmount(amount) ? '' : isDebit(amount) ? ' amount--debit' : ' amount--credit';
  return (
    <span className={`amount${tone}`} data-testid={testId}>
      {format.signedMoney(amount)}
    </span>
  );
}
