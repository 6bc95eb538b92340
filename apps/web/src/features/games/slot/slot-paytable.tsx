import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SlotTable } from '@app/contracts';
import { Modal } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { times } from './slot-money.ts';
import { SymbolTile } from './slot-reels.tsx';

interface SlotPaytableProps {
  table: SlotTable;
  lineBet: string;
  money: (amount: string) => string;
  open: boolean;
  onClose: () => void;
}

/** RTP, rules and what every symbol pays at the chosen bet: shown before play (and any time). */
export function SlotPaytable({ table, lineBet, money, open, onClose }: SlotPaytableProps) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const totalBet = times(lineBet, table.lines);
  const paying = table.symbols.filter((symbol) => symbol.kind !== 'scatter');
  const scatter = table.symbols.find((symbol) => symbol.id === table.scatter.symbol);
  const wild = table.symbols.find((symbol) => symbol.id === table.wild);

  return (
    <Modal open={open} onClose={onClose} title={t('slot.paytable.title', { name: table.names[language] })} closeLabel={t('slot.paytable.close')} size="lg" testId="slot-paytable">
      <div className="slot-paytable">
        <dl className="slot-facts">
          <div>
            <dt>{t('slot.rtp')}</dt>
            <dd data-testid="paytable-rtp">{t('slot.percent', { value: table.rtp.toLocaleString(language === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 }) })}</dd>
          </div>
          <div>
            <dt>{t('slot.hitFrequency')}</dt>
            <dd>{t('slot.percent', { value: table.hitFrequency.toLocaleString(language === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 1 }) })}</dd>
          </div>
          <div>
            <dt>{t('slot.linesLabel')}</dt>
            <dd>{table.lines}</dd>
          </div>
          <div>
            <dt>{t('slot.totalBet')}</dt>
            <dd>{money(totalBet)}</dd>
          </div>
        </dl>
        <p className="slot-paytable__note">{t('slot.paytable.howLines', { lines: table.lines, machine: table.machineNames[language] })}</p>
        {wild ? <p className="slot-paytable__note">{t('slot.paytable.wild', { name: wild.names[language] })}</p> : null}
        {scatter ? (
          <p className="slot-paytable__note">
            {t('slot.paytable.scatter', {
              name: scatter.names[language],
              spins: [...new Set(table.scatter.freeSpins.map((rule) => rule.spins))].join('/'),
              multiplier: table.freeSpins.multiplier,
            })}
          </p>
        ) : null}
        <table className="slot-paytable__table">
          <thead>
            <tr>
              <th>{t('slot.paytable.symbol')}</th>
              {[3, 4, 5].map((count) => (
                <th key={count}>{t('slot.paytable.ofAKind', { count })}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paying.map((symbol) => (
              <tr key={symbol.id}>
                <th scope="row">
                  <SymbolTile machine={table.machine} id={symbol.id} name={symbol.names[language]} />
                  <span>{symbol.names[language]}</span>
                </th>
                {[3, 4, 5].map((count) => {
                  const pay = symbol.pays.find((entry) => entry.count === count)?.pay;
                  return <td key={count}>{pay ? money(times(lineBet, pay)) : '—'}</td>;
                })}
              </tr>
            ))}
            {scatter ? (
              <tr>
                <th scope="row">
                  <SymbolTile machine={table.machine} id={scatter.id} name={scatter.names[language]} />
                  <span>{scatter.names[language]}</span>
                </th>
                {[3, 4, 5].map((count) => {
                  const pay = table.scatter.pays.find((entry) => entry.count === count)?.pay;
                  return <td key={count}>{pay ? money(times(totalBet, pay)) : '—'}</td>;
                })}
              </tr>
            ) : null}
          </tbody>
        </table>
        <p className="slot-paytable__note">
          {t('slot.paytable.fair')} <Link to="/fairness">{t('slot.paytable.fairLink')}</Link>
        </p>
      </div>
    </Modal>
  );
}
