import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGame, GamePrizeInput, GamePromotionType, GameSettingsInput } from '@app/contracts';
import { GAME_PRIZES_MAX } from '@app/contracts';
import { Button, TextField } from '@app/ui';
import { ApiError } from '../../shared/api.ts';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useSaveGame, usePromotionGame } from './games-api.ts';
import { toLocalInput } from './promotion-draft.ts';
import './games-panel.css';

interface PrizeDraft {
  labelPt: string;
  labelEn: string;
  kind: GamePrizeInput['kind'];
  amount: string;
  wageringMultiple: string;
  expiryDays: string;
  weight: string;
}

interface GameDraft {
  freeTickets: string;
  depositStep: string;
  betStep: string;
  maxTickets: string;
  drawAt: string;
  prizes: PrizeDraft[];
}

const emptyPrize = (): PrizeDraft => ({ labelPt: '', labelEn: '', kind: 'cash', amount: '', wageringMultiple: '', expiryDays: '', weight: '1' });

function draftOf(game: AdminGame | undefined): GameDraft {
  const settings = game?.settings;
  if (!settings) return { freeTickets: '1', depositStep: '', betStep: '', maxTickets: '', drawAt: '', prizes: [emptyPrize(), { ...emptyPrize(), kind: 'nothing', amount: '0.00', labelPt: 'Tente de novo', labelEn: 'Try again' }] };
  return {
    freeTickets: String(settings.freeTickets),
    depositStep: settings.depositStep ?? '',
    betStep: settings.betStep ?? '',
    maxTickets: settings.maxTickets === null ? '' : String(settings.maxTickets),
    drawAt: toLocalInput(settings.drawAt),
    prizes: settings.prizes.map((prize) => ({
      labelPt: prize.labelPt,
      labelEn: prize.labelEn,
      kind: prize.kind,
      amount: prize.amount,
      wageringMultiple: prize.wageringMultiple === null ? '' : String(prize.wageringMultiple),
      expiryDays: prize.expiryDays === null ? '' : String(prize.expiryDays),
      weight: String(prize.weight),
    })),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function inputOf(draft: GameDraft): GameSettingsInput {
  return {
    freeTickets: Number(draft.freeTickets || '0'),
    depositStep: orNull(draft.depositStep),
    betStep: orNull(draft.betStep),
    maxTickets: numberOrNull(draft.maxTickets),
    drawAt: draft.drawAt.trim() === '' ? null : new Date(draft.drawAt).toISOString(),
    prizes: draft.prizes.map((prize) => ({
      labelPt: prize.labelPt,
      labelEn: prize.labelEn,
      kind: prize.kind,
      amount: prize.kind === 'nothing' ? '0.00' : prize.amount.trim(),
      wageringMultiple: prize.kind === 'bonus' ? numberOrNull(prize.wageringMultiple) : null,
      expiryDays: prize.kind === 'bonus' ? numberOrNull(prize.expiryDays) : null,
      weight: Number(prize.weight),
    })),
  };
}

/**
 * The prize table and ticket rules of a wheel, golden-egg or raffle promotion, edited inside the
 * promotion editor. Publishing writes a new version of the table (the server keeps the old ones so
 * each recorded draw still shows what it was drawn from) and is audited.
 */
export function GamesPrizesPanel({ promotionId, type }: { promotionId: string | null; type: GamePromotionType }) {
  const { t } = useTranslation('admin-promotions');
  const game = usePromotionGame(promotionId);
  if (promotionId === null) return <p className="bo-muted bo-small">{t('games.saveFirst')}</p>;
  if (game.isPending) return <p className="bo-muted bo-small">{t('games.loading')}</p>;
  if (game.isError) return <ErrorLine error={game.error} testId="games-load-error" />;
  return <GamesForm key={promotionId} promotionId={promotionId} type={type} game={game.data} />;
}

function GamesForm({ promotionId, type, game }: { promotionId: string; type: GamePromotionType; game: AdminGame }) {
  const { t } = useTranslation('admin-promotions');
  const [draft, setDraft] = useState<GameDraft>(() => draftOf(game));
  const save = useSaveGame(promotionId);
  const raffle = type === 'raffle';
  const set = (field: Exclude<keyof GameDraft, 'prizes'>, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const setPrize = (index: number, field: keyof PrizeDraft, value: string) => setDraft((current) => ({ ...current, prizes: current.prizes.map((prize, at) => (at === index ? { ...prize, [field]: value } : prize)) }));
  const total = draft.prizes.reduce((sum, prize) => sum + (Number(prize.weight) || 0), 0);
  const problems = save.error instanceof ApiError && Array.isArray(save.error.details?.fields) ? (save.error.details.fields as { path?: unknown }[]).map((field) => fieldName(String(field.path ?? '').replace(/^body\./, ''))) : [];
  // The server names fields by path (`prizes.0.amount`): said here in the panel's words.
  function fieldName(path: string): string {
    const prize = /^prizes\.(\d+)\.(labelPt|labelEn|amount|weight|wageringMultiple|expiryDays|kind)$/.exec(path);
    if (prize) return `${t('games.prizeN', { n: Number(prize[1]) + 1 })} › ${t(`games.${prize[2] === 'weight' && raffle ? 'winners' : (prize[2] as 'labelPt' | 'labelEn' | 'amount' | 'weight' | 'wageringMultiple' | 'expiryDays' | 'kind')}`)}`;
    if (path === 'prizes') return t('games.prizes');
    if (path === 'freeTickets' || path === 'depositStep' || path === 'betStep' || path === 'maxTickets' || path === 'drawAt') return t(`games.${path}`);
    return path;
  }

  return (
    <section className="pr-games" data-testid="games-panel">
      <h3>{t(raffle ? 'games.raffleTitle' : 'games.title')}</h3>
      <p className="bo-muted bo-small">{t('games.explain')}</p>
      <div className="pr-grid">
        <TextField label={t('games.freeTickets')} value={draft.freeTickets} inputMode="numeric" onChange={(event) => set('freeTickets', event.target.value)} data-testid="games-freeTickets" />
        <TextField label={t('games.depositStep')} value={draft.depositStep} inputMode="decimal" onChange={(event) => set('depositStep', event.target.value)} data-testid="games-depositStep" />
        <TextField label={t('games.betStep')} value={draft.betStep} inputMode="decimal" onChange={(event) => set('betStep', event.target.value)} data-testid="games-betStep" />
        <TextField label={t('games.maxTickets')} value={draft.maxTickets} inputMode="numeric" onChange={(event) => set('maxTickets', event.target.value)} data-testid="games-maxTickets" />
        {raffle ? <TextField label={t('games.drawAt')} type="datetime-local" value={draft.drawAt} onChange={(event) => set('drawAt', event.target.value)} data-testid="games-drawAt" /> : null}
      </div>
      <div className="pr-games__scroll">
      <table className="bo-table pr-games__table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('games.labelPt')}</th>
            <th>{t('games.labelEn')}</th>
            <th>{t('games.kind')}</th>
            <th>{t('games.amount')}</th>
            <th>{t(raffle ? 'games.winners' : 'games.weight')}</th>
            {raffle ? null : <th>{t('games.chance')}</th>}
            <th />
          </tr>
        </thead>
        <tbody>
          {draft.prizes.map((prize, index) => (
            <tr key={index} data-testid={`games-prize-${index}`}>
              <td>{index + 1}</td>
              <td>
                <input className="pr-games__input" aria-label={`${t('games.labelPt')} ${index + 1}`} value={prize.labelPt} maxLength={60} onChange={(event) => setPrize(index, 'labelPt', event.target.value)} />
              </td>
              <td>
                <input className="pr-games__input" aria-label={`${t('games.labelEn')} ${index + 1}`} value={prize.labelEn} maxLength={60} onChange={(event) => setPrize(index, 'labelEn', event.target.value)} />
              </td>
              <td>
                <select className="pr-games__input" aria-label={`${t('games.kind')} ${index + 1}`} value={prize.kind} onChange={(event) => setPrize(index, 'kind', event.target.value)}>
                  {(['cash', 'bonus', 'nothing'] as const).map((value) => (
                    <option key={value} value={value}>
                      {t(`games.kinds.${value}`)}
                    </option>
                  ))}
                </select>
                {prize.kind === 'bonus' ? (
                  <span className="pr-games__bonus">
                    <input className="pr-games__input" aria-label={t('games.wageringMultiple')} placeholder={t('games.wageringMultiple')} value={prize.wageringMultiple} onChange={(event) => setPrize(index, 'wageringMultiple', event.target.value)} />
                    <input className="pr-games__input" aria-label={t('games.expiryDays')} placeholder={t('games.expiryDays')} value={prize.expiryDays} onChange={(event) => setPrize(index, 'expiryDays', event.target.value)} />
                  </span>
                ) : null}
              </td>
              <td>
                <input className="pr-games__input" aria-label={`${t('games.amount')} ${index + 1}`} inputMode="decimal" value={prize.kind === 'nothing' ? '0.00' : prize.amount} disabled={prize.kind === 'nothing'} onChange={(event) => setPrize(index, 'amount', event.target.value)} />
              </td>
              <td>
                <input className="pr-games__input pr-games__weight" aria-label={`${t(raffle ? 'games.winners' : 'games.weight')} ${index + 1}`} inputMode="numeric" value={prize.weight} onChange={(event) => setPrize(index, 'weight', event.target.value)} />
              </td>
              {raffle ? null : <td className="bo-num">{total > 0 ? `${(((Number(prize.weight) || 0) / total) * 100).toFixed(2)} %` : '—'}</td>}
              <td>
                <Button variant="ghost" size="sm" disabled={draft.prizes.length <= 1} onClick={() => setDraft((current) => ({ ...current, prizes: current.prizes.filter((_, at) => at !== index) }))}>
                  {t('games.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <div className="pr-games__actions">
        <Button variant="outline" size="sm" disabled={draft.prizes.length >= GAME_PRIZES_MAX} onClick={() => setDraft((current) => ({ ...current, prizes: [...current.prizes, emptyPrize()] }))} data-testid="games-add">
          {t('games.add')}
        </Button>
        <Button size="sm" disabled={save.isPending} onClick={() => save.mutate(inputOf(draft))} data-testid="games-save">
          {t('games.publish')}
        </Button>
      </div>
      <ErrorLine error={save.error} testId="games-save-error" />
      {problems.length > 0 ? <p className="bo-error">{t('games.problems', { fields: problems.join('; ') })}</p> : null}
      {save.isSuccess ? <p className="bo-small" role="status">{t('games.saved', { version: save.data.version })}</p> : null}
      <p className="bo-muted bo-small" data-testid="games-stats">
        {game.version > 0 ? t('games.stats', { version: game.version, hash: game.tableHash?.slice(0, 16) ?? '', draws: game.draws, paid: game.paid }) : t('games.unpublished')}
      </p>
      {game.raffle?.drawnAt ? <p className="bo-small">{t('games.raffleDrawn', { count: game.raffle.winners.length, tickets: game.raffle.ticketsEntered })}</p> : null}
    </section>
  );
}
