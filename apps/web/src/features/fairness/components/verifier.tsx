import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HouseRound } from '@app/contracts';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import type { WalletFormat } from '../../wallet/index.ts';
import { machineOptions } from '../symbols.ts';
import { isMiniGame, isMinesGame, MINE_COUNT_OPTIONS, miniParamsFromFields, parseLineBet, parseNonce, PLINKO_RISKS, PLINKO_ROW_OPTIONS, type VerifyFields } from '../verify-fields.ts';
import { miniGameCodeOf, verifyMinesRound, verifyMiniRound, verifySlotRound, type AnyVerifyResult } from '../verify.ts';
import { VerifyResultPanel } from './verify-result.tsx';

type Run = { fields: VerifyFields; result: AnyVerifyResult } | { fields: VerifyFields; failure: 'unsupported' | 'failed' };

interface VerifierProps {
  fields: VerifyFields;
  onFieldsChange: (fields: VerifyFields) => void;
  format: WalletFormat;
  /** The stored round the page was opened from, to compare the recomputed one with. */
  stored?: HouseRound['outcome'];
  /** Where the fields came from (a round, a seed still hidden…), shown above the form. */
  notice?: ReactNode;
}

type FieldErrors = { nonce: boolean; lineBet: boolean; target: boolean };
const NO_ERRORS: FieldErrors = { nonce: false, lineBet: false, target: false };

/** The seeds are pasted as they are: wide, no autocomplete, no spelling marks. */
const SEED_FIELDS = [
  { field: 'serverSeed', label: 'verify.serverSeed', testId: 'verify-server-seed' },
  { field: 'serverSeedHash', label: 'verify.serverHash', testId: 'verify-server-hash' },
  { field: 'clientSeed', label: 'verify.clientSeed', testId: 'verify-client-seed' },
] as const;

/** A text field's value and change handler for one of the fields. */
type BindField = (field: keyof VerifyFields) => { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };

/** Replays a slot or mini game round in the browser from its seeds; nothing is sent to the server. */
export function Verifier({ fields, onFieldsChange, format, stored, notice }: VerifierProps) {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const inFlight = useRef(false);

  const set = (field: keyof VerifyFields) => (value: string) => {
    onFieldsChange({ ...fields, [field]: value });
    if (field === 'nonce' || field === 'lineBet') setErrors((current) => ({ ...current, [field]: false }));
    if (field === 'diceTarget' || field === 'limboTarget' || field === 'machine') setErrors((current) => ({ ...current, target: false }));
  };
  const bind: BindField = (field) => ({ value: fields[field], onChange: (event) => set(field)(event.target.value) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const nonce = parseNonce(fields.nonce);
    const mines = isMinesGame(fields.machine);
    const mini = mines || isMiniGame(fields.machine);
    const lineBet = mini ? null : parseLineBet(fields.lineBet);
    const params = mini && !mines ? miniParamsFromFields(fields) : null;
    setErrors({ nonce: nonce === null, lineBet: !mini && lineBet === null, target: params?.ok === false });
    if (nonce === null) return;
    const snapshot = fields;
    const seeds = {
      serverSeed: snapshot.serverSeed.trim(),
      serverSeedHash: snapshot.serverSeedHash.trim(),
      // A client seed may end in a space on purpose: it is used as typed.
      clientSeed: snapshot.clientSeed,
      nonce,
    };
    let verification: Promise<AnyVerifyResult>;
    if (mines) {
      verification = verifyMinesRound({ ...seeds, mineCount: Number(snapshot.mineCount) });
    } else if (params) {
      if (!params.ok) return;
      verification = verifyMiniRound({ ...seeds, gameCode: snapshot.machine, params: params.params });
    } else {
      if (lineBet === null) return;
      verification = verifySlotRound({ ...seeds, machine: snapshot.machine, lineBet });
    }
    inFlight.current = true;
    setRunning(true);
    verification
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
        {SEED_FIELDS.map(({ field, label, testId }) => (
          <TextField key={field} className="verify-form__wide" label={t(label)} {...bind(field)} autoComplete="off" spellCheck={false} data-testid={testId} />
        ))}
        <TextField
          label={t('verify.nonce')}
          {...bind('nonce')}
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
        <BetFields fields={fields} set={set} bind={bind} targetError={errors.target} lineBetError={errors.lineBet} />
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

interface BetFieldsProps {
  fields: VerifyFields;
  set: (field: keyof VerifyFields) => (value: string) => void;
  bind: BindField;
  lineBetError: boolean;
  targetError: boolean;
}

/** What the bet was: a slot's line bet, or the mini game's own choices (direction and target, target, rows and risk). */
function BetFields({ fields, set, bind, lineBetError, targetError }: BetFieldsProps) {
  const { t } = useTranslation('fairness');
  if (isMinesGame(fields.machine)) {
    return (
      <SelectField
        label={t('verify.mineCount')}
        value={fields.mineCount}
        options={MINE_COUNT_OPTIONS.map((count) => ({ value: count, label: count }))}
        onValueChange={set('mineCount')}
        data-testid="verify-mine-count"
      />
    );
  }
  switch (miniGameCodeOf(fields.machine)) {
    case 'dados':
      return (
        <>
          <SelectField
            label={t('verify.direction')}
            value={fields.diceDirection}
            options={(['over', 'under'] as const).map((direction) => ({ value: direction, label: t(`verify.directions.${direction}`) }))}
            onValueChange={set('diceDirection')}
            data-testid="verify-dice-direction"
          />
          <TextField
            label={t('verify.diceTarget')}
            {...bind('diceTarget')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('verify.diceTargetHint')}
            error={targetError ? t('verify.diceTargetInvalid') : null}
            errorTestId="verify-dice-target-error"
            data-testid="verify-dice-target"
          />
        </>
      );
    case 'limbo':
      return (
        <TextField
          label={t('verify.limboTarget')}
          {...bind('limboTarget')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('verify.limboTargetHint')}
          error={targetError ? t('verify.limboTargetInvalid') : null}
          errorTestId="verify-limbo-target-error"
          data-testid="verify-limbo-target"
        />
      );
    case 'plinko':
      return (
        <>
          <SelectField
            label={t('verify.plinkoRows')}
            value={fields.plinkoRows}
            options={PLINKO_ROW_OPTIONS.map((rows) => ({ value: rows, label: rows }))}
            onValueChange={set('plinkoRows')}
            data-testid="verify-plinko-rows"
          />
          <SelectField
            label={t('verify.plinkoRisk')}
            value={fields.plinkoRisk}
            options={PLINKO_RISKS.map((risk) => ({ value: risk, label: t(`verify.risks.${risk}`) }))}
            onValueChange={set('plinkoRisk')}
            data-testid="verify-plinko-risk"
          />
        </>
      );
    default:
      return (
        <TextField
          label={t('verify.lineBet')}
          {...bind('lineBet')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('verify.lineBetHint')}
          error={lineBetError ? t('verify.lineBetInvalid') : null}
          errorTestId="verify-line-bet-error"
          data-testid="verify-line-bet"
        />
      );
  }
}
