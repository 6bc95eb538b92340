import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FairnessState, HouseRound, RotationResponse } from '@app/contracts';
import { Alert, ShieldCheckIcon, Spinner } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { errorCodeOf, useErrorMessage } from '../../../shared/error-message.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useSession } from '../../account/index.ts';
import { LoadFailed, TitledCard, useWalletFormat } from '../../wallet/index.ts';
import { isHouseRoundId } from '../api/fairness.api.ts';
import { fairnessQueryOptions, houseRoundQueryOptions } from '../api/fairness.queries.ts';
import { ActiveSeeds } from '../components/active-seeds.tsx';
import { CrashVerifier } from '../components/crash-verifier.tsx';
import { RevealedPair, RevealedSeeds, type SeedPair } from '../components/revealed-seeds.tsx';
import { RotateSeedButton } from '../components/rotate-seed-button.tsx';
import { Verifier } from '../components/verifier.tsx';
import { emptyVerifyFields, fieldsFromRound, fieldsFromSeeds, type VerifyFields } from '../verify-fields.ts';
import '../../wallet/components/wallet.css';
import '../components/fairness.css';

/** Where the verifier's fields came from; only a round's own fields are compared with it. */
type FieldsSource = { kind: 'manual' } | { kind: 'round'; key: string };

/**
 * /fairness: how the provably fair scheme works, the member's seed pair (change the client seed,
 * rotate the server seed), the revealed seeds, and a verifier that replays a round (slot or mini
 * game) in the browser. /fairness?round=<id> fills the verifier from one of the member's rounds;
 * /fairness?crash=<id> fills the crash verifier from a crash round.
 */
export function FairnessPage() {
  const { t, i18n } = useTranslation(['fairness', 'errors']);
  const language = currentLanguage(i18n);
  const { token, member } = useSession();
  const format = useWalletFormat(member?.currencySymbol ?? '');
  const state = useQuery(fairnessQueryOptions(token));
  const [searchParams] = useSearchParams();
  const roundParam = searchParams.get('round');
  const roundId = isHouseRoundId(roundParam) ? roundParam : null;
  const round = useQuery(houseRoundQueryOptions(token, roundId ?? '', roundId !== null));
  const roundData = roundId !== null ? round.data : undefined;

  // The verifier's fields live here: a round or a revealed pair fills them. Nothing is sent to a
  // server, so there is no request contract: the Verifier checks its fields with rules.validate.
  const form = useForm<VerifyFields>({ defaultValues: emptyVerifyFields(language), reValidateMode: 'onSubmit' });
  const [source, setSource] = useState<FieldsSource>({ kind: 'manual' });
  const [lastRevealed, setLastRevealed] = useState<SeedPair | null>(null);

  // Fill the verifier from the round when it arrives, and again once its server seed is revealed.
  const roundKey = roundData ? `${roundData.id}:${roundData.fairness.serverSeed ?? ''}` : null;
  const [roundFill, setRoundFill] = useState<{ key: string; fields: VerifyFields } | null>(null);
  if (roundData && roundKey !== null && roundKey !== roundFill?.key) {
    setRoundFill({ key: roundKey, fields: fieldsFromRound(roundData, language) });
    setSource({ kind: 'round', key: roundKey });
  }
  // In a layout effect: the form is filled before the browser paints, so no frame shows stale
  // fields. Messages stay until their field is edited, as when the fields were filled by hand.
  useLayoutEffect(() => {
    if (roundFill) form.reset(roundFill.fields, { keepErrors: true });
  }, [form, roundFill]);

  const verifierRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Opened from a round: the verifier is what the player came for. A frame later, so the
    // shell's scroll-to-top on a route change (a parent effect, run after this one) goes first.
    if (roundParam === null) return;
    const frame = window.requestAnimationFrame(() => verifierRef.current?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, [roundParam]);

  const onRotated = (response: RotationResponse) => setLastRevealed(response.revealed);
  const fillFromSeeds = (pair: SeedPair) => {
    form.reset(fieldsFromSeeds(pair, form.getValues()), { keepErrors: true });
    setSource({ kind: 'manual' });
    verifierRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div className="page fairness-page" data-testid="fairness-page">
      <PageHeader title={t('fairness:page.title')} subtitle={t('fairness:page.subtitle')} icon={<ShieldCheckIcon size={26} />} />
      <div className="fairness-top">
        <HowItWorks />
        <div className="stack stack--gap-4">
          <SeedState query={state} onRotated={onRotated} showRotate={roundData?.fairness.serverSeed !== null} />
          {lastRevealed ? (
            <section className="wallet-card fairness-card fairness-card--revealed" aria-labelledby="fairness-revealed-now-title" data-testid="fairness-revealed-now">
              <h2 className="wallet-card__title" id="fairness-revealed-now-title">
                {t('fairness:revealedNow.title')}
              </h2>
              <p className="wallet-card__hint">{t('fairness:revealedNow.text')}</p>
              <RevealedPair pair={lastRevealed} onUse={() => fillFromSeeds(lastRevealed)} />
            </section>
          ) : null}
        </div>
      </div>

      <section ref={verifierRef} className="wallet-card fairness-card fairness-verifier" aria-labelledby="fairness-verifier-title" id="verifier">
        <h2 className="wallet-card__title" id="fairness-verifier-title">
          {t('fairness:verify.title')}
        </h2>
        <p className="wallet-card__hint">{t('fairness:verify.intro')}</p>
        <Verifier
          form={form}
          format={format}
          stored={roundData && source.kind === 'round' && source.key === roundKey ? roundData.outcome : undefined}
          notice={<RoundNotice roundParam={roundParam} round={round} roundData={roundData} showFilled={source.kind === 'round'} onRotated={onRotated} />}
        />
      </section>

      <CrashVerifier roundParam={searchParams.get('crash')} />

      {state.data ? <RevealedSeeds revealed={state.data.revealed} format={format} onUse={fillFromSeeds} /> : null}
    </div>
  );
}

function HowItWorks() {
  const { t } = useTranslation('fairness');
  return (
    <TitledCard level={2} titleId="fairness-how-title" title={t('how.title')} className="fairness-card fairness-how">
      <ol className="fairness-steps">
        <li>{t('how.commit')}</li>
        <li>{t('how.combine')}</li>
        <li>{t('how.reveal')}</li>
        <li>{t('how.verify')}</li>
      </ol>
    </TitledCard>
  );
}

interface SeedStateProps {
  query: UseQueryResult<FairnessState>;
  onRotated: (response: RotationResponse) => void;
  showRotate: boolean;
}

function SeedState({ query, onRotated, showRotate }: SeedStateProps) {
  const { t } = useTranslation(['fairness', 'common']);
  const errorMessage = useErrorMessage();
  if (query.data) return <ActiveSeeds state={query.data} onRotated={onRotated} showRotate={showRotate} />;
  let content: ReactNode;
  if (query.isError && errorCodeOf(query.error) === 'auth.trial_refused') {
    // A trial account has no seeds: say why, the verifier below still works.
    content = <Alert data-testid="fairness-refused">{errorMessage(query.error)}</Alert>;
  } else if (query.isError) {
    content = <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    content = <Spinner label={t('common:loading')} layout="block" />;
  }
  return (
    <section className="wallet-card fairness-card" aria-labelledby="fairness-active-title" aria-busy={query.isFetching}>
      <h2 className="wallet-card__title" id="fairness-active-title">
        {t('fairness:active.title')}
      </h2>
      {content}
    </section>
  );
}

interface RoundNoticeProps {
  roundParam: string | null;
  round: { isPending: boolean; isError: boolean; error: unknown };
  roundData: HouseRound | undefined;
  showFilled: boolean;
  onRotated: (response: RotationResponse) => void;
}

/** What the page knows about the round it was opened from. */
function RoundNotice({ roundParam, round, roundData, showFilled, onRotated }: RoundNoticeProps) {
  const { t } = useTranslation(['fairness', 'errors']);
  const errorMessage = useErrorMessage();
  if (roundParam === null) return null;
  if (!isHouseRoundId(roundParam)) return <Alert data-testid="verify-round-failed">{t('errors:house.round_not_found')}</Alert>;
  if (roundData) {
    if (roundData.fairness.serverSeed === null) {
      return (
        <div className="stack reveal-needed" data-testid="reveal-needed">
          <Alert tone="info">{t('fairness:verify.revealNeeded', { id: roundData.id })}</Alert>
          <RotateSeedButton onRotated={onRotated} variant="accent" />
        </div>
      );
    }
    return showFilled ? (
      <Alert tone="info" data-testid="verify-from-round">
        {t('fairness:verify.fromRound', { id: roundData.id })}
      </Alert>
    ) : null;
  }
  if (round.isError) {
    return (
      <Alert data-testid="verify-round-failed">
        {t('fairness:verify.roundFailed', { id: roundParam })} {errorMessage(round.error)}
      </Alert>
    );
  }
  return (
    <Alert tone="info" data-testid="verify-round-loading">
      {t('fairness:verify.roundLoading', { id: roundParam })}
    </Alert>
  );
}
