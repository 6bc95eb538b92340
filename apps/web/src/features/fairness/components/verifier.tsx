import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotOutcome } from '@app/contracts';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import type { WalletFormat } from '../../wallet/hooks/use-wallet-format.ts';
import { machineOptions } from '../symbols.ts';
import { parseLineBet, parseNonce, type VerifyFields } from '../verify-fields.ts';
import { verifySlotRound, type VerifyResult } from '../verify.ts';
import { VerifyResultPanel } from './verify-result.tsx';

type Run = { fields: VerifyFields; result: VerifyResult } | { fields: VerifyFields; failure: 'unsupported' | 'failed' };

interface VerifierProps {
  fields: VerifyFields;
  onFieldsChange: (fields: VerifyFields) => void;
  format: WalletFormat;
  /** The stored round the page was opened from, to compare the recomputed one with. */
  stored?: SlotOutcome;
  /** Where the fields came from (a round, a seed still hidden…), shown above the form. */
  notice?: ReactNode;
}

/** Replays a slot round in the browser from its seeds; nothing is sent to the server. */
export function Verifier({ fields, onFieldsChange, format, stored, notice }: VerifierProps) {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  const [errors, setErrors] = useState<{ nonce: boolean; lineBet: boolean }>({ nonce: false, lineBet: false });
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const inFlight = useRef(false);

  const set = (field: keyof VerifyFields) => (value: string) => {
    onFieldsChange({ ...fields, [field]: value });
    if (field === 'nonce' || field === 'lineBet') setErrors((current) => ({ ...current, [field]: false }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const nonce = parseNonce(fields.nonce);
    const lineBet = parseLineBet(fields.lineBet);
    setErrors({ nonce: nonce === null, lineBet: lineBet === null });
    if (nonce === null || lineBet === null) return;
    const snapshot = fields;
    inFlight.current = true;
    setRunning(true);
    verifySlotRound({
      serverSeed: snapshot.serverSeed.trim(),
      serverSeedHash: snapshot.serverSeedHash.trim(),
      // A client seed may end in a space on purpose: it is used as typed.
      clientSeed: snapshot.clientSeed,
      nonce,
      machine: snapshot.machine,
      lineBet,
    })
      .then((result) => setRun({ fields: snapshot, result }))
      .catch(() => setRun({ fields: snapshot, failure: globalThis.crypto?.subtle ? 'failed' : 'unsupported' }))
      .finally(() => {
        inFlight.current = false;
        setRunning(false);
      });
  };

  // A result belongs to the fields it was computed from: any edit hides it until verified again.
  const current = run && run.fields === fields ? run : null;

  return (
    <div className="verifier">
      {notice}
      <form className="verify-form" onSubmit={submit} noValidate data-testid="verify-form">
        <TextField
          className="verify-form__wide"
          label={t('verify.serverSeed')}
          value={fields.serverSeed}
          onChange={(event) => set('serverSeed')(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="verify-server-seed"
        />
        <TextField
          className="verify-form__wide"
          label={t('verify.serverHash')}
          value={fields.serverSeedHash}
          onChange={(event) => set('serverSeedHash')(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="verify-server-hash"
        />
        <TextField
          className="verify-form__wide"
          label={t('verify.clientSeed')}
          value={fields.clientSeed}
          onChange={(event) => set('clientSeed')(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="verify-client-seed"
        />
        <TextField
          label={t('verify.nonce')}
          value={fields.nonce}
          onChange={(event) => set('nonce')(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          error={errors.nonce ? t('verify.nonceInvalid') : null}
          errorTestId="verify-nonce-error"
          data-testid="verify-nonce"
        />
        <SelectField
          label={t('verify.machine')}
          value={fields.machine}
          options={machineOptions(language, fields.machine)}
          onValueChange={set('machine')}
          data-testid="verify-machine"
        />
        <TextField
          label={t('verify.lineBet')}
          value={fields.lineBet}
          onChange={(event) => set('lineBet')(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          hint={t('verify.lineBetHint')}
          error={errors.lineBet ? t('verify.lineBetInvalid') : null}
          errorTestId="verify-line-bet-error"
          data-testid="verify-line-bet"
        />
        <div className="verify-form__actions">
          <Button type="submit" variant="accent" disabled={running} aria-busy={running} data-testid="verify-submit">
            {running ? t('verify.running') : t('verify.submit')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {current && 'result' in current ? (
          <VerifyResultPanel result={current.result} machine={current.fields.machine} format={format} stored={stored} />
        ) : current ? (
          <Alert data-testid="verify-failed">{current.failure === 'unsupported' ? t('verify.unsupported') : t('verify.failed')}</Alert>
        ) : null}
      </div>
    </div>
  );
}
