import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, type GamePatch, type OperatorGame } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { Badge, type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { ErrorLine, Page } from '../../shared/components/page.tsx';
import { useSession } from '../../shared/session.tsx';
import { GAMES_PAGE_SIZE, useGamePatch, useGames, useVendors, type GameFilters } from './catalogue.api.ts';
import { FieldErrors } from './field-errors.tsx';
import { SortInput } from './sort-input.tsx';
import { Switch } from './switch.tsx';
import './catalogue.css';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';

/** The search box waits for a pause in typing before asking the server. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const SWITCHES = [
  { field: 'isHot', label: 'games.hot' },
  { field: 'isNew', label: 'games.new' },
  { field: 'enabled', label: 'games.enabled' },
  { field: 'maintenance', label: 'games.maintenance' },
] as const;

/** Every game, disabled ones too: filters, the switches players feel at once, order and names. */
export default function GamesPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const session = useSession();
  const mayManage = session.can('catalogue.manage');
  const vendors = useVendors();
  const [filters, setFilters] = useState<Omit<GameFilters, 'q'>>({ vendor: '', gameType: '', enabled: '', maintenance: '', pageNo: 1 });
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const query = useGames({ ...filters, q });
  const patch = useGamePatch();
  const [editing, setEditing] = useState<OperatorGame | null>(null);
  const pendingId = patch.isPending ? patch.variables?.id : undefined;
  const filter = <K extends keyof typeof filters>(key: K, value: (typeof filters)[K]) => setFilters((current) => ({ ...current, [key]: value, pageNo: 1 }));
  const change = (game: OperatorGame, change: GamePatch) => patch.mutate({ id: game.id, patch: change });
  const yesNo = [
    { value: '' as const, label: t('admin:common.all') },
    { value: 'true' as const, label: t('games.yes') },
    { value: 'false' as const, label: t('games.no') },
  ];

  const columns: Column<OperatorGame>[] = [
    {
      key: 'game',
      header: t('games.columns.game'),
      cell: (game) => (
        <span className="cat-game">
          <img src={game.iconUrl} alt="" loading="lazy" width={40} height={40} />
          <span className="cat-game__names">
            <span>{game.names.pt ?? game.names.en}</span>
            {game.names.pt ? <span className="cat-game__pt">{game.names.en}</span> : null}
          </span>
        </span>
      ),
    },
    {
      key: 'vendor',
      header: t('games.columns.vendor'),
      cell: (game) => (
        <span>
          {game.vendorName}
          <br />
          <span className="cat-vendor__code">{game.gameCode}</span>
        </span>
      ),
    },
    { key: 'type', header: t('games.columns.type'), cell: (game) => <Badge tone="neutral">{game.gameType}</Badge> },
    {
      key: 'switches',
      header: t('games.columns.switches'),
      cell: (game) => (
        <span className="cat-switches">
          {SWITCHES.map(({ field, label }) => (
            <Switch
              key={field}
              label={t(label)}
              tone={field === 'maintenance' ? 'warn' : undefined}
              checked={game[field]}
              disabled={!mayManage || pendingId === game.id}
              onChange={(event) => change(game, { [field]: event.target.checked })}
              data-testid={`game-${field}-${game.id}`}
            />
          ))}
        </span>
      ),
    },
    {
      key: 'sort',
      header: t('games.columns.sort'),
      cell: (game) =>
        mayManage ? (
          <SortInput value={game.sortOrder} label={t('games.columns.sort')} disabled={pendingId === game.id} onCommit={(sortOrder) => change(game, { sortOrder })} testId={`game-sort-${game.id}`} />
        ) : (
          game.sortOrder
        ),
    },
    {
      key: 'actions',
      header: t('games.columns.actions'),
      cell: (game) =>
        mayManage ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(game)} data-testid={`game-edit-${game.id}`}>
            {t('games.editNames')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Page title={t('games.title')} testId="catalogue-games-page">
      <div className="bo-filters cat-filters">
        <TextField className="cat-filters__search" label={t('games.search')} value={text} onChange={(event) => { setText(event.target.value); setFilters((current) => ({ ...current, pageNo: 1 })); }} maxLength={80} type="search" data-testid="games-search" />
        <SelectField
          label={t('games.columns.vendor')}
          value={filters.vendor}
          onValueChange={(value) => filter('vendor', value)}
          options={[{ value: '', label: t('admin:common.all') }, ...(vendors.data?.content ?? []).map((vendor) => ({ value: vendor.code, label: `${vendor.displayName} (${vendor.code})` }))]}
          data-testid="games-vendor"
        />
        <SelectField label={t('games.columns.type')} value={filters.gameType} onValueChange={(value) => filter('gameType', value)} options={[{ value: '', label: t('admin:common.all') }, ...GAME_TYPES.map((type) => ({ value: type, label: type }))]} data-testid="games-type" />
        <SelectField label={t('games.enabled')} value={filters.enabled} onValueChange={(value) => filter('enabled', value)} options={yesNo} data-testid="games-enabled" />
        <SelectField label={t('games.maintenance')} value={filters.maintenance} onValueChange={(value) => filter('maintenance', value)} options={yesNo} data-testid="games-maintenance" />
      </div>
      {!mayManage ? <p className="bo-muted">{t('readOnly')}</p> : null}
      <ErrorLine error={patch.error} testId="games-error" />
      <PagedTable query={query} columns={columns} rowKey={(game) => String(game.id)} testId="games" empty={t('games.empty')} pageNo={filters.pageNo} pageSize={GAMES_PAGE_SIZE} onPage={(pageNo) => setFilters((current) => ({ ...current, pageNo }))} />
      {editing ? <NamesDialog game={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

/** The names players see: Portuguese (left empty, players see the English one) and English. */
function NamesDialog({ game, onClose }: { game: OperatorGame; onClose: () => void }) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const patch = useGamePatch();
  const [pt, setPt] = useState(game.names.pt ?? '');
  const [en, setEn] = useState(game.names.en);
  const save = () => patch.mutate({ id: game.id, patch: { names: { pt: pt.trim(), en } } }, { onSuccess: onClose });
  return (
    <ActionDialog
      title={t('games.namesTitle', { code: game.gameCode, vendor: game.vendorName })}
      testId="game-names-dialog"
      onClose={onClose}
      action={
        <Button onClick={save} disabled={patch.isPending || en.trim() === ''} data-testid="game-names-save">
          {t('admin:common.save')}
        </Button>
      }
    >
      <TextField label={t('games.namePt')} value={pt} onChange={(event) => setPt(event.target.value)} maxLength={120} hint={t('games.namePtHint')} autoFocus data-testid="game-name-pt" />
      <TextField label={t('games.nameEn')} value={en} onChange={(event) => setEn(event.target.value)} maxLength={120} requiredMark data-testid="game-name-en" />
      <FieldErrors error={patch.error} />
    </ActionDialog>
  );
}
