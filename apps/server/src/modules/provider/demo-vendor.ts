import type { Db } from '../../platform/db.ts';
import { ensureVendorSecret } from './provider.repository.ts';

/** The vendor a vendor's certification tests run against on a demo install. */
export const DEMO_VENDOR_CODE = 'DEMOVENDOR';
export const DEMO_VENDOR_GAME = 'demo-slot-1';

/**
 * Idempotent: registers DEMOVENDOR (seamless) with demo-slot-1 in the catalogue and its secret
 * here when missing; an existing secret (an operator may have rotated it) is kept.
 */
export async function seedDemoVendor(deps: {
  db: Db;
  secret: string;
  ensureSeamlessVendor: (input: { code: string; displayName: string; games: Array<{ gameCode: string; names: { en: string; pt?: string }; gameType: 'RNG'; demoSupported: boolean }> }) => Promise<boolean>;
}): Promise<boolean> {
  const catalogued = await deps.ensureSeamlessVendor({
    code: DEMO_VENDOR_CODE,
    displayName: 'Demo Vendor (Demo)',
    games: [{ gameCode: DEMO_VENDOR_GAME, names: { en: 'Demo Slot 1', pt: 'Slot Demo 1' }, gameType: 'RNG', demoSupported: true }],
  });
  const secret = await ensureVendorSecret(deps.db, DEMO_VENDOR_CODE, deps.secret);
  return catalogued || secret;
}
