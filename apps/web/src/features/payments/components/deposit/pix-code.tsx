import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';

type Feedback = { kind: 'copied' | 'failed'; at: number } | null;

/** Shown for a few seconds, then cleared so a second copy is announced again. */
const FEEDBACK_MS = 4_000;
const CODE_INPUT_ID = 'deposit-code';

/** "Pix Copia e Cola": the code in a read-only field and a copy button (spec §8 copy_success). */
export function PixCode({ code }: { code: string }) {
  const { t } = useTranslation('payments');
  const [feedback, setFeedback] = useState<Feedback>(null);

  useEffect(() => {
    if (!feedback) return;
    const timer = window.setTimeout(() => setFeedback(null), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [feedback]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setFeedback({ kind: 'copied', at: Date.now() });
    } catch {
      // No clipboard (plain HTTP, an old browser, permission refused): select it for a manual copy.
      const input = document.getElementById(CODE_INPUT_ID);
      if (input instanceof HTMLInputElement) {
        input.focus();
        input.select();
      }
      setFeedback({ kind: 'failed', at: Date.now() });
    }
  };

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
          <Button variant="accent" onClick={() => void copy()} data-testid="deposit-copy">
            {t('deposit.copy')}
          </Button>
        }
      />
      <p
        className={feedback?.kind === 'failed' ? 'pix-code__feedback is-failed' : 'pix-code__feedback'}
        role="status"
        data-testid="deposit-copy-feedback"
      >
        {feedback ? (feedback.kind === 'copied' ? t('deposit.copySuccess') : t('deposit.copyFailed')) : null}
      </p>
    </div>
  );
}
