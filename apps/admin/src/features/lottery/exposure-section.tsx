import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryAdminExposure } from '@app/contracts';
import { Button } from '@app/ui';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { QueryState } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { CapDialog } from './cap-dialog.tsx';
import { useDrawExposure } from './lottery.api.ts';

type NumberRow = LotteryAdminExposure['numbers'][number];
const TOP = 50;
const CAPPABLE = ['scheduled', 'open'];

/** Per-number exposure of a draw against its caps, the most exposed first; caps changed here (lottery.manage). */
export function ExposureSection({ drawId, onNotice }: { drawId: string; onNotice: (text: string) => void }) {
  const { t, i18n } = useTranslation('admin-lottery');
  const query = useDrawExposure(drawId, TOP);
  const mayManage = useSession().can('lottery.manage');
  const [editing, setEditing] = useState<{ number?: string; current: string | null } | null>(null);
  const money = (amount: string) => <span className="lt-nowrap">{formatMoney(amount, i18n.language)}</span>;
  return (
    <section data-testid="lt-exposure">
      <h2 className="lt-section-title">{t('exposure.title')}</h2>
      <p className="bo-muted lt-small">{t('exposure.explain')}</p>
      <QueryState query={query}>
        {() => {
          const exposure = query.data!;
          const open = CAPPABLE.includes(exposure.status);
          const columns: Column<NumberRow>[] = [
            { key: 'number', header: t('exposure.columns.number'), cell: (row) => <strong className="lt-num">{row.number}</strong> },
            { key: 'tickets', header: t('exposure.columns.tickets'), cell: (row) => row.tickets, numeric: true },
            { key: 'stake', header: t('exposure.columns.stake'), cell: (row) => money(row.stake), numeric: true },
            { key: 'potential', header: t('exposure.columns.potential'), cell: (row) => <strong>{money(row.potentialPayout)}</strong>, numeric: true },
            { key: 'cap', header: t('exposure.columns.cap'), cell: (row) => <span>{money(row.cap)}{row.capOverride ? <span className="lt-small bo-muted"> ({t('exposure.own')})</span> : null}</span>, numeric: true },
            {
              key: 'used',
              header: t('exposure.columns.used'),
              cell: (row) => (
                <span className="lt-nowrap" data-testid={`lt-exposure-used-${row.number}`}>
                  <span className={`lt-bar${row.usedPercent >= 100 ? ' lt-bar--over' : row.usedPercent >= 80 ? ' lt-bar--warn' : ''}`}>
                    <span style={{ width: `${Math.min(100, row.usedPercent)}%` }} />
                  </span>
                  {new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(row.usedPercent)}%
                </span>
              ),
            },
            ...(mayManage && open ? [{ key: 'edit', header: t('games.columns.actions'), hiddenHeader: true, cell: (row: NumberRow) => <Button size="sm" variant="outline" onClick={() => setEditing({ number: row.number, current: row.capOverride })} data-testid={`lt-cap-${row.number}`}>{t('exposure.editCap')}</Button> }] : []),
          ];
          return (
            <>
              <dl className="lt-facts">
                <div><dt>{t('exposure.gameCap')}</dt><dd>{money(exposure.gameCap)}</dd></div>
                <div><dt>{t('exposure.drawCap')}</dt><dd data-testid="lt-exposure-draw-cap">{exposure.drawCap ? money(exposure.drawCap) : <span className="bo-muted">{t('exposure.inherits')}</span>}</dd></div>
                <div><dt>{t('exposure.totalStake')}</dt><dd>{money(exposure.totalStake)}</dd></div>
                <div><dt>{t('exposure.totalLiability')}</dt><dd>{money(exposure.totalLiability)}</dd></div>
                <div><dt>{t('exposure.numbers')}</dt><dd>{exposure.totalNumbers}</dd></div>
              </dl>
              {mayManage && open ? (
                <div className="lt-actions">
                  <Button size="sm" variant="outline" onClick={() => setEditing({ current: exposure.drawCap })} data-testid="lt-cap-draw">{t('exposure.setDrawCap')}</Button>
                  <Button size="sm" variant="outline" onClick={() => setEditing({ number: '', current: null })} data-testid="lt-cap-number">{t('exposure.setNumberCap')}</Button>
                </div>
              ) : null}
              {!open ? <p className="bo-muted lt-small">{t('exposure.closed')}</p> : null}
              <DataTable rows={exposure.numbers} columns={columns} rowKey={(row) => row.number} testId="lt-exposure-numbers" empty={t('exposure.empty')} />
            </>
          );
        }}
      </QueryState>
      {editing ? <CapDialog drawId={drawId} number={editing.number} current={editing.current} onClose={() => setEditing(null)} onDone={(text) => { setEditing(null); onNotice(text); }} /> : null}
    </section>
  );
}
