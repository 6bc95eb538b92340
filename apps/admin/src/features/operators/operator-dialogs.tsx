import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorListResponseSchema, type OperatorRole } from '@app/contracts';
import { Alert, Button, SelectField } from '@app/ui';
import { ActionDialog, NoticeDialog } from '../../shared/components/action-dialog.tsx';
import { CopyButton } from '../../shared/components/copy-button.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useRefreshSession, useSession } from '../../shared/session.tsx';
import { resetLinkOf, useOperatorActions } from './operators.api.ts';

export type OperatorRow = ReturnType<typeof OperatorListResponseSchema.parse>['operators'][number];

/** Disable (sessions end at once, no login) or re-enable, after a confirmation that says what happens. */
export function StatusDialog({ operator, onClose }: { operator: OperatorRow; onClose: () => void }) {
  const { t } = useTranslation('admin-operators');
  const { status } = useOperatorActions(operator.id);
  const disabling = operator.status === 'active';
  return (
    <ActionDialog
      title={t(disabling ? 'disable.title' : 'enable.title', { username: operator.username })}
      testId="operator-status-dialog"
      onClose={onClose}
      size="sm"
      cancelDisabled={status.isPending}
      action={
        <Button
          className={disabling ? 'bo-operators__danger' : undefined}
          disabled={status.isPending}
          onClick={() => status.mutate(disabling ? 'locked' : 'active', { onSuccess: onClose })}
          data-testid="operator-status-confirm"
        >
          {t(disabling ? 'actions.disable' : 'actions.enable')}
        </Button>
      }
    >
      <p>{t(disabling ? 'disable.message' : 'enable.message', { username: operator.username })}</p>
      <ErrorLine error={status.error} testId="operator-status-error" />
    </ActionDialog>
  );
}

/** A new role, which applies from the operator's next request (the server reads it every time). */
export function RoleDialog({ operator, onClose }: { operator: OperatorRow; onClose: () => void }) {
  const { t } = useTranslation(['admin-operators', 'admin']);
  const { role } = useOperatorActions(operator.id);
  const [chosen, setChosen] = useState<OperatorRole>(operator.role);
  // An owner who gives up the role sees the console of the new one at once (menu, pages).
  const self = useSession().operator?.id === operator.id;
  const refreshSession = useRefreshSession();
  return (
    <ActionDialog
      title={t('role.title', { username: operator.username })}
      testId="operator-role-dialog"
      onClose={onClose}
      size="sm"
      cancelDisabled={role.isPending}
      action={
        <Button disabled={role.isPending || chosen === operator.role} onClick={() => role.mutate(chosen, { onSuccess: () => { if (self) void refreshSession(); onClose(); } })} data-testid="operator-role-confirm">
          {t('role.save')}
        </Button>
      }
    >
      <p>{t('role.message')}</p>
      <SelectField
        label={t('columns.role')}
        name="role"
        value={chosen}
        onValueChange={(value) => setChosen(value as OperatorRole)}
        options={OPERATOR_ROLES.map((value) => ({ value, label: t(`admin:roles.${value}`) }))}
        data-testid="operator-role-select"
      />
      <ErrorLine error={role.error} testId="operator-role-error" />
    </ActionDialog>
  );
}

/**
 * Confirm, then show the one-time link once: closing the dialog forgets it, the server keeps only
 * its hash. The operator opens it to choose a password and set up two-factor again.
 */
export function ResetDialog({ operator, onClose }: { operator: OperatorRow; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin-operators', 'admin']);
  const { reset } = useOperatorActions(operator.id);
  if (!reset.data) {
    return (
      <ActionDialog
        title={t('reset.title', { username: operator.username })}
        testId="operator-reset-dialog"
        onClose={onClose}
        size="sm"
        cancelDisabled={reset.isPending}
        action={
          <Button className="bo-operators__danger" disabled={reset.isPending} onClick={() => reset.mutate()} data-testid="operator-reset-confirm">
            {t('actions.reset')}
          </Button>
        }
      >
        <p>{t('reset.message', { username: operator.username })}</p>
        <ErrorLine error={reset.error} testId="operator-reset-error" />
      </ActionDialog>
    );
  }
  const link = resetLinkOf(reset.data.token);
  return (
    <NoticeDialog title={t('reset.doneTitle')} testId="operator-reset-result" onClose={onClose} doneLabel={t('reset.done')} doneTestId="operator-reset-done">
      <Alert tone="info">{t('reset.once', { username: operator.username, until: formatDateTime(reset.data.expiresAt, i18n.language) })}</Alert>
      <p className="bo-operators__link">
        <code className="bo-code" data-testid="operator-reset-link">
          {link}
        </code>
      </p>
      <CopyButton text={link} copyLabel={t('reset.copy')} copiedLabel={t('reset.copied')} testId="operator-reset-copy" />
    </NoticeDialog>
  );
}
