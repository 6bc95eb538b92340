import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { AlertIcon, Button, ShieldCheckIcon } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { checkCrashRound, walkChain, type Check, type CrashCheck, type CrashFields } from '../crash-verify.ts';

/** One press of "Verificar": the fields as they were, and the round's recorded crash point if they came from a round. */
export interface CrashRun {
  id: number;
  fields: CrashFields;
  stored: string | null;
}

type Walk = { status: 'off' } | { status: 'running'; done: number; total: number } | { status: 'done'; total: number; result: Check } | { status: 'stopped' };

/** The walk to the terminating hash, when asked for and possible (position + 1 hashes). */
function walkPlan(fields: CrashFields): { total: number; terminatingHash: string } | null {
  const position = Number(fields.position.trim());
  if (!fields.walk || fields.position.trim() === '' || !Number.isSafeInteger(position)) return null;
  return { total: position + 1, terminatingHash: fields.terminatingHash.trim() };
}

/** Runs the checks of one press (the walk may take seconds: it reports progress and can be stopped). */
function useCrashChecks(run: CrashRun) {
  const [check, setCheck] = useState<CrashCheck | null>(null);
  const [failure, setFailure] = useState<'unsupported' | 'failed' | null>(null);
  const plan = walkPlan(run.fields);
  const [walk, setWalk] = useState<Walk>(plan ? { status: 'running', done: 0, total: plan.total } : { status: 'off' });
  const walking = useRef<AbortController | null>(null);

  useEffect(() => {
    const { hash, salt, previousHash } = run.fields;
    const gameHash = hash.trim();
    let live = true;
    const controller = new AbortController();
    walking.current = controller;
    checkCrashRound(gameHash, salt.trim(), previousHash.trim() === '' ? null : previousHash.trim())
      .then((result) => live && setCheck(result))
      .catch(() => live && setFailure(globalThis.crypto?.subtle ? 'failed' : 'unsupported'));
    const steps = walkPlan(run.fields);
    if (steps) {
      walkChain(gameHash, steps.total, { signal: controller.signal, onProgress: (done) => live && setWalk({ status: 'running', done, total: steps.total }) })
        .then((end) => live && setWalk({ status: 'done', total: steps.total, result: end === steps.terminatingHash ? 'match' : 'mismatch' }))
        .catch(() => live && setWalk({ status: 'stopped' }));
    }
    return () => {
      live = false;
      controller.abort();
    };
  }, [run]);

  return { check, failure, walk, stop: () => walking.current?.abort() };
}

/** The verdict and each check in words: "confere" or "não confere", never just a colour. */
export function CrashVerifyResult({ run }: { run: CrashRun }) {
  const { t, i18n } = useTranslation('fairness');
  const locale = intlLocaleOf(currentLanguage(i18n));
  const { check, failure, walk, stop } = useCrashChecks(run);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const multiplier = (text: string) => `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(text))}×`;

  if (failure) return <p className="verify-match is-mismatch" data-testid="crash-verify-failed">{failure === 'unsupported' ? t('verify.unsupported') : t('verify.failed')}</p>;
  if (!check) return <p className="wallet-card__hint">{t('crash.running')}</p>;

  const storedCheck: Check | null = run.stored === null ? null : run.stored === check.crashPoint ? 'match' : 'mismatch';
  const walkCheck = walk.status === 'done' ? walk.result : null;
  const checks = [storedCheck, check.previous, walkCheck].filter((value): value is Check => value !== null);
  const valid = !checks.includes('mismatch');

  return (
    <section className={valid ? 'verify-result verify-result--valid' : 'verify-result verify-result--invalid'} aria-label={t('result.title')} data-testid="crash-verify-result" data-valid={String(valid)}>
      <div className="verify-result__verdict">
        <span className="verify-result__icon" aria-hidden="true">
          {valid ? <ShieldCheckIcon size={22} /> : <AlertIcon size={22} />}
        </span>
        <div>
          <h3 className="verify-result__title">{valid ? t('crash.result.valid') : t('crash.result.invalid')}</h3>
          <p className="verify-result__text">{valid ? t('crash.result.validText') : t('crash.result.invalidText')}</p>
        </div>
      </div>
      <dl className="fact-grid crash-verify__facts">
        <div className="fact-grid__item verify-facts__item--win">
          <dt>{t('crash.result.crashPoint')}</dt>
          <dd data-testid="crash-verify-point" data-value={check.crashPoint}>
            {multiplier(check.crashPoint)}
          </dd>
        </div>
        <div className="fact-grid__item crash-verify__wide">
          <dt>{t('crash.result.hashOfHash')}</dt>
          <dd className="is-mono" data-testid="crash-verify-hash-of-hash">
            {check.hashOfHash}
          </dd>
        </div>
      </dl>
      {storedCheck ? (
        <CheckLine testId="crash-verify-match" check={storedCheck}>
          {storedCheck === 'match' ? t('crash.result.storedMatch', { value: multiplier(check.crashPoint) }) : t('crash.result.storedMismatch', { computed: multiplier(check.crashPoint), stored: multiplier(run.stored!) })}
        </CheckLine>
      ) : null}
      {check.previous ? (
        <CheckLine testId="crash-verify-previous" check={check.previous}>
          {check.previous === 'match' ? t('crash.result.previousMatch') : t('crash.result.previousMismatch')}
        </CheckLine>
      ) : run.fields.position.trim() === '0' ? (
        <p className="verify-result__text">{t('crash.result.firstRound')}</p>
      ) : null}
      {walk.status === 'running' ? (
        <div className="crash-verify__walk" data-testid="crash-verify-walking">
          <progress max={walk.total} value={walk.done} />
          <span>{t('crash.result.walking', { done: number(walk.done), total: number(walk.total) })}</span>
          <Button variant="outline" size="sm" onClick={stop} data-testid="crash-verify-stop">
            {t('crash.stop')}
          </Button>
        </div>
      ) : walk.status === 'done' ? (
        <CheckLine testId="crash-verify-chain" check={walk.result}>
          {walk.result === 'match' ? t('crash.result.chainMatch', { count: walk.total, total: number(walk.total) }) : t('crash.result.chainMismatch', { count: walk.total, total: number(walk.total) })}
        </CheckLine>
      ) : walk.status === 'stopped' ? (
        <p className="verify-result__text">{t('crash.result.walkStopped')}</p>
      ) : null}
    </section>
  );
}

function CheckLine({ check, testId, children }: { check: Check; testId: string; children: string }) {
  return (
    <p className={check === 'match' ? 'verify-match is-match' : 'verify-match is-mismatch'} data-testid={testId} data-match={String(check === 'match')}>
      {children}
    </p>
  );
}
