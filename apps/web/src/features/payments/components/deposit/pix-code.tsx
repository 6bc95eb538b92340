import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';
import { useCopy } from '../../../../shared/hooks/use-copy.ts';

const CODE_INPUT_ID = 'deposit-code';

/** "Pix Copia e Cola": the code in a read-only field and a copy button (spec §8 copy_success). */
export function PixCode({ code }: { code: string }) {
  const { t } = useTranslation('payments');
  const { feedback, copy } = useCopy(CODE_INPUT_ID);

  return (
    <div className="pix-code">
      <TextField
        id={CODE_INPUT_ID}
        label={t('deposit.code')}
        readOnly
        value={code}
        spellCheck={false}
        className="pix-code__field"
        onFocus={(event) => event.currentTarget.select()}
        data-testid="deposit-code"
        trailing={
          <Button variant="accent" onClick={() => void copy(code)} data-testid="deposit-copy">
            {t('deposit.copy')}
          </Button>
        }
      />
      <p
        className={feedback === 'failed' ? 'pix-code__feedback is-failed' : 'pix-code__feedback'}
        role="status"
        data-testid="deposit-copy-feedback"
      >
        {feedback ? (feedback === 'copied' ? t('deposit.copySuccess') : t('deposit.copyFailed')) : null}
      </p>
    </div>
  );
}
