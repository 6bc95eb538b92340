import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Vendor } from '@app/contracts';
import { classifiesQueryOptions } from '../api/games.queries.ts';
import type { ListFilterControl } from '../hooks/use-list-filters.ts';
import { useClassifyLabel } from '../hooks/use-classify-label.ts';
import { FlameIcon, SparkleIcon } from './game-icons.tsx';
import { SearchBox } from './search-box.tsx';
import { VendorChips } from './vendor-chips.tsx';
import './filters.css';

/** Vendor chips, the search box, the Novos / Populares toggles and the classify chips. */
export function ListFilters({ control, vendors }: { control: ListFilterControl; vendors: readonly Vendor[] }) {
  const { t } = useTranslation('games');
  const gameType = control.filters.gameType;
  const classifies = useQuery({ ...classifiesQueryOptions(gameType ?? 'RNG', control.vassalage), enabled: gameType !== undefined });
  const classifyLabel = useClassifyLabel();

  return (
    <div className="list-filters" data-testid="list-filters">
      {vendors.length > 0 ? <VendorChips vendors={vendors} value={control.vassalage} onChange={control.setVendor} /> : null}
      <div className="cluster cluster--center cluster--gap-3">
        <SearchBox value={control.search} onSearch={control.setSearch} />
        <div className="list-filters__toggles" role="group" aria-label={t('filters.label')}>
          <button type="button" className="ui-chip filter-toggle" aria-pressed={control.isNew} onClick={() => control.setNew(!control.isNew)} data-testid="filter-new">
            <SparkleIcon size={14} /> {t('filters.new')}
          </button>
          <button type="button" className="ui-chip filter-toggle" aria-pressed={control.isHot} onClick={() => control.setHot(!control.isHot)} data-testid="filter-hot">
            <FlameIcon size={14} /> {t('filters.hot')}
          </button>
        </div>
      </div>
      {classifies.data && classifies.data.length > 1 ? (
        <div className="ui-chips classify-chips" role="group" aria-label={t('filters.classifies')} data-testid="classify-chips">
          <button type="button" className={control.classify ? 'ui-chip' : 'ui-chip is-selected'} aria-pressed={!control.classify} onClick={() => control.setClassify(undefined)}>
            {t('filters.allClassifies')}
          </button>
          {classifies.data.map((classify) => {
            const selected = classify === control.classify;
            return (
              <button
                key={classify}
                type="button"
                className={selected ? 'ui-chip is-selected' : 'ui-chip'}
                aria-pressed={selected}
                onClick={() => control.setClassify(selected ? undefined : classify)}
                data-testid="classify-chip"
                data-classify={classify}
              >
                {classifyLabel(classify)}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
