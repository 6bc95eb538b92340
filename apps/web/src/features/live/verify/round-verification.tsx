import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveResult, LiveRoundDetail } from '@app/contracts';
import { Button } from '@app/ui';
import { centsOf } from '../board/board-state.ts';
import { BaccaratBead, RouletteNumber } from '../components/result-chips.tsx';
import { useLiveFormat } from '../components/live-format.ts';
import { verifyLiveRound, type LiveCheck } from './live-verify.ts';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const cardText = (card: string) => `${card[0] === 'T' ? '10' : card[0]}${SUITS[card[1]!] ?? ''}`;

export function ResultText({ result, testId }: { result: LiveResult; testId?: string }) {
  const { t } = useTranslation('live');
  if (result.game === 'roulette') {
    return (
      <span className="live-result-text" data-testid={testId}>
        <RouletteNumber number={result.number} size="sm" /> {t(`roulette.colour.${result.colour}`)}
      </span>
    );
  }
  const letter = result.winner === 'player' ? 'P' : result.winner === 'banker' ? 'B' : 'T';
  return (
    <span className="live-result-text" data-testid={testId}>
      <BaccaratBead winner={letter} size="sm" /> {t('verify.hand', { player: result.playerCards.map(cardText).join(' '), playerTotal: result.playerTotal, banker: result.bankerCards.map(cardText).join(' '), bankerTotal: result.bankerTotal })}
    </span>
  );
}

function Fact({ label, value, testId, mono = false }: { label: string; value: ReactNode; testId?: string; mono?: boolean }) {
  return (
    <div className="live-fact">
      <dt>{label}</dt>
      <dd className={mono ? 'live-mono' : undefined} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * A finished round and what proves it: the commitment published before it, the revealed seed
 * (a baccarat shoe's only once the shoe has ended), the client seed and nonce, and "Verificar",
 * which recomputes the round in this browser and compares it with the stored result.
 */
export function RoundVerification({ detail }: { detail: LiveRoundDetail }) {
  const { t } = useTranslation('live');
  const format = useLiveFormat();
  const [check, setCheck] = useState<LiveCheck | null>(null);
  const [running, setRunning] = useState(false);
  const { round, verification } = detail;
  const seed = verification.game === 'roulette' ? verification.serverSeed : verification.shoeSeed;
  const run = async () => {
    setRunning(true);
    try {
      setCheck(await verifyLiveRound(verification, round.result));
    } finally {
      setRunning(false);
    }
  };
  const myStake = detail.myBets.reduce((sum, bet) => sum + centsOf(bet.amount), 0n);
  const myWin = detail.myBets.reduce((sum, bet) => sum + centsOf(bet.win ?? '0.00'), 0n);
  return (
    <div className="live-verify" data-testid="live-round-detail" data-game={detail.game}>
      <dl className="live-facts">
        <Fact label={t('verify.table')} value={`${detail.tableName} · ${t(`games.${detail.game}`)}`} />
        <Fact label={t('verify.round')} value={`#${round.number}${round.handInShoe ? ` · ${t('table.hand', { number: round.handInShoe })}` : ''}`} />
        <Fact label={t('verify.result')} value={round.result ? <ResultText result={round.result} testId="verify-stored-result" /> : t('verify.noResult')} />
        {detail.myBets.length > 0 ? <Fact label={t('verify.myStake')} value={format.cents(myStake)} testId="verify-my-stake" /> : null}
        {detail.myBets.length > 0 ? (
          <Fact label={t('verify.myWin')} value={format.cents(myWin)} testId="verify-my-win" />
        ) : null}
      </dl>
      <h3 className="live-panel__title">{t('verify.proof')}</h3>
      <dl className="live-facts live-facts--proof">
        <Fact label={verification.game === 'roulette' ? t('verify.seedHash') : t('verify.shoeHash')} value={verification.game === 'roulette' ? verification.serverSeedHash : verification.shoeHash} testId="verify-commitment" mono />
        <Fact label={verification.game === 'roulette' ? t('verify.seed') : t('verify.shoeSeed')} value={seed ?? (verification.game === 'baccarat' ? t('verify.shoeNotEnded') : t('verify.seedLater'))} testId="verify-seed" mono={seed !== null} />
        <Fact label={t('verify.clientSeed')} value={verification.clientSeed} testId="verify-client-seed" mono />
        <Fact label={t('verify.nonce')} value={verification.nonce} testId="verify-nonce" />
        {verification.game === 'baccarat' ? <Fact label={t('verify.firstCard')} value={t('verify.cards', { first: verification.firstCard, used: verification.cardsUsed })} testId="verify-first-card" /> : null}
      </dl>
      <p className="live-muted live-verify__how">{t(`verify.how.${detail.game}`)}</p>
      <Button variant="accent" onClick={() => void run()} disabled={seed === null || running} aria-busy={running} data-testid="verify-button">
        {running ? t('verify.running') : t('verify.button')}
      </Button>
      {check ? <CheckResult check={check} /> : null}
    </div>
  );
}

function CheckResult({ check }: { check: LiveCheck }) {
  const { t } = useTranslation('live');
  if (check.status !== 'done') {
    return (
      <p className="live-check is-fail" data-testid="verify-result" data-valid="false">
        {t(check.status === 'not_revealed' ? 'verify.notRevealed' : 'verify.invalid')}
      </p>
    );
  }
  return (
    <div className={`live-check ${check.valid ? 'is-pass' : 'is-fail'}`} data-testid="verify-result" data-valid={check.valid}>
      <p className="live-check__verdict">{check.valid ? t('verify.pass') : t('verify.fail')}</p>
      <dl className="live-facts">
        <Fact label={t('verify.recomputedHash')} value={`${check.hash} ${check.hashMatches ? '✓' : '✗'}`} testId="verify-recomputed-hash" mono />
        <Fact
          label={t('verify.recomputedResult')}
          value={
            <>
              <ResultText result={check.recomputed} testId="verify-recomputed-result" /> {check.resultMatches ? '✓' : '✗'}
            </>
          }
        />
      </dl>
    </div>
  );
}
