import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { newRequestId, useBookText } from './book-text.ts';
import { useCreateEvent } from './sportsbook.api.ts';

/** The sports an operator creates events in (the sandbox's: the same ids join the same lists). */
const SPORTS = [
  { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
  { id: 'basketball', kind: 'sport', namePt: 'Basquete', nameEn: 'Basketball' },
  { id: 'tennis', kind: 'sport', namePt: 'Tênis', nameEn: 'Tennis' },
  { id: 'volleyball', kind: 'sport', namePt: 'Vôlei', nameEn: 'Volleyball' },
  { id: 'cs2', kind: 'esport', namePt: 'Counter-Strike 2', nameEn: 'Counter-Strike 2' },
  { id: 'lol', kind: 'esport', namePt: 'League of Legends', nameEn: 'League of Legends' },
  { id: 'dota2', kind: 'esport', namePt: 'Dota 2', nameEn: 'Dota 2' },
  { id: 'cockfight', kind: 'cockfight', namePt: 'Rinha de galo', nameEn: 'Cockfight' },
] as const;

/** The main market each sport's list shows, and its outcomes (feed/markets.ts mainMarketType). */
const mainMarket = (sportId: string) => (sportId === 'football' ? { type: '1x2', outcomes: ['home', 'draw', 'away'] } : sportId === 'cockfight' ? { type: 'cockfight_winner', outcomes: ['meron', 'wala', 'draw'] } : { type: 'match_winner', outcomes: ['home', 'away'] });

/** A local date-time for the input, an hour from now. */
const inAnHour = () => {
  const date = new Date(Date.now() + 3_600_000);
  date.setSeconds(0, 0);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A new event by hand (producer manual) with its main market's odds. */
export function CreateEventDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin-sportsbook');
  const { marketName, outcomeName } = useBookText();
  const navigate = useNavigate();
  const create = useCreateEvent();
  const [requestId] = useState(newRequestId);
  const [form, setForm] = useState({ sport: 'football', category: '', country: '', tournament: '', home: '', away: '', start: inAnHour() });
  const [odds, setOdds] = useState<Record<string, string>>({});
  const market = mainMarket(form.sport);
  const sport = SPORTS.find((each) => each.id === form.sport) ?? SPORTS[0];
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  const filled = market.outcomes.filter((outcome) => (odds[outcome] ?? '').trim() !== '');
  const submit = () =>
    create.mutate(
      {
        requestId,
        sport: { ...sport },
        category: { namePt: form.category.trim(), ...(form.country.trim() ? { countryCode: form.country.trim().toUpperCase() } : {}) },
        tournament: { namePt: form.tournament.trim() },
        home: form.home.trim(),
        away: form.away.trim(),
        startAt: new Date(form.start).toISOString(),
        markets: filled.length === market.outcomes.length ? [{ type: market.type, outcomes: market.outcomes.map((id) => ({ id, odds: (odds[id] ?? '').trim().replace(',', '.') })) }] : [],
      },
      { onSuccess: (change) => navigate(`/sportsbook/events/${encodeURIComponent(change.eventId)}`) },
    );
  const startValid = !Number.isNaN(Date.parse(form.start));
  return (
    <ActionDialog
      title={t('create.title')}
      testId="sb-create-dialog"
      onClose={onClose}
      size="lg"
      action={
        <Button onClick={submit} disabled={create.isPending || !form.category.trim() || !form.tournament.trim() || !form.home.trim() || !form.away.trim() || !startValid} data-testid="sb-create-submit">
          {t('create.submit')}
        </Button>
      }
    >
      <div className="sb-form-grid">
        <SelectField label={t('create.sport')} value={form.sport} onValueChange={(value) => setForm({ ...form, sport: value })} options={SPORTS.map((each) => ({ value: each.id, label: `${each.namePt} / ${each.nameEn}` }))} data-testid="sb-create-sport" />
        <TextField label={t('create.start')} type="datetime-local" value={form.start} onChange={set('start')} data-testid="sb-create-start" />
        <TextField label={t('create.category')} value={form.category} maxLength={120} onChange={set('category')} data-testid="sb-create-category" />
        <TextField label={t('create.country')} value={form.country} maxLength={2} onChange={set('country')} data-testid="sb-create-country" />
        <TextField label={t('create.tournament')} value={form.tournament} maxLength={160} onChange={set('tournament')} data-testid="sb-create-tournament" />
        <span />
        <TextField label={t('create.home')} value={form.home} maxLength={160} onChange={set('home')} data-testid="sb-create-home" />
        <TextField label={t('create.away')} value={form.away} maxLength={160} onChange={set('away')} data-testid="sb-create-away" />
      </div>
      <h3 className="sb-section-title">{t('create.mainMarket', { market: marketName(market.type) })}</h3>
      <div className="sb-form-grid">
        {market.outcomes.map((outcome) => (
          <TextField
            key={outcome}
            label={t('create.odds', { outcome: outcomeName(outcome, { home: form.home || null, away: form.away || null, competitors: [] }) })}
            inputMode="decimal"
            value={odds[outcome] ?? ''}
            maxLength={12}
            onChange={(event) => setOdds({ ...odds, [outcome]: event.target.value })}
            data-testid={`sb-create-odds-${outcome}`}
          />
        ))}
      </div>
      <ErrorLine error={create.error} testId="sb-create-error" />
    </ActionDialog>
  );
}
