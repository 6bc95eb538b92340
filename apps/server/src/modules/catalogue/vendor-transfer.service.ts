import { AppError, formatCents, isAppError, parseCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { HOUSE, type Journal, type WalletApi } from '../wallet/index.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.ts';
import type { VendorRow } from './catalogue.repository.ts';
import { VendorInsufficientFunds, type TransferAdapter } from './vendor-adapters.ts';

/**
 * Transfer mode: money moves between the main wallet (pocket cash) and the vendor's wallet, whose
 * ledger mirror is the member's pocket vendor:<code>. In: the ledger first, then the vendor (undone
 * if the vendor fails). Out: the vendor first, then the ledger. Both are keyed by the caller's
 * request id on both sides, so a retry never moves money twice.
 */
export function createVendorTransferService(deps: { db: Db; wallet: WalletApi; snapshot: CatalogueSnapshot; adapterFor: (vendor: VendorRow) => TransferAdapter | undefined; logger: Logger }) {
  async function transferVendor(code: string) {
    const snapshot = await deps.snapshot.get();
    // Ledger pockets name vendors in lower case (vendor:<code>), so either spelling is accepted.
    const vendor = snapshot.vendorByCode.get(code) ?? snapshot.vendors.find((entry) => entry.code.toLowerCase() === code.toLowerCase());
    if (!vendor || !vendor.enabled) throw new AppError('catalogue.vendor_not_found', 'no such vendor');
    const adapter = deps.adapterFor(vendor);
    if (vendor.wallet_mode !== 'transfer' || !adapter) throw new AppError('catalogue.not_transfer_vendor', 'the vendor uses the main wallet');
    return { vendor, adapter, pocket: `vendor:${vendor.code.toLowerCase()}` as const };
  }

  function amountOf(text: string | undefined): bigint | undefined {
    if (text === undefined) return undefined;
    const cents = parseCents(text);
    if (cents === undefined || cents <= 0n) throw new AppError('wallet.amount_invalid', 'amount must be positive with at most two decimals');
    return cents;
  }

  async function pocketBalance(memberId: bigint, pocket: string): Promise<bigint> {
    const pockets = await deps.wallet.vendorPocketsOf(memberId);
    return pockets.find((entry) => `vendor:${entry.vendor}` === pocket)?.balance ?? 0n;
  }

  /** Main wallet → vendor. Without an amount: the vendor's configured amount, capped by the cash, or all the cash. */
  async function transferIn(memberId: bigint, code: string, amountText: string | undefined, requestId: string) {
    const { vendor, adapter, pocket } = await transferVendor(code);
    const cash = await deps.wallet.cashOf(memberId);
    const asked = amountOf(amountText);
    const amount = asked ?? (vendor.transfer_amount !== null && vendor.transfer_amount < cash ? vendor.transfer_amount : cash);
    if (amount === 0n) return { vendor: vendor.code, moved: '0.00', cash: formatCents(cash), vendorBalance: formatCents(await adapter.balance({ vendor: vendor.code, memberId })) };
    const key = `vendor_in:${vendor.code}:${memberId}:${requestId}`;
    const posted = await deps.wallet.postOrThrow(deps.db, {
      key,
      type: 'vendor_transfer_in',
      vendor: vendor.code,
      reference: requestId,
      legs: [
        { member: memberId, pocket: 'cash', amount: -amount },
        { member: memberId, pocket, amount },
      ],
    });
    if (posted.original === 'reversed') throw new AppError('catalogue.vendor_unavailable', 'this transfer was undone earlier');
    try {
      const { vendorBalance } = await adapter.deposit({ vendor: vendor.code, memberId, transferId: key, amount });
      return { vendor: vendor.code, moved: formatCents(amount), cash: formatCents(await deps.wallet.cashOf(memberId)), vendorBalance: formatCents(vendorBalance) };
    } catch (error) {
      deps.logger.warn({ err: error, vendor: vendor.code, key }, 'vendor refused a transfer in; undoing it');
      await deps.wallet.postOrThrow(deps.db, { key: `${key}:undo`, reverses: key, reversedType: 'vendor_transfer_in', member: memberId });
      throw new AppError('catalogue.vendor_unavailable', 'the vendor did not accept the transfer');
    }
  }

  /**
   * Vendor → main wallet. Without an amount everything comes back and the pocket is settled: what
   * the player won or lost at the vendor is the vendor's game revenue.
   */
  async function transferOut(memberId: bigint, code: string, amountText: string | undefined, requestId: string) {
    const { vendor, adapter, pocket } = await transferVendor(code);
    const asked = amountOf(amountText);
    const key = `vendor_out:${vendor.code}:${memberId}:${requestId}`;
    let outcome: { moved: bigint; vendorBalance: bigint };
    try {
      outcome = await adapter.withdraw({ vendor: vendor.code, memberId, transferId: key, amount: asked });
    } catch (error) {
      if (error instanceof VendorInsufficientFunds) throw new AppError('wallet.insufficient_funds', 'the vendor balance is lower', { balance: formatCents(error.vendorBalance) });
      deps.logger.warn({ err: error, vendor: vendor.code, key }, 'vendor refused a transfer out');
      throw new AppError('catalogue.vendor_unavailable', 'the vendor did not answer');
    }
    const held = await pocketBalance(memberId, pocket);
    const fromPocket = asked === undefined ? held : outcome.moved < held ? outcome.moved : held;
    if (outcome.moved > 0n || fromPocket > 0n) {
      await postOnce(deps.db, deps.wallet, {
        key,
        type: 'vendor_transfer_out',
        vendor: vendor.code,
        reference: requestId,
        legs: [
          { member: memberId, pocket: 'cash', amount: outcome.moved },
          { member: memberId, pocket, amount: -fromPocket },
          { house: HOUSE.gameRevenue(vendor.code.toLowerCase()), amount: fromPocket - outcome.moved },
        ],
      });
    }
    return { vendor: vendor.code, moved: formatCents(outcome.moved), cash: formatCents(await deps.wallet.cashOf(memberId)), vendorBalance: formatCents(outcome.vendorBalance) };
  }

  return { transferIn, transferOut };
}

/**
 * A replayed transfer out finds the pocket already settled, so its legs differ from the first
 * post under the same key; the key (member, vendor, request id) already proves it is the same
 * transfer, so the conflict means "done before".
 */
async function postOnce(db: Db, wallet: WalletApi, journal: Journal) {
  try {
    await wallet.postOrThrow(db, journal);
  } catch (error) {
    if (!(isAppError(error) && error.code === 'wallet.idempotency_conflict')) throw error;
  }
}

export type VendorTransferService = ReturnType<typeof createVendorTransferService>;
