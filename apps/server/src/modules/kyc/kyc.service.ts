import { createHash } from 'node:crypto';
import { kycSlotsFor, type KycDecision, type KycDocumentType, type KycSlot, type KycState, type KycStatus } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { DocumentType } from '../../platform/http/uploaded-image.ts';
import type { Logger } from '../../platform/logger.ts';
import type { KycPorts } from './kyc.ports.ts';
import * as repo from './kyc.repository.ts';
import type { VerificationProvider } from './verification-provider.ts';

export interface KycActor {
  id: bigint;
  ip: string | null;
}

/** Control characters (C0, DEL, C1), bidi and zero-width marks, and characters of markup or shells. */
function isUnsafeNameCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  if ((code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  return '<>:"|?*`$'.includes(char);
}

/**
 * The browser's file name, kept for the operator only: the last path segment, control and
 * markup characters removed, at most 120 characters; never used for the type or to store it.
 */
export function cleanFileName(raw: string | undefined, type: DocumentType): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base.normalize('NFC')]
    .filter((char) => !isUnsafeNameCharacter(char))
    .join('')
    .replace(/^\.+/, '')
    .trim();
  // Cut by code points, never inside a surrogate pair (an emoji name stays valid UTF-8).
  if (cleaned.length > 0) return [...cleaned].slice(0, 120).join('').trim();
  return type === 'application/pdf' ? 'documento.pdf' : type === 'image/png' ? 'imagem.png' : 'imagem.jpg';
}

/**
 * KYC (issue 27, docs/kyc.md): the member's state (unverified → pending → verified | rejected, and
 * from rejected a new submission), the files, the provider's check and the operator's decision.
 */
export function createKycService(deps: { db: Db; logger: Logger; ports: KycPorts; provider: VerificationProvider }) {
  async function stateOf(memberId: bigint): Promise<KycState> {
    const latest = await repo.latestVerification(deps.db, memberId);
    return latest?.status ?? 'unverified';
  }

  async function status(memberId: bigint): Promise<KycStatus> {
    const [latest, draft, threshold] = await Promise.all([repo.latestVerification(deps.db, memberId), repo.draftFiles(deps.db, memberId), deps.ports.withdrawalThreshold()]);
    return {
      state: latest?.status ?? 'unverified',
      documentType: latest?.document_type ?? null,
      submittedAt: latest?.submitted_at.toISOString() ?? null,
      decidedAt: latest?.status === 'pending' ? null : (latest?.reviewed_at?.toISOString() ?? null),
      rejectReason: latest?.status === 'rejected' ? latest.reject_reason : null,
      rejectNote: latest?.status === 'rejected' ? latest.reject_note : null,
      draft: draft.map((file) => ({ slot: file.slot, fileName: file.file_name, contentType: file.content_type, size: file.size_bytes, uploadedAt: file.uploaded_at.toISOString() })),
      withdrawalThreshold: formatCents(threshold),
    };
  }

  async function assertMaySend(memberId: bigint) {
    const state = await stateOf(memberId);
    if (state === 'verified') throw new AppError('kyc.already_verified', 'your identity is verified');
    if (state === 'pending') throw new AppError('kyc.already_pending', 'your documents are being reviewed');
  }

  /** One file of the draft (its type already sniffed from its bytes by the route). */
  async function upload(memberId: bigint, slot: KycSlot, file: { type: DocumentType; bytes: Buffer; name?: string }) {
    await assertMaySend(memberId);
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const saved = await deps.db.transaction().execute(async (tx) => {
      await repo.lockMember(tx, memberId);
      return repo.putDraftFile(tx, { memberId, slot, contentType: file.type, fileName: cleanFileName(file.name, file.type), bytes: file.bytes, sha256 });
    });
    return { slot: saved.slot, fileName: saved.file_name, contentType: saved.content_type, size: saved.size_bytes, uploadedAt: saved.uploaded_at.toISOString() };
  }

  async function removeDraft(memberId: bigint, slot: KycSlot) {
    if (!(await repo.deleteDraftFile(deps.db, memberId, slot))) throw new AppError('kyc.file_not_found', 'no such file');
  }

  /**
   * Sends the draft for the document type: the files it needs must be there. One pending
   * submission per member (the advisory lock and the unique index): a double click sends once.
   * Then the provider checks it; its approve or reject decides at once, its review leaves it
   * pending for an operator (the sandbox always answers review).
   */
  async function submit(memberId: bigint, documentType: KycDocumentType): Promise<KycStatus> {
    const needed = kycSlotsFor(documentType);
    const created = await deps.db.transaction().execute(async (tx) => {
      await repo.lockMember(tx, memberId);
      const latest = await repo.latestVerification(tx, memberId);
      if (latest?.status === 'verified') throw new AppError('kyc.already_verified', 'your identity is verified');
      if (latest?.status === 'pending') throw new AppError('kyc.already_pending', 'your documents are being reviewed');
      const draft = await repo.draftFiles(tx, memberId);
      const missing = needed.filter((slot) => !draft.some((file) => file.slot === slot));
      if (missing.length > 0) throw new AppError('kyc.documents_missing', 'send every file the document needs', { missing });
      const verification = await repo.insertVerification(tx, { memberId, documentType, provider: deps.provider.code });
      await repo.attachDraft(tx, memberId, verification.id, needed);
      return verification;
    });
    try {
      const files = await repo.filesWithBytes(deps.db, created.id);
      const answer = await deps.provider.check({ verificationId: created.id, memberId, documentType, files: files.map((file) => ({ slot: file.slot, contentType: file.content_type, bytes: file.bytes })) });
      await repo.recordProviderAnswer(deps.db, created.id, answer);
      if (answer.decision !== 'review') await decide(created.id, answer.decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason: 'document_invalid' }, null);
    } catch (error) {
      // The provider did not answer: the submission stays pending, and an operator decides.
      deps.logger.warn({ err: error, verificationId: created.id.toString() }, 'verification provider did not answer; left for an operator');
    }
    return status(memberId);
  }

  /**
   * Approve or reject a pending submission (an operator, or the provider: actor null). The row
   * lock decides once on a double click; the member is told by a platform message and the
   * decision audited in the same transaction.
   */
  async function decide(id: bigint, decision: KycDecision, actor: KycActor | null) {
    return deps.db.transaction().execute(async (tx) => {
      const row = await repo.lockVerification(tx, id);
      if (!row) throw new AppError('kyc.not_found', 'no such submission');
      if (row.status !== 'pending') throw new AppError('kyc.not_pending', 'already decided');
      const rejected = decision.decision === 'reject';
      const decided = await repo.decideVerification(tx, id, {
        status: rejected ? 'rejected' : 'verified',
        reason: rejected ? decision.reason : null,
        note: rejected ? decision.note || null : null,
        operatorId: actor?.id ?? null,
      });
      await deps.ports.sendSystem(tx, {
        memberId: row.member_id,
        template: rejected ? 'kyc_rejected' : 'kyc_verified',
        params: rejected ? { reason: decision.reason } : {},
        sourceKey: `kyc-${id}-${decided.status}`,
      });
      await deps.ports.audit(tx, {
        operatorId: actor?.id ?? null,
        action: rejected ? 'kyc.reject' : 'kyc.approve',
        targetType: 'kyc_verification',
        targetId: id.toString(),
        details: { memberId: row.member_id.toString(), documentType: row.document_type, ...(rejected ? { reason: decision.reason, note: decision.note ?? null } : {}) },
        ip: actor?.ip ?? null,
      });
      return decided;
    });
  }

  /**
   * The payments module's withdrawal gate: the first withdrawal, and one above the threshold,
   * need a verified identity. Refused with kyc.verification_required (the web links to the KYC page).
   */
  async function assertWithdrawalAllowed(memberId: bigint, request: { amount: bigint; first: boolean }): Promise<void> {
    const threshold = await deps.ports.withdrawalThreshold();
    if (!request.first && request.amount <= threshold) return;
    if (await repo.isVerified(deps.db, memberId)) return;
    throw new AppError('kyc.verification_required', 'verify your identity to withdraw', { state: await stateOf(memberId), first: request.first, threshold: formatCents(threshold) });
  }

  return { status, stateOf, upload, removeDraft, submit, decide, assertWithdrawalAllowed };
}

export type KycService = ReturnType<typeof createKycService>;
