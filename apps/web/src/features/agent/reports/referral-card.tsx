import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';
import { useCopy } from '../../../shared/hooks/use-copy.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { referralQueryOptions } from '../api/agent.queries.ts';
import { ReportBody } from './report-kit.tsx';

const LINK_INPUT_ID = 'agent-referral-link';

/** The agent's registration link to share, with a copy button and its QR code (spec §1 referral link). */
export function ReferralCard() {
  const { t } = useTranslation('agent');
  const token = useSessionToken();
  const referral = useQuery(referralQueryOptions(token));
  const { feedback, copy } = useCopy(LINK_INPUT_ID);

  return (
    <section className="wallet-card agent-referral" aria-labelledby="agent-referral-title">
      <h2 className="wallet-card__title" id="agent-referral-title">
        {t('referral.title')}
      </h2>
      <p className="wallet-card__hint">{t('referral.lead')}</p>
      <ReportBody query={referral} testId="referral" framed={false}>
        {(data) => (
          <div className="stack">
            <div className="cluster cluster--center cluster--gap-4">
              <img className="agent-referral__qr" src={data.qrUrl} width={160} height={160} alt={t('referral.qrAlt')} data-testid="referral-qr" />
              <p className="agent-referral__code">
                <span>{t('referral.code')}</span>
                <strong data-testid="referral-code">{data.referralCode}</strong>
              </p>
            </div>
            <TextField
              id={LINK_INPUT_ID}
              label={t('referral.link')}
              readOnly
              value={data.link}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="referral-link"
              trailing={
                <Button variant="accent" onClick={() => void copy(data.link)} data-testid="referral-copy">
                  {t('referral.copy')}
                </Button>
              }
            />
            <p className={feedback === 'failed' ? 'agent-referral__feedback is-failed' : 'agent-referral__feedback'} role="status" data-testid="referral-copy-feedback">
              {feedback === 'copied' ? t('referral.copied') : feedback === 'failed' ? t('referral.copyFailed') : null}
            </p>
          </div>
        )}
      </ReportBody>
    </section>
  );
}
