import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, SelectField } from '@app/ui';
import type { Downline } from '@app/contracts';
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
  const sending = useRef(false);
  const [chosen, setChosen] = useState(String(downline.type));
  const [result, setResult] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const choices = downline.grantableTypes.includes(downline.type) ? downline.grantableTypes : [downline.type, ...downline.grantableTypes];
  const options = choices.map((type) => ({ value: String(type), label: typeLabel(type) }));
  const unchanged = Number(chosen) === downline.type;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current || unchanged) return;
    sending.current = true;
    setResult(null);
    setType.mutate(
      { account: downline.account, type: Number(chosen) },
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
    <form className="agent-type-control" onSubmit={submit} data-testid="type-control">
      <SelectField
        label={t('typeChange.label')}
        value={chosen}
        options={options}
        onValueChange={(value) => {
          setChosen(value);
          setResult(null);
        }}
        data-testid="type-select"
      />
      <Button type="submit" variant="outline" disabled={unchanged || setType.isPending} aria-busy={setType.isPending} data-testid="type-save">
        {t('typeChange.save')}
      </Button>
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
