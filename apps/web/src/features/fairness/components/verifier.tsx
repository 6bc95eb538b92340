import { useRef, useState, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { HouseRound } from '@app/contracts';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import type { WalletFormat } from '../../wallet/index.ts';
import { machineOptions } from '../symbols.ts';
import {
  isMiniGame,
  isMinesGame,
  MINE_COUNT_OPTIONS,
  miniParamsFromFields,
  parseDiceTarget,
  parseLimboTarget,
  parseLineBet,
  parseNonce,
  PLINKO_RISKS,
  PLINKO_ROW_OPTIONS,
  type VerifyFields,
} from '../verify-fields.ts';
import { miniGameCodeOf, verifyMinesRound, verifyMiniRound, verifySlotRound, type AnyVerifyResult } from '../verify.ts';
import { VerifyResultPanel } from './verify-result.tsx';

type Run = { fields: VerifyFields; result: AnyVerifyResult } | { fields: VerifyFields; failure: 'unsupported' | 'failed' };

interface VerifierProps {
  /** The page owns the form: it fills it from a round or a revealed seed pair. */
  form: UseFormReturn<VerifyFields>;
  format: WalletFormat;
  /** The stored round the page was opened from, to compare the recomputed one with. */
  stored?: HouseRound['outcome'];
  /** Where the fields came from (a round, a seed still hidden…), shown above the form. */
  notice?: ReactNode;
}

type TextFieldName = 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'lineBet' | 'diceTarget' | 'limboTarget';
type SelectFieldName = Exclude<keyof VerifyFields, TextFieldName>;

/** The seeds are pasted as they are: wide, no autocomplete, no spelling marks. */
const SEED_FIELDS = [
  { field: 'serverSeed', label: 'verify.serverSeed', testId: 'verify-server-seed' },
  { field: 'serverSeedHash', label: 'verify.serverHash', testId: 'verify-server-hash' },
  { field: 'clientSeed', label: 'verify.clientSeed', testId: 'verify-client-seed' },
] as const;

/**
 * What a checked text field must hold on submit, given the game (a line bet for slots only, a
 * target for its own mini game only), and the message shown until the field is edited.
 */
interface Check {
  isValid: (value: string, fields: VerifyFields) => boolean;
  message: ParseKeys<'fairness'>;
}
const CHECKS: Partial<Record<TextFieldName, Check>> = {
  nonce: { isValid: (value) => parseNonce(value) !== null, message: 'verify.nonceInvalid' },
  lineBet: { isValid: (value, { machine }) => isMinesGame(machine) || isMiniGame(machine) || parseLineBet(value) !== null, message: 'verify.lineBetInvalid' },
  diceTarget: { isValid: (value, { machine }) => miniGameCodeOf(machine) !== 'dados' || parseDiceTarget(value) !== null, message: 'verify.diceTargetInvalid' },
  limboTarget: { isValid: (value, { machine }) => miniGameCodeOf(machine) !== 'limbo' || parseLimboTarget(value) !== null, message: 'verify.limboTargetInvalid' },
};

/** The round the fields describe, replayed in the browser; null while a field does not parse. */
function replay(fields: VerifyFields): Promise<AnyVerifyResult> | null {
  const nonce = parseNonce(fields.nonce);
  if (nonce === null) return null;
  const seeds = {
    serverSeed: fields.serverSeed.trim(),
    serverSeedHash: fields.serverSeedHash.trim(),
    // A client seed may end in a space on purpose: it is used as typed.
    clientSeed: fields.clientSeed,
    nonce,
  };
  if (isMinesGame(fields.machine)) return verifyMinesRound({ ...seeds, mineCount: Number(fields.mineCount) });
  if (isMiniGame(fields.machine)) {
    const params = miniParamsFromFields(fields);
    return params.ok ? verifyMiniRound({ ...seeds, gameCode: fields.machine, params: params.params }) : null;
  }
  const lineBet = parseLineBet(fields.lineBet);
  return lineBet === null ? null : verifySlotRound({ ...seeds, machine: fields.machine, lineBet });
}

/** Whether two forms hold the same values: a result is shown only for the fields it was computed from. */
function sameFields(a: VerifyFields, b: VerifyFields): boolean {
  return (Object.keys(a) as (keyof VerifyFields)[]).every((key) => a[key] === b[key]);
}

/** A text field bound to the form, with its message; a select's value and change handler. */
type BindText = (name: TextFieldName) => ReturnType<UseFormReturn<VerifyFields>['register']> & { error: string | null };
type BindSelect = (name: SelectFieldName) => { value: string; onValueChange: (value: string) => void };

/** Replays a slot or mini game round in the browser from its seeds; nothing is sent to the server. */
export function Verifier({ form, format, stored, notice }: VerifierProps) {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  const fields = useWatch({ control: form.control, compute: (values: VerifyFields) => values });
  const { errors } = form.formState;
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const inFlight = useRef(false);

  // Checked on submit only (useForm's reValidateMode); editing a field takes its message away.
  const text: BindText = (name) => {
    const check = CHECKS[name];
    return {
      ...form.register(name, { validate: check?.isValid, onChange: () => form.clearErrors(name) }),
      error: check && errors[name] ? t(check.message) : null,
    };
  };
  const select: BindSelect = (name) => ({
    value: fields[name],
    onValueChange: (value) => {
      form.setValue(name, value);
      // Another game asks for another target: the previous game's message no longer applies.
      if (name === 'machine') form.clearErrors(['diceTarget', 'limboTarget']);
    },
  });

  const verify = (snapshot: VerifyFields) => {
    if (inFlight.current) return;
    const verification = replay(snapshot);
    if (verification === null) return;
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
  const current = run && sameFields(run.fields, fields) ? run : null;

  return (
    <div className="verifier">
      {notice}
      <form className="verify-form" onSubmit={(event) => void form.handleSubmit(verify)(event)} noValidate data-testid="verify-form">
        {SEED_FIELDS.map(({ field, label, testId }) => (
          <TextField key={field} className="verify-form__wide" label={t(label)} {...text(field)} autoComplete="off" spellCheck={false} data-testid={testId} />
        ))}
        <TextField label={t('verify.nonce')} {...text('nonce')} inputMode="numeric" autoComplete="off" errorTestId="verify-nonce-error" data-testid="verify-nonce" />
        <SelectField label={t('verify.machine')} {...select('machine')} options={machineOptions(language, fields.machine)} data-testid="verify-machine" />
        <BetFields machine={fields.machine} text={text} select={select} />
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
  machine: string;
  text: BindText;
  select: BindSelect;
}

/** What the bet was: a slot's line bet, or the mini game's own choices (direction and target, target, rows and risk). */
function BetFields({ machine, text, select }: BetFieldsProps) {
  const { t } = useTranslation('fairness');
  // A typed amount or multiplier: its label and hint are the field's own keys.
  const decimal = (name: 'diceTarget' | 'limboTarget' | 'lineBet', testId: string) => (
    <TextField label={t(`verify.${name}`)} {...text(name)} inputMode="decimal" autoComplete="off" hint={t(`verify.${name}Hint`)} errorTestId={`${testId}-error`} data-testid={testId} />
  );
  if (isMinesGame(machine)) {
    return <SelectField label={t('verify.mineCount')} {...select('mineCount')} options={MINE_COUNT_OPTIONS.map((count) => ({ value: count, label: count }))} data-testid="verify-mine-count" />;
  }
  switch (miniGameCodeOf(machine)) {
    case 'dados':
      return (
        <>
          <SelectField
            label={t('verify.direction')}
            {...select('diceDirection')}
            options={(['over', 'under'] as const).map((direction) => ({ value: direction, label: t(`verify.directions.${direction}`) }))}
            data-testid="verify-dice-direction"
          />
          {decimal('diceTarget', 'verify-dice-target')}
        </>
      );
    case 'limbo':
      return decimal('limboTarget', 'verify-limbo-target');
    case 'plinko':
      return (
        <>
          <SelectField label={t('verify.plinkoRows')} {...select('plinkoRows')} options={PLINKO_ROW_OPTIONS.map((rows) => ({ value: rows, label: rows }))} data-testid="verify-plinko-rows" />
          <SelectField
            label={t('verify.plinkoRisk')}
            {...select('plinkoRisk')}
            options={PLINKO_RISKS.map((risk) => ({ value: risk, label: t(`verify.risks.${risk}`) }))}
            data-testid="verify-plinko-risk"
          />
        </>
      );
    default:
      return decimal('lineBet', 'verify-line-bet');
  }
}
