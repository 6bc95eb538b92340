import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { centsToDecimal, toSignedCents } from './amount.ts';
import { useMemberActions, useRequestAdjustment } from './members.api.ts';
import { ActionDialog, NoticeDialog } from '../../shared/components/action-dialog.tsx';
import { CopyButton } from '../../shared/components/copy-button.tsx';

/** Lock or unlock with a reason (kept on the member and in the audit log). */
export function StatusDialog({ member, to, onClose }: { member: MemberDetail; to: 'lock' | 'unlock'; onClose: () => void }) {
  const { t } = useTranslation(['admin-members', 'admin']);
  const { status } = useMemberActions(member.id);
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={t(to === 'lock' ? 'lock.title' : 'unlock.title', { account: member.account })}
      testId="member-status-dialog"
      onClose={onClose}
      action={
        <Button
          className={to === 'lock' ? 'bo-members__danger-solid' : undefined}
          disabled={status.isPending || reason.trim() === ''}
          onClick={() => status.mutate({ to, reason }, { onSuccess: onClose })}
          data-testid="member-status-confirm"
        >
          {t(to === 'lock' ? 'actions.lock' : 'actions.unlock')}
        </Button>
      }
    >
      <p>{t(to === 'lock' ? 'lock.message' : 'unlock.message')}</p>
      <TextField label={t('admin:common.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} autoFocus data-testid="member-status-reason" />
      <ErrorLine error={status.error} testId="member-status-error" />
    </ActionDialog>
  );
}

/**
 * Confirm, then show the temporary password once. It is in this dialog only: closing it forgets
 * it, and the server keeps only its hash.
 */
export function PasswordResetDialog({ member, onClose }: { member: MemberDetail; onClose: () => void }) {
  const { t } = useTranslation(['admin-members', 'admin']);
  const { resetPassword } = useMemberActions(member.id);
  const close = () => {
    resetPassword.reset();
    onClose();
  };
  const password = resetPassword.data?.temporaryPassword;
  if (!password) {
    return (
      <ActionDialog
        title={t('password.title', { account: member.account })}
        testId="member-password-dialog"
        onClose={close}
        size="sm"
        cancelDisabled={resetPassword.isPending}
        action={
          <Button onClick={() => resetPassword.mutate()} disabled={resetPassword.isPending} data-testid="member-password-confirm">
            {t('actions.resetPassword')}
          </Button>
        }
      >
        <p>{t('password.message')}</p>
        <ErrorLine error={resetPassword.error} testId="member-password-error" />
      </ActionDialog>
    );
  }
  return (
    <NoticeDialog title={t('password.doneTitle')} testId="member-password-result" onClose={close} doneLabel={t('password.done')} doneTestId="member-password-done">
      <Alert tone="info">{t('password.once')}</Alert>
      <p className="bo-members__secret">
        <code className="bo-code" data-testid="member-temporary-password">
          {password}
        </code>{' '}
        <CopyButton text={password} copyLabel={t('password.copy')} copiedLabel={t('password.copied')} />
      </p>
      <p className="bo-muted">{resetPassword.data?.sessionsEnded ? t('password.sessionsEnded', { count: resetPassword.data.sessionsEnded }) : t('password.noSessions')}</p>
    </NoticeDialog>
  );
}

/** 128 random bits in hex (getRandomValues also works where randomUUID needs a secure context). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The maker's side of a manual adjustment: a signed amount and a reason; another operator approves. */
export function AdjustmentRequestDialog({ member, onClose }: { member: MemberDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin-members', 'admin']);
  const request = useRequestAdjustment();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per form: a double click or a retry after a lost answer records one request.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const cents = toSignedCents(amount);
  const preview = cents === null ? null : formatMoney(centsToDecimal(cents), i18n.language);

  if (request.data) {
    return (
      <NoticeDialog title={t('adjust.sentTitle')} testId="member-adjust-sent" onClose={onClose} doneLabel={t('password.done')}>
        <p data-testid="member-adjust-sent-text">{t('adjust.sent', { id: request.data.id, amount: formatMoney(request.data.amount, i18n.language), account: member.account })}</p>
      </NoticeDialog>
    );
  }
  return (
    <ActionDialog
      title={t('adjust.title', { account: member.account })}
      testId="member-adjust-dialog"
      onClose={onClose}
      action={
        <Button
          disabled={request.isPending || cents === null || reason.trim() === ''}
          onClick={() => cents !== null && request.mutate({ memberId: member.id, amountCents: cents, reason: reason.trim(), idempotencyKey })}
          data-testid="member-adjust-submit"
        >
          {t('adjust.submit')}
        </Button>
      }
    >
      <p className="bo-muted">{t('adjust.explain')}</p>
      <TextField
        label={t('adjust.amount')}
        hint={preview ? t(cents!.startsWith('-') ? 'adjust.previewDebit' : 'adjust.previewCredit', { amount: preview }) : t('adjust.amountHint')}
        error={amount.trim() !== '' && cents === null ? t('adjust.amountInvalid') : null}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        inputMode="decimal"
        maxLength={24}
        autoFocus
        data-testid="member-adjust-amount"
      />
      <TextField label={t('admin:common.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} data-testid="member-adjust-reason" />
      <ErrorLine error={request.error} testId="member-adjust-error" />
    </ActionDialog>
  );
}
