import { useTranslation } from 'react-i18next';
import type { ContractKind } from '@app/contracts';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import { TIER_FIELDS } from '../tiers.ts';

interface TierTableProps {
  kind: ContractKind;
  tiers: readonly Record<string, string | number>[];
  format: ContractFormat;
  testId?: string;
}

/**
 * A contract's tiers, lowest first: a table on wide screens; on phones each tier stacks, its
 * rate first, so the figure that matters is never scrolled out of sight.
 */
export function TierTable({ kind, tiers, format, testId }: TierTableProps) {
  const { t } = useTranslation('contracts');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const fields = TIER_FIELDS[kind];
  const rates = fields.filter((field) => field.type === 'rate');
  const thresholds = fields.filter((field) => field.type !== 'rate');

  if (isPhone) {
    return (
      <ol className="contract-tier-cards" data-testid={testId}>
        {tiers.map((tier, index) => (
          <li key={index} className="contract-tier-card" data-testid="tier-row">
            <div className="contract-tier-card__top">
              <span className="contract-tier-card__name">{t('tiers.tierNumber', { number: index + 1 })}</span>
              <span className="contract-tier-card__rates">
                {rates.map((field) => (
                  <span key={field.name}>
                    {rates.length > 1 ? `${t(`fields.${field.name}`)}: ` : ''}
                    <strong className="is-rate">{format.tierValue(field, tier[field.name])}</strong>
                  </span>
                ))}
              </span>
            </div>
            <dl className="contract-tier-card__thresholds">
              {thresholds.map((field) => (
                <div key={field.name}>
                  <dt>{t(`fields.${field.name}`)}</dt>
                  <dd>{format.tierValue(field, tier[field.name])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table contract-tiers" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('tiers.tier')}</th>
            {fields.map((field) => (
              <th key={field.name} scope="col" className="is-numeric">
                {t(`fields.${field.name}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, index) => (
            <tr key={index} data-testid="tier-row">
              <th scope="row">{index + 1}</th>
              {fields.map((field) => (
                <td key={field.name} className={field.type === 'rate' ? 'is-numeric is-rate' : 'is-numeric'}>
                  {format.tierValue(field, tier[field.name])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
