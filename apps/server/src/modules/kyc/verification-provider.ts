import { randomUUID } from 'node:crypto';
import type { KycDocumentType, KycFileType, KycSlot } from '@app/contracts';

/**
 * A verification provider (document check, face match and liveness, brazil-compliance §2.2):
 * given the submission's files, it answers approve, reject or review (an operator decides).
 * A real bureau is an adapter of this interface; the built-in sandbox never decides alone.
 */
export interface VerificationProvider {
  readonly code: string;
  check(submission: { verificationId: bigint; memberId: bigint; documentType: KycDocumentType; files: { slot: KycSlot; contentType: KycFileType; bytes: Buffer }[] }): Promise<{ decision: 'approve' | 'reject' | 'review'; reference: string }>;
}

/**
 * The sandbox: every submission "needs review" (it cannot read a document or a face), so each one
 * reaches the console's queue and an operator decides. Never approves or refuses on its own, in
 * development or anywhere else: the journey to test is the operator's review.
 */
export function createSandboxVerificationProvider(): VerificationProvider {
  return {
    code: 'sandbox',
    async check() {
      return { decision: 'review', reference: `sandbox-${randomUUID()}` };
    },
  };
}
