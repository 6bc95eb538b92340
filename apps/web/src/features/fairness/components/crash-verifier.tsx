import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
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

type Problems = Partial<Record<'hash' | 'salt' | 'previousHash' | 'terminatingHash' | 'position', true>>;

/** What is wrong with the fields, if anything; optional ones are checked only when filled. */
function problemsOf(fields: CrashFields): Problems {
  const problems: Problems = {};
  if (!isGameHash(fields.hash.trim())) problems.hash = true;
  if (fields.salt.trim() === '') problems.salt = true;
  if (fields.previousHash.trim() !== '' && !isGameHash(fields.previousHash.trim())) problems.previousHash = true;
  const walking = fields.walk || fields.position.trim() !== '';
  if (walking && !isGameHash(fields.terminatingHash.trim())) problems.terminatingHash = true;
  if (walking && !isChainPosition(Number(fields.position.trim() || 'x'))) problems.position = true;
  return problems;
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
  const [fields, setFields] = useState<CrashFields>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  /** The round whose values are in the form (until the hash or salt is edited): its crash point is compared. */
  const [filled, setFilled] = useState<CrashRoundDetail | null>(null);
  const [run, setRun] = useState<CrashRun | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // Fill the form when the round arrives (adjusting state while rendering: no stale frame).
  const [filledId, setFilledId] = useState<string | null>(null);
  if (round.data && round.data.id !== filledId) {
    setFilledId(round.data.id);
    setFields(fieldsOf(round.data));
    setFilled(round.data);
    setProblems({});
    const detail = round.data;
    setRun((previous) => ({ id: (previous?.id ?? 0) + 1, fields: fieldsOf(detail), stored: detail.crashPoint }));
  }

  useEffect(() => {
    // Opened from a round: the verifier is what the player came for (a frame later, after the shell's scroll to top).
    if (roundParam === null) return;
    const frame = window.requestAnimationFrame(() => sectionRef.current?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, [roundParam]);

  const set = (field: keyof Omit<CrashFields, 'walk'>) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (field === 'hash' || field === 'salt') setFilled(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setRun((previous) => ({ id: (previous?.id ?? 0) + 1, fields, stored: filled?.crashPoint ?? null }));
  };

  const hashMessage = t('crash.hashInvalid');
  return (
    <section ref={sectionRef} className="wallet-card fairness-card fairness-verifier crash-verifier" aria-labelledby="crash-verifier-title" id="crash-verifier" data-testid="crash-verifier">
      <h2 className="wallet-card__title" id="crash-verifier-title">
        {t('crash.title')}
      </h2>
      <p className="wallet-card__hint">{t('crash.intro')}</p>
      <RoundNotice roundParam={roundParam} round={round} />
      <form className="verify-form" onSubmit={submit} noValidate data-testid="crash-verify-form">
        <TextField className="verify-form__wide" label={t('crash.hash')} value={fields.hash} onChange={(event) => set('hash')(event.target.value)} autoComplete="off" spellCheck={false} error={problems.hash ? hashMessage : null} data-testid="crash-verify-hash" />
        <TextField className="verify-form__wide" label={t('crash.salt')} value={fields.salt} onChange={(event) => set('salt')(event.target.value)} autoComplete="off" spellCheck={false} error={problems.salt ? t('crash.saltInvalid') : null} data-testid="crash-verify-salt" />
        <TextField className="verify-form__wide" label={t('crash.previousHash')} value={fields.previousHash} onChange={(event) => set('previousHash')(event.target.value)} autoComplete="off" spellCheck={false} hint={t('crash.optional')} error={problems.previousHash ? hashMessage : null} data-testid="crash-verify-previous-hash" />
        <TextField className="crash-verify__terminating" label={t('crash.terminatingHash')} value={fields.terminatingHash} onChange={(event) => set('terminatingHash')(event.target.value)} autoComplete="off" spellCheck={false} error={problems.terminatingHash ? hashMessage : null} data-testid="crash-verify-terminating-hash" />
        <TextField label={t('crash.position')} value={fields.position} onChange={(event) => set('position')(event.target.value)} inputMode="numeric" autoComplete="off" hint={t('crash.positionHint')} error={problems.position ? t('crash.positionInvalid') : null} data-testid="crash-verify-position" />
        <div className="verify-form__wide">
          <Checkbox checked={fields.walk} onChange={(event) => setFields((current) => ({ ...current, walk: event.target.checked }))} label={t('crash.walk')} data-testid="crash-verify-walk" />
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
