import type { Game } from '@app/contracts';

/**
 * What the catalogue needs from a game vendor, as interfaces a real vendor's client implements.
 * The demo vendors are served by the built-in sandbox (sandbox-vendor.ts).
 */

export interface LaunchUrlRequest {
  vendor: string;
  game: Game;
  /** Single-use token the vendor redeems (provider API `authenticate`). */
  vendorToken: string;
  language: 'pt' | 'en';
  demo: boolean;
  walletMode: 'seamless' | 'transfer';
}

export interface GameLauncher {
  /** The URL the player's browser opens: absolute https for a real vendor, a same-origin path for the sandbox. */
  launchUrl(request: LaunchUrlRequest): Promise<string>;
}

/**
 * Transfer mode (spec: merchantWallet not single): the vendor keeps its own balance for the
 * player and we move money in and out. Both calls are idempotent on transferId, as a vendor's
 * transfer API is; a retry after a timeout must not move money twice.
 */
export interface TransferAdapter {
  deposit(request: { vendor: string; memberId: bigint; transferId: string; amount: bigint }): Promise<{ vendorBalance: bigint }>;
  /** Takes `amount`, or everything when it is undefined; answers what was moved. */
  withdraw(request: { vendor: string; memberId: bigint; transferId: string; amount?: bigint }): Promise<{ moved: bigint; vendorBalance: bigint }>;
  balance(request: { vendor: string; memberId: bigint }): Promise<bigint>;
}

/** Raised by an adapter when the vendor refuses a withdrawal for lack of funds on its side. */
export class VendorInsufficientFunds extends Error {
  constructor(readonly vendorBalance: bigint) {
    super('vendor balance too low');
  }
}
