import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, SelectField, SubmitButton } from '@app/ui';
import { SetDownlineTypeSchema, type Downline, type SetDownlineType } from '@app/contracts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useSetDownlineType } from '../api/agent.queries.ts';
import { useAccountTypeLabel } from './report-kit.tsx';

/**
 * A direct downline's account type: plain member or the agent's own agent type (the server
 * sends which ones in grantableTypes and refuses the rest; one with a team stays an agent).
 */
export function DownlineTypeControl({ downline }: { downline: Downline }) {
  const { t } = useTranslation('agent');
  const errorMessage = useErrorMessage();
  const typeLabel = useAccountTypeLabel();
  const setType = useSetDownlineType();
  // A ref, not isPending: two clicks in the same frame both pass validation before React re-renders.
  const sending = useRef(false);
  const form = useForm<SetDownlineType>({ resolver: zodResolver(SetDownlineTypeSchema), defaultValues: { type: downline.type } });
  const chosen = useWatch({ control: form.control, name: 'type' });
  // The server's answer (not a problem with what was chosen, which the select cannot produce).
  const [result, setResult] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const choices = downline.grantableTypes.includes(downline.type) ? downline.grantableTypes : [downline.type, ...downline.grantableTypes];
  const options = choices.map((type) => ({ value: String(type), label: typeLabel(type) }));
  const unchanged = chosen === downline.type;

  const send = ({ type }: SetDownlineType) => {
    if (sending.current || type === downline.type) return;
    sending.current = true;
    setResult(null);
    setType.mutate(
      { account: downline.account, type },
      {
        onSuccess: (updated) => setResult({ kind: 'done', text: t('typeChange.done', { account: updated.account, type: typeLabel(updated.type) }) }),
        onError: (error) => setResult({ kind: 'failed', text: errorMessage(error) }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <form className="agent-type-control" onSubmit={(event) => void form.handleSubmit(send)(event)} noValidate data-testid="type-control">
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <SelectField
            label={t('typeChange.label')}
            value={String(field.value)}
            options={options}
            onValueChange={(value) => {
              field.onChange(Number(value));
              setResult(null);
            }}
            data-testid="type-select"
          />
        )}
      />
      <SubmitButton variant="outline" pending={setType.isPending} disabled={unchanged} data-testid="type-save">
        {t('typeChange.save')}
      </SubmitButton>
      {result ? (
        <div className="agent-type-control__result">
          <Alert tone={result.kind === 'done' ? 'info' : 'error'} data-testid={result.kind === 'done' ? 'type-done' : 'type-error'}>
            {result.text}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}
