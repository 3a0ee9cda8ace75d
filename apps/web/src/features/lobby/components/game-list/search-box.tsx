import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons';
import { GAME_NAME_SEARCH_MAX } from '@banca/contracts';
import { SearchIcon } from '../lobby-icons';

/**
 * Name search (docs/product.md §5: trimmed): submits on Enter or the search button; clearing the
 * field (its × button, or submitting it empty) shows every game again. `value` is the search in
 * effect; the field follows it when a filter change clears it.
 */
export function SearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // What this box last asked for. The router commits a navigation in a transition, so right
  // after Enter `value` can still be the old search; the × must clear what was asked for.
  const [submitted, setSubmitted] = useState(value);
  // The search in effect changed from outside (a filter change cleared it): follow it.
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
    setSubmitted(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
    setText(text.trim());
    setSubmitted(text.trim());
  };
  return (
    <form className="search-box" role="search" onSubmit={submit} data-testid="game-search">
      <SearchIcon className="search-box__icon" />
      <input
        type="search"
        className="search-box__input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('lobby.search.placeholder')}
        aria-label={t('lobby.search.label')}
        maxLength={GAME_NAME_SEARCH_MAX}
        enterKeyHint="search"
        data-testid="game-search-input"
      />
      {text ? (
        <button
          type="button"
          className="search-box__clear"
          aria-label={t('lobby.search.clear')}
          onClick={() => {
            setText('');
            if (value || submitted) onSearch('');
            setSubmitted('');
          }}
          data-testid="game-search-clear"
        >
          <CloseIcon />
        </button>
      ) : null}
      <button type="submit" className="search-box__submit" data-testid="game-search-submit">
        <SearchIcon />
        <span>{t('lobby.search.submit')}</span>
      </button>
    </form>
  );
}
