// Editable combobox with a list of suggestions (WAI-ARIA APG "list autocomplete, no automatic
// selection"): the text stays what the user typed until they pick an option with the arrows and
// Enter, or with a click. The suggestions are the caller's (usually a server search on the text).
import { useEffect, useState, type KeyboardEvent, type Ref } from 'react';
import { FieldError, FieldHead, useFieldIds } from './text-field';
import './combobox.css';

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second, quieter line (a province, a postal code). */
  detail?: string | undefined;
}

export interface ComboboxTexts {
  searching: string;
  noResults: string;
  results: (count: number) => string;
}

export interface ComboboxProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  name?: string;
  autoComplete?: string;
  value: string;
  onInputChange: (text: string) => void;
  onSelect: (option: ComboboxOption) => void;
  onBlur?: () => void;
  options: readonly ComboboxOption[];
  /** Whether the current text is a search at all (long enough); otherwise nothing pops up. */
  searchable: boolean;
  loading: boolean;
  texts: ComboboxTexts;
  ref?: Ref<HTMLInputElement>;
}

export function Combobox({
  label,
  hint,
  error,
  required,
  name,
  autoComplete = 'off',
  value,
  onInputChange,
  onSelect,
  onBlur,
  options,
  searchable,
  loading,
  texts,
  ref,
}: ComboboxProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const active = activeIndex < options.length ? activeIndex : -1;
  const expanded = open && searchable && options.length > 0;
  const showPopup = open && searchable;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const choose = (option: ComboboxOption) => {
    onSelect(option);
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!options.length) return;
        setOpen(true);
        setActiveIndex(!expanded ? 0 : (active + 1) % options.length);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!options.length) return;
        setOpen(true);
        setActiveIndex(!expanded || active <= 0 ? options.length - 1 : active - 1);
        return;
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (showPopup) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
    }
  };

  const status = !showPopup
    ? ''
    : loading
      ? texts.searching
      : options.length
        ? texts.results(options.length)
        : texts.noResults;

  return (
    <div className="form__field combobox">
      <FieldHead id={id} hintId={hintId} label={label} hint={hint} required={required} />
      <div className="combobox__anchor">
        <input
          ref={ref}
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete={autoComplete}
          spellCheck={false}
          required={required}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={value}
          onChange={(event) => {
            onInputChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
            onBlur?.();
          }}
        />
        <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!expanded}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // Keeps the focus in the input, where the user goes on typing.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span className="combobox__label">{option.label}</span>
              {option.detail ? (
                <>
                  {' '}
                  <span className="combobox__detail">{option.detail}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        {showPopup && !options.length ? (
          <p className="combobox__empty" aria-hidden="true">
            {loading ? texts.searching : texts.noResults}
          </p>
        ) : null}
      </div>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
