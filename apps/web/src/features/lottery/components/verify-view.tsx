import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@app/ui';
import { drawQueryOptions, verifyQueryOptions } from '../api/lottery.api.ts';
import { ResultView } from './result-view.tsx';
import { LoadProblem } from './states.tsx';

function Verdict({ value, testId }: { value: boolean | null; testId: string }) {
  const { t } = useTranslation('lottery');
  const state = value === null ? 'pending' : value ? 'match' : 'mismatch';
  return <strong className={`lt-verdict is-${state}`} data-testid={testId} data-state={state}>{t(`verify.${state}`)}</strong>;
}

/**
 * A fast draw's proof: the commitment published before the draw opened, the secret revealed after,
 * the result recomputed from it and whether both match; and how to check it by hand.
 */
export function VerifyView({ drawId, onBack }: { drawId: string; onBack: () => void }) {
  const { t } = useTranslation('lottery');
  const proof = useQuery(verifyQueryOptions(drawId));
  const draw = useQuery(drawQueryOptions(drawId));
  if (proof.isPending) return <div className="lt-state"><Spinner label={t('state.loading')} /></div>;
  if (proof.isError) return <LoadProblem error={proof.error} onRetry={() => void proof.refetch()} />;
  const data = proof.data;
  return (
    <section className="lt-verify" data-testid="lt-verify" aria-label={t('verify.title')}>
      <header className="lt-verify__head">
        <h2>{t('verify.title')}</h2>
        <Button variant="ghost" size="sm" onClick={onBack}>{t('verify.back')}</Button>
      </header>
      {draw.data ? <p className="lt-verify__draw">{t('draw.number', { no: draw.data.drawNo })}</p> : null}
      <dl className="lt-verify__facts">
        <dt>{t('verify.commitHash')}</dt>
        <dd><code data-testid="lt-verify-hash">{data.commitHash}</code></dd>
        <dt>{t('verify.secret')}</dt>
        <dd>{data.secret ? <code data-testid="lt-verify-secret">{data.secret}</code> : <span>{t('verify.secretPending')}</span>}</dd>
        <dt>{t('verify.hashCheck')}</dt>
        <dd><Verdict value={data.hashMatches} testId="lt-verify-hash-matches" /></dd>
        <dt>{t('verify.published')}</dt>
        <dd>{draw.data?.result ? <ResultView result={draw.data.result} compact /> : '—'}</dd>
        <dt>{t('verify.recomputed')}</dt>
        <dd>{data.recomputed ? <ResultView result={data.recomputed} compact /> : '—'}</dd>
        <dt>{t('verify.resultCheck')}</dt>
        <dd><Verdict value={data.resultMatches} testId="lt-verify-result-matches" /></dd>
      </dl>
      <div className="lt-verify__how">
        <h3>{t('verify.howTitle')}</h3>
        <ol>
          <li>{t('verify.how1')}</li>
          <li>{t('verify.how2')}</li>
          <li>{t('verify.how3')}</li>
        </ol>
        <pre className="lt-verify__algorithm" data-testid="lt-verify-algorithm">{data.algorithm}</pre>
      </div>
    </section>
  );
}
