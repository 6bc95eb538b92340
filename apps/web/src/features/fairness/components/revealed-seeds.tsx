import { useTranslation } from 'react-i18next';
import type { FairnessState } from '@app/contracts';
import { Button } from '@app/ui';
import type { WalletFormat } from '../../wallet/index.ts';
import { SeedValue } from './seed-value.tsx';

type Revealed = FairnessState['revealed'][number];
export interface SeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  lastNonce: number;
}

/** "0 a 41 (42 apostas)": the nonces a revealed pair covers. */
export function useNoncesLabel(): (lastNonce: number) => string {
  const { t } = useTranslation('fairness');
  return (lastNonce) => (lastNonce <= 0 ? t('revealed.noBets') : t('revealed.noncesRange', { count: lastNonce, last: lastNonce - 1 }));
}

/** One revealed pair: seed, hash, client seed, nonces used, and a shortcut to the verifier. */
export function RevealedPair({ pair, onUse, revealedAt, format }: { pair: SeedPair; onUse: () => void; revealedAt?: string; format?: WalletFormat }) {
  const { t } = useTranslation('fairness');
  const noncesLabel = useNoncesLabel();
  return (
    <>
      <dl className="seed-list">
        <SeedValue label={t('revealed.serverSeed')} value={pair.serverSeed} testId="revealed-server-seed" />
        <SeedValue label={t('revealed.serverHash')} value={pair.serverSeedHash} testId="revealed-server-hash" />
        <div className="seed-list__pair">
          <SeedValue label={t('revealed.clientSeed')} value={pair.clientSeed} testId="revealed-client-seed" />
          <SeedValue label={t('revealed.nonces')} value={noncesLabel(pair.lastNonce)} mono={false} testId="revealed-nonces" />
        </div>
        {revealedAt && format ? <SeedValue label={t('revealed.revealedAt')} value={format.dateTime(revealedAt)} mono={false} /> : null}
      </dl>
      <div className="revealed-item__actions">
        <Button variant="outline" size="sm" onClick={onUse} data-testid="revealed-use">
          {t('revealed.use')}
        </Button>
      </div>
    </>
  );
}

/** Every revealed pair, newest first. */
export function RevealedSeeds({ revealed, format, onUse }: { revealed: readonly Revealed[]; format: WalletFormat; onUse: (pair: SeedPair) => void }) {
  const { t } = useTranslation('fairness');
  const newestFirst = [...revealed].sort((a, b) => Date.parse(b.revealedAt) - Date.parse(a.revealedAt));
  return (
    <section className="wallet-card fairness-card" aria-labelledby="fairness-revealed-title">
      <h2 className="wallet-card__title" id="fairness-revealed-title">
        {t('revealed.title')}
      </h2>
      {newestFirst.length === 0 ? (
        <p className="wallet-card__hint" data-testid="revealed-empty">
          {t('revealed.empty')}
        </p>
      ) : (
        <>
          <p className="wallet-card__hint">{t('revealed.hint')}</p>
          <ol className="card-stack revealed-list" data-testid="revealed-list">
            {newestFirst.map((pair) => (
              <li key={pair.serverSeedHash} className="line-card revealed-item" data-testid="revealed-item">
                <RevealedPair pair={pair} revealedAt={pair.revealedAt} format={format} onUse={() => onUse(pair)} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
