import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { GgrReport, PaymentsReport } from '@app/contracts';
import { formatMoney } from '../../shared/format.ts';
import { shortDay } from './days.ts';

/**
 * The report charts (recharts), loaded only when a report page draws one: the library stays out
 * of the console's first page. Colours are fixed (SVG attributes take no CSS variables) and read
 * on both themes.
 */
const COLORS = { bets: '#7c5cff', wins: '#38bdf8', ggr: '#f6c445', ngr: '#34d399', deposits: '#34d399', withdrawals: '#f87171' };
const AXIS = { fontSize: 11, fill: '#8b93b8' };

function useMoney() {
  const { i18n } = useTranslation();
  const compact = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    axis: (value: number) => compact.format(value),
    full: (value: unknown) => formatMoney(String(Number(value).toFixed(2)), i18n.language),
    language: i18n.language,
  };
}

const tooltipStyle = { background: 'var(--color-surface)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-text)' };

/**
 * The frame of a chart by day: grid, days across, money up, tooltip and legend. A list of
 * elements rather than a component, so they stay the chart's own children.
 */
function dayAxes(money: ReturnType<typeof useMoney>) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#8b93b833" />,
    <XAxis key="x" dataKey="name" tick={AXIS} minTickGap={12} />,
    <YAxis key="y" tick={AXIS} tickFormatter={money.axis} width={56} />,
    <Tooltip key="tooltip" formatter={money.full} contentStyle={tooltipStyle} />,
    <Legend key="legend" />,
  ];
}

/** Per day: GGR bars with the NGR line; per product or vendor: bets and GGR bars, most bet first. */
export function GgrChart({ report, labelOf }: { report: GgrReport; labelOf: (key: string, label: string | null) => string }) {
  const { t } = useTranslation('admin-reports');
  const money = useMoney();
  if (report.groupBy === 'day') {
    const data = report.rows.map((row) => ({ name: shortDay(row.key, money.language), ggr: Number(row.ggr), ngr: Number(row.ngr ?? row.ggr) }));
    return (
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {dayAxes(money)}
          <Bar dataKey="ggr" name={t('columns.ggr')} fill={COLORS.ggr} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line dataKey="ngr" name={t('columns.ngr')} stroke={COLORS.ngr} strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    );
  }
  const data = report.rows.slice(0, 12).map((row) => ({ name: labelOf(row.key, row.label), bets: Number(row.bets), ggr: Number(row.ggr) }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(200, 44 + data.length * 36)}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#8b93b833" />
        <XAxis type="number" tick={AXIS} tickFormatter={money.axis} />
        <YAxis type="category" dataKey="name" tick={AXIS} width={110} />
        <Tooltip formatter={money.full} contentStyle={tooltipStyle} />
        <Legend />
        <Bar dataKey="bets" name={t('columns.bets')} fill={COLORS.bets} isAnimationActive={false} />
        <Bar dataKey="ggr" name={t('columns.ggr')} fill={COLORS.ggr} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Deposits credited and withdrawals paid per day. */
export function PaymentsChart({ report }: { report: PaymentsReport }) {
  const { t } = useTranslation('admin-reports');
  const money = useMoney();
  const data = report.rows.map((row) => ({ name: shortDay(row.day, money.language), deposits: Number(row.deposits.sum), withdrawals: Number(row.withdrawals.sum) }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        {dayAxes(money)}
        <Bar dataKey="deposits" name={t('columns.deposits')} fill={COLORS.deposits} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="withdrawals" name={t('columns.withdrawals')} fill={COLORS.withdrawals} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
