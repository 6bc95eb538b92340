import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '@app/i18n';
import { Alert, Button, DataTable, formatBrl, formatDate, Spinner, TextField, type Column } from '@app/ui';
import type { ReferralOverview, ReferralReferee } from '@app/contracts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useCopy } from '../../../shared/hooks/use-copy.ts';
import { useReferralOverview } from '../referral.api.ts';
import { ReferralRules } from './referral-rules.tsx';
import './referral.css';

const LINK_INPUT_ID = 'member-referral-link';

/** /member?tab=referral (spec §2 "invite friends"): code, link, QR code, sharing, the rules, counters and friends. */
export function ReferralTab() {
  const { t, i18n } = useTranslation(['referral', 'common']);
  const overview = useReferralOverview();
  const locale = intlLocaleOf(currentLanguage(i18n));
  if (overview.isError) {
    return (
      <Alert tone="error" data-testid="referral-error">
        {t('loadFailed')}{' '}
        <Button variant="ghost" onClick={() => void overview.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  }
  if (!overview.data) return <Spinner label={t('common:loading')} layout="block" />;
  const data = overview.data;
  return (
    <div className="referral" data-testid="referral-tab">
      {data.enabled ? null : (
        <Alert tone="info" data-testid="referral-off">
          {t('off')}
        </Alert>
      )}
      <ShareCard data={data} />
      <section className="referral-card" aria-labelledby="referral-counters-title">
        <h2 className="referral-card__title" id="referral-counters-title">
          {t('friendsTitle')}
        </h2>
        <dl className="referral-counters">
          <Counter label={t('invited')} value={String(data.counters.invited)} testId="referral-invited" />
          <Counter label={t('qualified')} value={String(data.counters.qualified)} testId="referral-qualified" />
          <Counter label={t('earned')} value={formatBrl(data.counters.earned, locale)} testId="referral-earned" raw={data.counters.earned} />
        </dl>
        <Friends referees={data.referees} locale={locale} />
      </section>
      {data.rules ? <ReferralRules rules={data.rules} locale={locale} /> : null}
    </div>
  );
}

function ShareCard({ data }: { data: ReferralOverview }) {
  const { t } = useTranslation('referral');
  const { feedback, copy } = useCopy(LINK_INPUT_ID);
  const message = `${t('shareText')} ${data.link}`;
  return (
    <section className="referral-card" aria-labelledby="referral-share-title">
      <h2 className="referral-card__title" id="referral-share-title">
        {t('shareCardTitle')}
      </h2>
      <p className="referral-card__hint">{t('intro')}</p>
      <div className="referral-share">
        <img className="referral-share__qr" src={data.qrUrl} width={160} height={160} alt={t('qr')} data-testid="member-referral-qr" />
        <div className="referral-share__body">
          <p className="referral-share__code">
            <span>{t('code')}</span>
            <strong data-testid="member-referral-code">{data.code}</strong>
          </p>
          <TextField
            id={LINK_INPUT_ID}
            label={t('link')}
            readOnly
            value={data.link}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="member-referral-link"
            trailing={
              <Button variant="accent" onClick={() => void copy(data.link)} data-testid="member-referral-copy">
                {t('copy')}
              </Button>
            }
          />
          <p className={feedback === 'failed' ? 'referral-share__feedback is-failed' : 'referral-share__feedback'} role="status" data-testid="member-referral-copy-feedback">
            {feedback === 'copied' ? t('copied') : feedback === 'failed' ? t('copyFailed') : null}
          </p>
          <div className="referral-share__links" aria-label={t('shareTitle')} role="group">
            <a className="referral-share__link is-whatsapp" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer" data-testid="referral-share-whatsapp">
              {t('shareWhatsapp')}
            </a>
            <a
              className="referral-share__link is-telegram"
              href={`https://t.me/share/url?url=${encodeURIComponent(data.link)}&text=${encodeURIComponent(t('shareText'))}`}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="referral-share-telegram"
            >
              {t('shareTelegram')}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

function Counter({ label, value, testId, raw }: { label: string; value: string; testId: string; raw?: string }) {
  return (
    <div className="referral-counters__item">
      <dt>{label}</dt>
      <dd data-testid={testId} data-value={raw ?? value}>
        {value}
      </dd>
    </div>
  );
}

function Friends({ referees, locale }: { referees: ReferralReferee[]; locale: string }) {
  const { t } = useTranslation('referral');
  const figure = (amount: string, met: boolean) => (
    <span className="referral-figure">
      <span>{amount}</span>
      <span className={met ? 'referral-goal is-met' : 'referral-goal'}>{met ? `✓ ${t('met')}` : t('notMet')}</span>
    </span>
  );
  const columns: Column<ReferralReferee>[] = [
    { key: 'friend', header: t('friend'), cell: (row) => row.account, rowHeader: true },
    { key: 'registered', header: t('registered'), cell: (row) => formatDate(row.registeredAt, locale) },
    {
      key: 'deposit',
      header: t('deposit'),
      cell: (row) => figure(row.firstDeposit === null ? t('noDeposit') : formatBrl(row.firstDeposit, locale), row.depositMet),
    },
    {
      key: 'bet',
      header: t('validBet'),
      cell: (row) => figure(formatBrl(row.validBet, locale), row.validBetMet),
    },
    { key: 'status', header: t('status'), cell: (row) => <span className={`referral-status is-${row.status}`}>{t(`statuses.${row.status}`)}</span>, testId: 'referral-friend-status' },
    { key: 'reward', header: t('reward'), cell: (row) => (row.reward === null ? '—' : formatBrl(row.reward, locale)), numeric: true },
  ];
  return <DataTable columns={columns} rows={referees} rowKey={(row) => `${row.account}-${row.registeredAt}`} empty={t('empty')} testId="referral-friends" />;
}
