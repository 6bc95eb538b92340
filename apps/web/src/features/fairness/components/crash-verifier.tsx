import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CrashRoundDetail } from '@app/contracts';
import { Alert, Button, Checkbox, TextField } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { isCrashRoundId } from '../api/fairness.api.ts';
import { crashRoundQueryOptions } from '../api/fairness.queries.ts';
import { isChainPosition, isGameHash, type CrashFields } from '../crash-verify.ts';
import { CrashVerifyResult, type CrashRun } from './crash-verify-result.tsx';
import './crash-verifier.css';

const EMPTY: CrashFields = { hash: '', salt: '', previousHash: '', terminatingHash: '', position: '', walk: false };

function fieldsOf(round: CrashRoundDetail): CrashFields {
  return { hash: round.hash, salt: round.salt, previousHash: round.previousHash ?? '', terminatingHash: round.terminatingHash, position: String(round.position), walk: false };
}

type TextFieldName = Exclude<keyof CrashFields, 'walk'>;

/** The terminating hash and the position matter only when the chain is to be walked (or a position is given). */
function isWalking(fields: CrashFields): boolean {
  return fields.walk || fields.position.trim() !== '';
}

/**
 * The crash verifier on /fairness: any hash and salt, or a round's (?crash=<id> fills the form
 * and checks it at once). The crash point is recomputed and compared with the round's, the hash
 * is linked to the previous round's, and on request the chain is walked to its terminating hash.
 */
export function CrashVerifier({ roundParam }: { roundParam: string | null }) {
  const { t } = useTranslation('fairness');
  const roundId = isCrashRoundId(roundParam) ? roundParam : null;
  const round = useQuery(crashRoundQueryOptions(roundId ?? '', roundId !== null));
  // Nothing is sent to a server, so there is no request contract: each field is checked by
  // rules.validate (optional ones only when filled, the walk's only when walking).
  // Checked on submit only, as before; editing a field clears its message.
  const roundFields = useMemo(() => (round.data ? fieldsOf(round.data) : undefined), [round.data]);
  const form = useForm<CrashFields>({ defaultValues: EMPTY, values: roundFields, reValidateMode: 'onSubmit' });
  /** The round whose values are in the form (until the hash or salt is edited): its crash point is compared. */
  const [filled, setFilled] = useState<CrashRoundDetail | null>(null);
  const [run, setRun] = useState<CrashRun | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // The round arrived: compare with it and check it at once (adjusting state while rendering: no
  // stale frame). Its values reach the form through useForm's `values`.
  const [filledId, setFilledId] = useState<string | null>(null);
  if (round.data && round.data.id !== filledId) {
    setFilledId(round.data.id);
    setFilled(round.data);
    const detail = round.data;
    setRun((previous) => ({ id: (previous?.id ?? 0) + 1, fields: fieldsOf(detail), stored: detail.crashPoint }));
  }

  useEffect(() => {
    // Opened from a round: the verifier is what the player came for (a frame later, after the shell's scroll to top).
    if (roundParam === null) return;
    const frame = window.requestAnimationFrame(() => sectionRef.current?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, [roundParam]);

  const hashMessage = t('crash.hashInvalid');
  const rules: Record<TextFieldName, (value: string, fields: CrashFields) => true | string> = {
    hash: (value) => isGameHash(value.trim()) || hashMessage,
    salt: (value) => value.trim() !== '' || t('crash.saltInvalid'),
    previousHash: (value) => value.trim() === '' || isGameHash(value.trim()) || hashMessage,
    terminatingHash: (value, fields) => !isWalking(fields) || isGameHash(value.trim()) || hashMessage,
    position: (value, fields) => !isWalking(fields) || isChainPosition(Number(value.trim() || 'x')) || t('crash.positionInvalid'),
  };
  const field = (name: TextFieldName) => ({
    ...form.register(name, {
      validate: rules[name],
      onChange: () => {
        form.clearErrors(name);
        if (name === 'hash' || name === 'salt') setFilled(null);
      },
    }),
    error: form.formState.errors[name]?.message ?? null,
  });

  const verify = (fields: CrashFields) => {
    setRun((previous) => ({ id: (previous?.id ?? 0) + 1, fields, stored: filled?.crashPoint ?? null }));
  };

  return (
    <section ref={sectionRef} className="wallet-card fairness-card fairness-verifier crash-verifier" aria-labelledby="crash-verifier-title" id="crash-verifier" data-testid="crash-verifier">
      <h2 className="wallet-card__title" id="crash-verifier-title">
        {t('crash.title')}
      </h2>
      <p className="wallet-card__hint">{t('crash.intro')}</p>
      <RoundNotice roundParam={roundParam} round={round} />
      <form className="verify-form" onSubmit={(event) => void form.handleSubmit(verify)(event)} noValidate data-testid="crash-verify-form">
        <TextField className="verify-form__wide" label={t('crash.hash')} {...field('hash')} autoComplete="off" spellCheck={false} data-testid="crash-verify-hash" />
        <TextField className="verify-form__wide" label={t('crash.salt')} {...field('salt')} autoComplete="off" spellCheck={false} data-testid="crash-verify-salt" />
        <TextField className="verify-form__wide" label={t('crash.previousHash')} {...field('previousHash')} autoComplete="off" spellCheck={false} hint={t('crash.optional')} data-testid="crash-verify-previous-hash" />
        <TextField className="crash-verify__terminating" label={t('crash.terminatingHash')} {...field('terminatingHash')} autoComplete="off" spellCheck={false} data-testid="crash-verify-terminating-hash" />
        <TextField label={t('crash.position')} {...field('position')} inputMode="numeric" autoComplete="off" hint={t('crash.positionHint')} data-testid="crash-verify-position" />
        <div className="verify-form__wide">
          <Checkbox {...form.register('walk')} label={t('crash.walk')} data-testid="crash-verify-walk" />
        </div>
        <div className="verify-form__actions">
          <Button type="submit" variant="accent" data-testid="crash-verify-submit">
            {t('crash.submit')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">{run ? <CrashVerifyResult key={run.id} run={run} /> : null}</div>
    </section>
  );
}

function RoundNotice({ roundParam, round }: { roundParam: string | null; round: { data?: CrashRoundDetail; isError: boolean; error: unknown } }) {
  const { t } = useTranslation(['fairness', 'errors']);
  const errorMessage = useErrorMessage();
  if (roundParam === null) return null;
  if (!isCrashRoundId(roundParam)) return <Alert data-testid="crash-verify-round-failed">{t('errors:crash.round_not_found')}</Alert>;
  if (round.data) {
    return (
      <Alert tone="info" data-testid="crash-verify-from-round">
        {t('fairness:crash.fromRound', { id: round.data.id })}
      </Alert>
    );
  }
  if (round.isError) {
    return (
      <Alert data-testid="crash-verify-round-failed">
        {t('fairness:crash.roundFailed', { id: roundParam })} {errorMessage(round.error)}
      </Alert>
    );
  }
  return (
    <Alert tone="info" data-testid="crash-verify-round-loading">
      {t('fairness:crash.roundLoading', { id: roundParam })}
    </Alert>
  );
}
