import { VendorSecretPayloadSchema, VendorWalletModePayloadSchema, WalletModeSchema } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { ApprovalActor, ApprovalKindHandler } from '../../platform/approval-kinds.ts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { notifyCatalogueChanged } from './catalogue-events.ts';
import { lockVendor, updateVendorRow, vendorFundsHeld } from './catalogue.admin-repository.ts';
import type { AuditWriter, ProviderVendorAccess } from './catalogue.admin-service.ts';

export const WALLET_MODE_KIND = 'catalogue.vendor_wallet_mode';
export const VENDOR_SECRET_KIND = 'catalogue.vendor_secret';

interface Deps {
  db: Db;
  audit: AuditWriter;
  provider: ProviderVendorAccess;
  serverSignedVendors: ReadonlySet<string>;
  catalogueChanged: () => void;
}

async function lockedVendor(tx: DbExecutor, code: string) {
  const vendor = await lockVendor(tx, code);
  if (!vendor) throw new AppError('catalogue.vendor_not_found', 'no such vendor');
  return vendor;
}

/**
 * The catalogue's maker-checker kinds (the back office stores and decides them): a vendor's
 * wallet mode and its provider-API secret. Both are checked when proposed and again when
 * approved, since the vendor may have changed in between (money arrived at the vendor, say).
 */
export function catalogueApprovalKinds(deps: Deps) {
  const managedByServer = (vendor: { code: string; is_demo: boolean }) => vendor.is_demo || deps.serverSignedVendors.has(vendor.code);

  /** The wallet mode does not change while any member holds money at the vendor: that money could no longer come back. */
  async function assertNoFundsHeld(executor: DbExecutor, code: string) {
    const held = await vendorFundsHeld(executor, code);
    if (held.members > 0) {
      throw new AppError('catalogue.vendor_funds_held', `${held.members} member(s) hold ${formatCents(held.total)} at ${code}; bring it back to the main wallet first`, { members: held.members, total: formatCents(held.total) });
    }
  }

  const walletMode: ApprovalKindHandler = {
    kind: WALLET_MODE_KIND,
    permission: 'catalogue.integration',
    async prepare(input) {
      const { vendor: code, walletMode: to } = input as { vendor: string; walletMode: unknown };
      const mode = WalletModeSchema.parse(to);
      return deps.db.transaction().execute(async (tx) => {
        const vendor = await lockedVendor(tx, code);
        if (vendor.wallet_mode === mode) throw new AppError('catalogue.wallet_mode_unchanged', `${code} already uses ${mode}`);
        await assertNoFundsHeld(tx, code);
        return { target: code, payload: { vendor: code, vendorName: vendor.display_name, from: vendor.wallet_mode, to: mode } };
      });
    },
    async apply(tx, payload, actor: ApprovalActor) {
      const { vendor: code, from, to } = VendorWalletModePayloadSchema.parse(payload);
      const vendor = await lockedVendor(tx, code);
      if (vendor.wallet_mode !== from) throw new AppError('catalogue.wallet_mode_unchanged', `${code} uses ${vendor.wallet_mode} now, not ${from}`);
      await assertNoFundsHeld(tx, code);
      await updateVendorRow(tx, code, { wallet_mode: to });
      await deps.audit(tx, { operatorId: actor.id, action: 'catalogue.vendor.update', targetType: 'catalogue_vendor', targetId: code, details: { before: { wallet_mode: from }, after: { wallet_mode: to }, approval: true }, ip: actor.ip });
      await notifyCatalogueChanged(tx);
      return { result: { vendor: code, walletMode: to }, afterCommit: deps.catalogueChanged };
    },
  };

  const secret: ApprovalKindHandler = {
    kind: VENDOR_SECRET_KIND,
    permission: 'catalogue.integration',
    async prepare(input) {
      const { vendor: code } = input as { vendor: string };
      const vendor = await lockedVendor(deps.db, code);
      if (managedByServer(vendor)) throw new AppError('catalogue.vendor_managed_by_server', 'the server signs this vendor’s calls itself');
      return { target: code, payload: { vendor: code, vendorName: vendor.display_name } };
    },
    /** A new provider-API secret, answered once to the approver; the old one stops working on commit. */
    async apply(tx, payload, actor) {
      const { vendor: code } = VendorSecretPayloadSchema.parse(payload);
      const vendor = await lockedVendor(tx, code);
      if (managedByServer(vendor)) throw new AppError('catalogue.vendor_managed_by_server', 'the server signs this vendor’s calls itself');
      const before = (await deps.provider.describe(tx, [code])).get(code);
      const rotated = await deps.provider.rotateSecret(tx, code);
      await deps.audit(tx, {
        operatorId: actor.id,
        action: 'catalogue.vendor.secret_rotate',
        targetType: 'catalogue_vendor',
        targetId: code,
        // Never the secret itself: only that there was one, and when.
        details: { before: { hasSecret: before !== undefined, rotatedAt: before?.rotatedAt?.toISOString() ?? null }, after: { hasSecret: true, rotatedAt: rotated.rotatedAt.toISOString() }, approval: true },
        ip: actor.ip,
      });
      return { result: { vendor: code, rotatedAt: rotated.rotatedAt.toISOString() }, once: { secret: rotated.secret, rotatedAt: rotated.rotatedAt.toISOString() }, afterCommit: () => deps.provider.forget(code) };
    },
  };

  return [walletMode, secret];
}
