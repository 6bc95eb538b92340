import { useTranslation } from 'react-i18next';
import type { FairnessState, RotationResponse } from '@app/contracts';
import { TitledCard } from '../../wallet/index.ts';
import { SeedValue } from './seed-value.tsx';
import { ClientSeedForm } from './client-seed-form.tsx';
import { RotateSeedButton } from './rotate-seed-button.tsx';

interface ActiveSeedsProps {
  state: FairnessState;
  onRotated: (response: RotationResponse) => void;
  /** False while the verifier's "reveal needed" notice offers the (one) rotate button. */
  showRotate?: boolean;
}

/** The active pair (the server seed only by its hash), then the two ways to reveal it. */
export function ActiveSeeds({ state, onRotated, showRotate = true }: ActiveSeedsProps) {
  const { t } = useTranslation('fairness');
  return (
    <TitledCard level={2} titleId="fairness-active-title" title={t('active.title')} className="fairness-card">
      <dl className="seed-list">
        <SeedValue label={t('active.serverHash')} value={state.serverSeedHash} testId="fairness-server-hash" copyable hint={t('active.serverHashHint')} />
        <div className="seed-list__pair">
          <SeedValue label={t('active.clientSeed')} value={state.clientSeed} testId="fairness-client-seed" />
          <SeedValue label={t('active.nonce')} value={String(state.nonce)} testId="fairness-nonce" hint={t('active.nonceHint')} />
        </div>
      </dl>
      <div className="fairness-card__part">
        <h3 className="fairness-card__subtitle">{t('clientSeed.title')}</h3>
        <ClientSeedForm onChanged={onRotated} />
      </div>
      {showRotate ? (
        <div className="fairness-card__part">
          <h3 className="fairness-card__subtitle">{t('rotate.title')}</h3>
          <p className="wallet-card__hint">{t('rotate.text')}</p>
          <RotateSeedButton onRotated={onRotated} />
        </div>
      ) : null}
    </TitledCard>
  );
}
