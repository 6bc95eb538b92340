import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_TYPES, type AdminPromotion, type PeriodicConfig, type PeriodicConfigInput, type ProductType } from '@app/contracts';
import { Button, TextField } from '@app/ui';
import { ErrorLine, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { usePeriodicConfig, useSavePeriodicConfig } from './periodic-api.ts';
import './periodic-panel.css';

type RateRows = { vipLevel: string; percents: Record<ProductType, string> }[];

const emptyPercents = (): Record<ProductType, string> => Object.fromEntries(PRODUCT_TYPES.map((type) => [type, ''])) as Record<ProductType, string>;

function rowsOf(config: PeriodicConfigInput | null): RateRows {
  const rows = new Map<number, Record<ProductType, string>>([[0, emptyPercents()]]);
  if (config?.kind === 'rebate') {
    for (const rate of config.rates) {
      const percents = rows.get(rate.vipLevel) ?? emptyPercents();
      percents[rate.productType] = rate.percent;
      rows.set(rate.vipLevel, percents);
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([vipLevel, percents]) => ({ vipLevel: String(vipLevel), percents }));
}

/** A percentage as the server takes it (0–100, up to three decimals); blank allowed for a rate cell. */
function percentOk(value: string, blankAllowed: boolean): boolean {
  const text = value.trim().replace(',', '.');
  if (text === '') return blankAllowed;
  return /^\d{1,3}(\.\d{1,3})?$/.test(text) && Number(text) <= 100 && (blankAllowed || Number(text) > 0);
}

/** "50" or "50,5" as the server's "50.50". */
function moneyText(value: string): string {
  const [whole = '0', cents = ''] = value.trim().replace(',', '.').split('.');
  return `${whole || '0'}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** The rates typed, as the server takes them (a blank cell: no rebate for that product at that level). */
function ratesOf(rows: RateRows): PeriodicConfigInput {
  return {
    kind: 'rebate',
    rates: rows.flatMap((row) =>
      PRODUCT_TYPES.flatMap((productType) => {
        const percent = row.percents[productType].trim().replace(',', '.');
        return percent === '' ? [] : [{ vipLevel: Number(row.vipLevel), productType, percent }];
      }),
    ),
  };
}

/**
 * A rebate or cashback promotion's periodic rule, inside the promotion editor: rebate rates per
 * product type and VIP level, or the cashback percent and minimum net loss. Saved on its own
 * (audited); the runs are on the "Runs" screen.
 */
export function PeriodicPanel({ promotion, type }: { promotion: AdminPromotion | null; type: 'rebate' | 'cashback' }) {
  const { t } = useTranslation('admin-promotions');
  if (promotion) return <PeriodicRule promotion={promotion} />;
  return (
    <section className="pr-periodic" data-testid="periodic-panel">
      <h3>{type === 'rebate' ? t('periodic.rebateTitle') : t('periodic.cashbackTitle')}</h3>
      <p className="bo-muted pr-periodic__note">{t('periodic.saveFirst')}</p>
    </section>
  );
}

function PeriodicRule({ promotion }: { promotion: AdminPromotion }) {
  const query = usePeriodicConfig(promotion.id);
  return (
    <QueryState query={query}>
      {() => (query.data ? <RuleForm key={query.data.updatedAt ?? 'new'} promotion={promotion} loaded={query.data} /> : null)}
    </QueryState>
  );
}

/** The form, started from the saved rule (a save remounts it from the answer). */
function RuleForm({ promotion, loaded }: { promotion: AdminPromotion; loaded: PeriodicConfig }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const save = useSavePeriodicConfig(promotion.id);
  const kind = promotion.type === 'cashback' ? 'cashback' : 'rebate';
  const [rows, setRows] = useState<RateRows>(() => rowsOf(loaded.config));
  const [cashback, setCashback] = useState(() => (loaded.config?.kind === 'cashback' ? { percent: loaded.config.percent, minNetLoss: loaded.config.minNetLoss } : { percent: '', minNetLoss: '0.00' }));

  const setPercent = (index: number, type: ProductType, value: string) => setRows((current) => current.map((row, at) => (at === index ? { ...row, percents: { ...row.percents, [type]: value } } : row)));
  const setLevel = (index: number, value: string) => setRows((current) => current.map((row, at) => (at === index ? { ...row, vipLevel: value.replace(/\D/g, '') } : row)));
  const invalid =
    kind === 'rebate'
      ? rows.some((row) => row.vipLevel === '' || Number(row.vipLevel) > 100 || PRODUCT_TYPES.some((type) => !percentOk(row.percents[type], true))) || new Set(rows.map((row) => Number(row.vipLevel))).size !== rows.length
      : !percentOk(cashback.percent, false) || !/^\d{1,9}([.,]\d{1,2})?$/.test(cashback.minNetLoss.trim());
  const input: PeriodicConfigInput = kind === 'rebate' ? ratesOf(rows) : { kind: 'cashback', percent: cashback.percent.trim().replace(',', '.'), minNetLoss: moneyText(cashback.minNetLoss) };

  return (
    <section className="pr-periodic" data-testid="periodic-panel">
      <h3>{kind === 'rebate' ? t('periodic.rebateTitle') : t('periodic.cashbackTitle')}</h3>
      <p className="bo-muted pr-periodic__note">{kind === 'rebate' ? t('periodic.rebateExplain', { timeZone: loaded.timeZone }) : t('periodic.cashbackExplain', { timeZone: loaded.timeZone })}</p>
      <p className="bo-muted pr-periodic__note">{t('periodic.capExplain', { amount: formatMoney(promotion.reward.amount, i18n.language) })}</p>
      {kind === 'rebate' ? (
        <>
          <div className="pr-periodic__table-wrap">
            <table className="pr-periodic__table" data-testid="periodic-rates">
              <thead>
                <tr>
                  <th scope="col">{t('periodic.productColumn')}</th>
                  {rows.map((row, index) => (
                    <th scope="col" key={index}>
                      {index === 0 && row.vipLevel === '0' ? (
                        <span className="pr-nowrap">{t('periodic.everyone')}</span>
                      ) : (
                        <span className="pr-periodic__level">
                          <span className="pr-nowrap">{t('periodic.level')}</span>
                          <input className="pr-periodic__cell" aria-label={t('periodic.vipLevel')} aria-invalid={row.vipLevel === '' || Number(row.vipLevel) > 100} inputMode="numeric" value={row.vipLevel} onChange={(event) => setLevel(index, event.target.value)} data-testid={`periodic-level-${index}`} />
                          <button type="button" className="pr-periodic__remove" aria-label={t('periodic.removeLevel', { level: row.vipLevel })} onClick={() => setRows((current) => current.filter((_, at) => at !== index))} data-testid={`periodic-remove-${index}`}>
                            ×
                          </button>
                        </span>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PRODUCT_TYPES.map((type) => (
                  <tr key={type}>
                    <th scope="row">{t(`periodic.product.${type}`)}</th>
                    {rows.map((row, index) => (
                      <td key={index}>
                        <input
                          className="pr-periodic__cell"
                          aria-label={`${t(`periodic.product.${type}`)} — ${t('periodic.vipLevel')} ${row.vipLevel} (%)`}
                          inputMode="decimal"
                          placeholder="—"
                          value={row.percents[type]}
                          aria-invalid={!percentOk(row.percents[type], true)}
                          onChange={(event) => setPercent(index, type, event.target.value)}
                          data-testid={`periodic-rate-${index}-${type}`}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="bo-muted pr-periodic__note">{t('periodic.percentHint')}</p>
          <p className="bo-muted pr-periodic__note">{t('periodic.vipLater')}</p>
          <p className="bo-muted pr-periodic__note">{t('periodic.mapping')}</p>
          <span>
            <Button size="sm" variant="outline" onClick={() => setRows((current) => [...current, { vipLevel: String(Math.max(...current.map((row) => Number(row.vipLevel) || 0)) + 1), percents: emptyPercents() }])} data-testid="periodic-add-level">
              {t('periodic.addLevel')}
            </Button>
          </span>
        </>
      ) : (
        <div className="pr-grid">
          <TextField label={t('periodic.cashbackPercent')} inputMode="decimal" value={cashback.percent} onChange={(event) => setCashback({ ...cashback, percent: event.target.value })} data-testid="periodic-cashback-percent" />
          <TextField label={t('periodic.minNetLoss')} inputMode="decimal" value={cashback.minNetLoss} onChange={(event) => setCashback({ ...cashback, minNetLoss: event.target.value })} data-testid="periodic-min-net-loss" />
        </div>
      )}
      <div className="pr-periodic__footer">
        <Button size="sm" disabled={save.isPending || invalid} onClick={() => save.mutate(input)} data-testid="periodic-save">
          {t('periodic.save')}
        </Button>
        <Link to={`/promotion-runs?promotion=${promotion.id}`} data-testid="periodic-runs-link">
          {t('periodic.runsLink')}
        </Link>
        {loaded.updatedAt ? (
          <span className="bo-muted pr-periodic__note" data-testid="periodic-saved">
            {t('periodic.savedBy', { who: loaded.updatedBy, when: formatDateTime(loaded.updatedAt, i18n.language) })}
          </span>
        ) : (
          <span className="bo-muted pr-periodic__note">{t('periodic.notSaved')}</span>
        )}
      </div>
      <ErrorLine error={save.error} testId="periodic-error" />
      {invalid ? (
        <p className="bo-error" role="alert" data-testid="periodic-invalid">
          {t('periodic.invalid')}
        </p>
      ) : null}
    </section>
  );
}
