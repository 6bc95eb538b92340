import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrashState } from '@app/contracts';
import { buttonClassName, Modal, ShieldCheckIcon } from '@app/ui';
import { useCrashFormat } from './crash-format.ts';

/** The crash point's distribution gives every cash-out target the same 1 % edge (@app/house-games crash-point.ts). */
const HOUSE_EDGE_PERCENT = 1;

interface CrashRulesProps {
  state: CrashState;
  open: boolean;
  onClose: () => void;
}

/** How to play, the edge and the limits, and how anyone can check a round: the hash chain, its terminating hash and salt. */
export function CrashRules({ state, open, onClose }: CrashRulesProps) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  const { limits, chain } = state;
  const max = format.multiplierText(limits.maxMultiplier);
  const latest = state.history[0]?.id;
  return (
    <Modal open={open} onClose={onClose} title={t('crash.rules.title')} closeLabel={t('crash.rules.close')} size="lg" testId="crash-rules">
      <div className="mini-rules crash-rules">
        <dl className="slot-facts">
          <div>
            <dt>{t('crash.rules.edge')}</dt>
            <dd data-testid="crash-rules-edge">{`${HOUSE_EDGE_PERCENT}%`}</dd>
          </div>
          <div>
            <dt>{t('crash.rules.limits')}</dt>
            <dd>{t('crash.rules.limitsValue', { min: format.money(limits.minBet), max: format.money(limits.maxBet) })}</dd>
          </div>
          <div>
            <dt>{t('crash.rules.max')}</dt>
            <dd data-testid="crash-rules-max">{max}</dd>
          </div>
          <div>
            <dt>{t('crash.rules.minAuto')}</dt>
            <dd>{format.multiplierText(limits.minAutoCashOut)}</dd>
          </div>
        </dl>
        <p>{t('crash.rules.how')}</p>
        <p>{t('crash.rules.auto')}</p>
        <p>{t('crash.rules.maxText', { max })}</p>
        <p>{t('crash.rules.odds', { edge: HOUSE_EDGE_PERCENT })}</p>
        <p className="slot-paytable__note">{t('crash.rules.clock')}</p>

        <h3 className="crash-rules__subtitle">
          <ShieldCheckIcon size={18} aria-hidden="true" /> {t('crash.rules.fairTitle')}
        </h3>
        <p>{t('crash.rules.chain')}</p>
        <p>{t('crash.rules.point')}</p>
        {chain ? (
          <dl className="crash-rules__chain">
            <div>
              <dt>{t('crash.rules.terminatingHash')}</dt>
              <dd className="is-mono" data-testid="crash-rules-terminating-hash">
                {chain.terminatingHash}
              </dd>
            </div>
            <div>
              <dt>{t('crash.rules.salt')}</dt>
              <dd className="is-mono" data-testid="crash-rules-salt">
                {chain.salt}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="slot-paytable__note">{t('crash.rules.noChain')}</p>
        )}
        <div>
          <Link to={latest ? `/fairness?crash=${encodeURIComponent(latest)}` : '/fairness#crash-verifier'} className={buttonClassName('accent')} data-testid="crash-rules-verify">
            {t('crash.rules.verifyLink')}
          </Link>
        </div>
      </div>
    </Modal>
  );
}
