import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { OPERATOR_ROLES, OperatorCreatedResponseSchema, OperatorCreateRequestSchema, OperatorListResponseSchema, type OperatorCreateRequest } from '@app/contracts';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { api } from '../../shared/api.ts';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { ResetDialog, RoleDialog, StatusDialog, type OperatorRow } from './operator-dialogs.tsx';
import { OPERATORS_KEY } from './operators.api.ts';
import './operators.css';

type Action = { kind: 'status' | 'role' | 'reset'; operator: OperatorRow };

/**
 * Operators: who has which role and two-factor; create one (temporary password shown once);
 * per row, change the role, disable or re-enable, reset the password and two-factor (a one-time
 * link). The server refuses what would leave no active owner; the page hides only what is never
 * allowed (disabling or resetting oneself).
 */
export default function OperatorsPage() {
  const { t, i18n } = useTranslation(['admin-operators', 'admin']);
  const session = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: OPERATORS_KEY, queryFn: ({ signal }) => api('GET', '/api/backoffice/operators', { schema: OperatorListResponseSchema, signal }) });
  // The server's own request schema: a username it would refuse is told under the field first.
  const form = useForm<OperatorCreateRequest>({ resolver: zodResolver(OperatorCreateRequestSchema), defaultValues: { username: '', displayName: '', role: 'support' } });
  const [username, displayName] = useWatch({ control: form.control, name: ['username', 'displayName'] });
  const create = useMutation({
    mutationFn: (body: OperatorCreateRequest) => api('POST', '/api/backoffice/operators', { body, schema: OperatorCreatedResponseSchema }),
    onSuccess: () => {
      form.reset({ username: '', displayName: '', role: form.getValues('role') });
      void queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
    },
  });
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);

  const submit = form.handleSubmit((body) => {
    if (!create.isPending) create.mutate(body);
  });

  const columns: Column<OperatorRow>[] = [
    { key: 'username', header: t('columns.username'), cell: (row) => row.username },
    { key: 'name', header: t('columns.displayName'), cell: (row) => row.displayName },
    { key: 'role', header: t('columns.role'), cell: (row) => t(`admin:roles.${row.role}`) },
    { key: 'status', header: t('columns.status'), cell: (row) => <Badge tone={row.status === 'active' ? 'ok' : 'bad'}>{t(`status.${row.status}`)}</Badge> },
    { key: 'twoFactor', header: t('columns.twoFactor'), cell: (row) => (row.twoFactorEnabled ? <Badge tone="ok">{t('twoFactorOn')}</Badge> : <Badge tone="warn">{t('twoFactorPending')}</Badge>) },
    { key: 'created', header: t('columns.createdAt'), cell: (row) => formatDateTime(row.createdAt, i18n.language) },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (row) => {
        const self = row.id === session.operator?.id;
        return (
          <span className="bo-actions bo-operators__actions" data-testid={`operator-actions-${row.username}`}>
            <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'role', operator: row })} data-testid="operator-role">
              {t('actions.role')}
            </Button>
            {self ? null : (
              <Button size="sm" variant="outline" className={row.status === 'active' ? 'bo-operators__danger-outline' : undefined} onClick={() => setAction({ kind: 'status', operator: row })} data-testid="operator-status">
                {t(row.status === 'active' ? 'actions.disable' : 'actions.enable')}
              </Button>
            )}
            {self || row.status !== 'active' ? null : (
              <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'reset', operator: row })} data-testid="operator-reset">
                {t('actions.reset')}
              </Button>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <Page title={t('title')} testId="operators-page">
      <form className="bo-card bo-form-row" onSubmit={(event) => void submit(event)} data-testid="operator-create">
        <TextField label={t('columns.username')} {...form.register('username')} maxLength={32} hint={t('usernameHint')} error={form.formState.errors.username ? t('usernameHint') : null} />
        <TextField label={t('columns.displayName')} {...form.register('displayName')} maxLength={100} />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => <SelectField label={t('columns.role')} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} options={OPERATOR_ROLES.map((value) => ({ value, label: t(`admin:roles.${value}`) }))} />}
        />
        <Button type="submit" disabled={create.isPending || username.trim() === '' || displayName.trim() === ''}>
          {t('create')}
        </Button>
      </form>
      <ErrorLine error={create.error} />
      {create.data ? (
        <Alert tone="info">
          <span data-testid="operator-temporary-password">{t('created', { username: create.data.operator.username })} <code className="bo-code">{create.data.temporaryPassword}</code></span>
        </Alert>
      ) : null}
      <div className="bo-operators">
        <QueryState query={query}>{() => <DataTable columns={columns} rows={query.data?.operators ?? []} rowKey={(row) => row.id} testId="operators" />}</QueryState>
      </div>
      {action?.kind === 'status' ? <StatusDialog operator={action.operator} onClose={close} /> : null}
      {action?.kind === 'role' ? <RoleDialog operator={action.operator} onClose={close} /> : null}
      {action?.kind === 'reset' ? <ResetDialog operator={action.operator} onClose={close} /> : null}
    </Page>
  );
}
