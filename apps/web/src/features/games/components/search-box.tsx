import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@app/ui';
import { useDebouncedEffect } from '../hooks/use-debounced-callback.ts';
import { SEARCH_MAX_LENGTH } from '../hooks/use-list-filters.ts';
import { SearchIcon } from './game-icons.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Name search: what the player types reaches the list 300 ms after the last key; the server
 * matches it without regard to case or accents. An outside change (clear filters) resets it.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const { t } = useTranslation('games');
  const id = useId();
  const [text, setText] = useState(value);
  // What this box last sent: its echo from the address must not overwrite newer typing.
  const sent = useRef(value);
  const send = (typed: string) => {
    sent.current = typed.trim();
    onSearch(typed);
  };

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  useDebouncedEffect(text, SEARCH_DEBOUNCE_MS, (typed) => {
    if (typed.trim() !== sent.current) send(typed);
  });

  return (
    <div className="search-box" role="search">
      <label htmlFor={id} className="ui-visually-hidden">
        {t('filters.search')}
      </label>
      <SearchIcon size={18} className="search-box__icon" />
      <input
        id={id}
        type="search"
        className="search-box__input"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t('filters.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send(text);
        }}
        data-testid="games-search"
      />
      {text ? (
        <button
          type="button"
          className="ghost-button search-box__clear"
          aria-label={t('filters.clearSearch')}
          onClick={() => {
            setText('');
            send('');
          }}
          data-testid="games-search-clear"
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}
