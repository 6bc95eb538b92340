import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsbookTicket } from '@app/contracts';
import { Alert, Button, SelectField } from '@app/ui';
import { formatCents } from '@app/kernel';
import { useAccountModals, useSession } from '../../account/index.ts';
import { useWalletFormat, walletKeys } from '../../wallet/index.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { sportsbookKeys } from '../api/sportsbook.api.ts';
import { displayOdds } from './book-names.ts';
import { accumulatorOdds, MAX_LEGS } from './slip-math.ts';
import { BetTypeTabs, OddsChangedPrompt, SlipLegs, SlipTitle, SystemPicker } from './slip-parts.tsx';
import { placeSlip, slipFigures, slipProblems } from './slip-placement.ts';
import { slipStore, useSlip, type OddsPolicy, type StakeMode } from './slip-store.ts';

const POLICIES: readonly OddsPolicy[] = ['none', 'higher', 'any'];
const STAKE_MODES: readonly StakeMode[] = ['unit', 'total'];

interface Outcome {
  placed: SportsbookTicket[];
  /** The whole ticket's refusal (accumulator, system) or "n placed, m refused" for singles. */
  refusal: string | null;
  legRefusals: Map<string, string>;
}

/** The slip: singles, an accumulator or a system, the stake, the odds-change choice, and placing it once. */
export function BetSlip({ onClose }: { onClose?: () => void }) {
  const { t, i18n } = useTranslation(['sportsbook', 'errors']);
  const slip = useSlip();
  const format = useWalletFormat('R$');
  const session = useSession();
  const modals = useAccountModals();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One request id per submission of this slip: a double click, or a retry after a lost answer, places once.
  const requestId = useRef<string | null>(null);
  const busy = useRef(false);

  const { selections, betType, stake, oddsPolicy } = slip;
  const signature = JSON.stringify([selections.map((item) => [item.eventId, item.marketKey, item.outcomeId, item.odds, item.stake]), betType, stake, slip.stakeMode, slip.system, oddsPolicy]);
  useEffect(() => {
    // A changed slip is a new submission.
    requestId.current = null;
  }, [signature]);

  const figures = slipFigures(slip);
  const problems = slipProblems(slip, figures);
  const changed = selections.some((item) => item.pendingOdds);
  const locked = selections.some((item) => item.locked);
  const blocked = problems.slip !== null || problems.legs.size > 0 || changed || locked || figures.tooManyCombinations;

  const place = async () => {
    setTouched(true);
    if (busy.current || blocked || selections.length === 0) return;
    if (!session.isLoggedIn) {
      modals.open({ kind: 'login' });
      return;
    }
    if (session.isTrial) {
      modals.open({ kind: 'trialRefused' });
      return;
    }
    busy.current = true;
    setPending(true);
    setOutcome(null);
    requestId.current ??= newRequestId();
    try {
      const result = await placeSlip(i18n, slip, figures, requestId.current);
      const legRefusals = new Map(result.refused.flatMap((item) => (item.key ? [[item.key, item.message] as const] : [])));
      const whole = result.refused.find((item) => item.key === null);
      const placedSingles = new Set(result.placed.flatMap((item) => (item.key ? [item.key] : [])));
      if (placedSingles.size > 0 && legRefusals.size > 0) slipStore.removeKeys(placedSingles);
      if (result.refused.length > 0) requestId.current = null;
      setOutcome({
        placed: result.placed.map((item) => item.ticket),
        refusal: whole?.message ?? (legRefusals.size > 0 ? t('slip.someRefused', { placed: result.placed.length, refused: legRefusals.size }) : null),
        legRefusals,
      });
      void queryClient.invalidateQueries({ queryKey: sportsbookKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  if (outcome && outcome.placed.length > 0 && outcome.refusal === null) {
    const total = outcome.placed.reduce((sum, ticket) => sum + Number(ticket.totalStake), 0);
    return (
      <div className="sb-slip__body" data-testid="sb-slip-placed">
        <SlipTitle count={selections.length} onClose={onClose} />
        <Alert tone="info" data-testid="sb-slip-placed-message">
          {outcome.placed.length === 1 ? t('slip.placed', { id: outcome.placed[0]!.id }) : t('slip.placedMany', { ids: outcome.placed.map((ticket) => ticket.id).join(', ') })}
        </Alert>
        <dl className="sb-slip__summary">
          <dt>{t('slip.totalStake')}</dt>
          <dd>{format.money(total.toFixed(2))}</dd>
          <dt>{t('slip.potentialReturn')}</dt>
          <dd>{format.money(outcome.placed.reduce((sum, ticket) => sum + Number(ticket.potentialReturn), 0).toFixed(2))}</dd>
        </dl>
        <div className="sb-slip__actions">
          <Button variant="primary" block onClick={() => { slipStore.clear(); setOutcome(null); setTouched(false); }} data-testid="sb-slip-new">{t('slip.newSlip')}</Button>
          <Button variant="outline" block onClick={() => setOutcome(null)}>{t('slip.keepSelections')}</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="sb-slip__body">
      <SlipTitle count={selections.length} onClose={onClose} />
      {selections.length === 0 ? (
        <p className="sb-slip__empty">{t('slip.empty')}</p>
      ) : (
        <>
          <BetTypeTabs slip={slip} />
          {betType === 'system' ? <SystemPicker slip={slip} /> : null}
          <SlipLegs slip={slip} touched={touched} problems={new Map([...problems.legs].map(([key, problem]) => [key, t(`slip.${problem}`)]))} refusals={outcome?.legRefusals ?? new Map()} />
          {selections.length >= MAX_LEGS ? <p className="sb-slip__hint" data-testid="sb-slip-full">{t('slip.maxLegs', { count: MAX_LEGS })}</p> : null}
          <button type="button" className="sb-slip__clear" onClick={() => slipStore.clear()}>{t('slip.clear')}</button>
          {betType === 'accumulator' ? (
            <p className="sb-slip__row"><span>{t('slip.totalOdds')}</span><strong data-testid="sb-slip-total-odds">{accumulatorOdds(selections.map((item) => item.odds))}</strong></p>
          ) : null}
          {betType !== 'single' ? (
            <div className="sb-slip__stake-row">
              {betType === 'system' ? (
                <div className="sb-slip__modes" role="radiogroup" aria-label={t('slip.stakeMode.label')}>
                  {STAKE_MODES.map((mode) => (
                    <button key={mode} type="button" role="radio" aria-checked={slip.stakeMode === mode} className={slip.stakeMode === mode ? 'is-active' : ''} data-testid={`sb-slip-mode-${mode}`} onClick={() => slipStore.set({ stakeMode: mode })}>
                      {t(`slip.stakeMode.${mode}`)}
                    </button>
                  ))}
                </div>
              ) : null}
              <label className="sb-slip__stake">
                <span>{betType === 'system' ? t(slip.stakeMode === 'unit' ? 'slip.stakePerBet' : 'slip.stakeTotal') : t('slip.stake')}</span>
                <input
                  inputMode="decimal"
                  autoComplete="off"
                  value={stake}
                  placeholder="0,00"
                  aria-invalid={touched && problems.slip !== null}
                  data-testid="sb-slip-stake"
                  onChange={(event) => slipStore.set({ stake: event.target.value })}
                  onBlur={() => setTouched(true)}
                />
              </label>
            </div>
          ) : null}
          {touched && problems.slip ? (
            <p className="sb-slip__error" role="alert" data-testid="sb-slip-stake-error">
              {problems.slip === 'stakeBelowBets' ? t('errors:sportsbook.stake_below_combinations') : t(`slip.${problems.slip}`)}
            </p>
          ) : null}
          {figures.tooManyCombinations ? <p className="sb-slip__error" role="alert">{t('errors:sportsbook.too_many_combinations')}</p> : null}
          <SelectField
            label={t('slip.oddsPolicy')}
            value={oddsPolicy}
            options={POLICIES.map((policy) => ({ value: policy, label: t(`slip.policy.${policy}`) }))}
            onValueChange={(value) => slipStore.setOddsPolicy(value)}
            data-testid="sb-slip-policy"
          />
          <dl className="sb-slip__summary">
            <dt>{t('slip.betCount')}</dt>
            <dd data-testid="sb-slip-bet-count">{figures.betCount}</dd>
            <dt>{t('slip.totalStake')}</dt>
            <dd data-testid="sb-slip-total-stake">{format.money(formatCents(figures.totalStakeCents))}</dd>
            <dt>{betType === 'system' ? t('slip.maxReturn') : t('slip.potentialReturn')}</dt>
            <dd data-testid="sb-slip-return">{format.money(formatCents(figures.returnCents))}</dd>
          </dl>
          {changed ? <OddsChangedPrompt /> : null}
          {locked ? <p className="sb-slip__error" role="alert" data-testid="sb-slip-locked">{t('slip.lockedLeg')}</p> : null}
          {outcome?.refusal ? (
            <Alert tone="error" data-testid="sb-slip-refusal">
              <span className="sb-slip__refusal"><strong>{t('slip.refused')}</strong> {outcome.refusal}</span>
            </Alert>
          ) : null}
          <Button variant="accent" block disabled={pending || changed || locked} onClick={() => void place()} data-testid="sb-slip-place">
            {pending ? t('slip.placing') : session.isLoggedIn ? t('slip.place') : t('slip.loginToBet')}
          </Button>
        </>
      )}
    </div>
  );
}

/** The phone bar's figure: the accumulator's odds, or the last pick's. */
export function slipBarOdds(slip: ReturnType<typeof slipStore.get>): string {
  const count = slip.selections.length;
  if (count >= 2 && slip.betType === 'accumulator') return accumulatorOdds(slip.selections.map((item) => item.odds));
  return displayOdds(slip.selections[count - 1]?.odds ?? '');
}
