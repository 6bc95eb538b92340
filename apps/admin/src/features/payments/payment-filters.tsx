import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@app/ui';

interface FilterValues {
  /** '' = every status. */
  status: string;
  member: string;
}

/** What a list's status schema from @app/contracts offers: its parse (DepositStatusSchema, WithdrawalStatusSchema). */
interface StatusSchema<S extends string> {
  safeParse(value: unknown): { success: boolean; data?: S };
}

/**
 * A payment list's filters (a status or all, a member's account) as a form; any change takes the
 * list back to its first page. The status is read through the list's status schema, so the query
 * only carries a status the server knows; the account as the server compares it (trimmed, lower case).
 */
export function usePaymentFilters<S extends string>(statusSchema: StatusSchema<S>, initialStatus: S | '') {
  const form = useForm<FilterValues>({ defaultValues: { status: initialStatus, member: '' } });
  const [status, member] = useWatch({ control: form.control, name: ['status', 'member'] });
  const [pageNo, setPageNo] = useState(1);
  const parsed = statusSchema.safeParse(status);
  return { form, pageNo, setPageNo, query: { status: parsed.success && parsed.data !== undefined ? parsed.data : ('' as const), member: member.trim().toLowerCase(), pageNo } };
}

export type PaymentFilters = ReturnType<typeof usePaymentFilters>;

/** The filter bar above a payment list. */
export function PaymentFilterBar<S extends string>({ filters, statuses, statusLabel, testId }: { filters: PaymentFilters; statuses: readonly S[]; statusLabel: (status: S) => string; testId?: string }) {
  const { t } = useTranslation(['admin-payments', 'admin']);
  return (
    <div className="bo-filters">
      <Controller
        control={filters.form.control}
        name="status"
        render={({ field }) => (
          <SelectField
            label={t('columns.status')}
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              filters.setPageNo(1);
            }}
            options={[{ value: '', label: t('admin:common.all') }, ...statuses.map((value) => ({ value, label: statusLabel(value) }))]}
            data-testid={testId && `${testId}-status`}
          />
        )}
      />
      <TextField label={t('columns.member')} {...filters.form.register('member', { onChange: () => filters.setPageNo(1) })} maxLength={32} data-testid={testId && `${testId}-member`} />
    </div>
  );
}
