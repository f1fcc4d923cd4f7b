import { useEffect, useId, useRef, useState } from 'react';
import { US_STATES } from '../../../../machines/domain/application-fields.ts';
import { ApiError } from '../../../lib/api.ts';
import { addressSuggestions, lookupZip, placeDetails, type PlaceDetails } from '../client.ts';
import { DigitsField, idOf, SelectField, TextField, type Binding } from '../fields.tsx';
import { useAppT } from '../text.ts';
import { fieldWiring } from './field-wiring.ts';

export interface AddressValue {
  full_address?: string | null;
  line_1?: string | null;
  line_2?: string | null;
  city?: string | null;
  state?: string | null;
  code?: string | null;
}

/** Address suggestions start at 3 characters, 500 ms after the last keystroke (seed 000 section 9). */
export const SUGGEST_MIN_CHARS = 3;
export const SUGGEST_DEBOUNCE_MS = 500;
export const ZIP_LENGTH = 5;

function fromPlace(place: PlaceDetails): AddressValue {
  const part = (type: string, short = true) => {
    const c = place.address_components.find((x) => x.types.includes(type));
    return c ? (short ? c.short_name : c.long_name) : '';
  };
  return {
    full_address: place.formatted_address,
    line_1: [part('street_number'), part('route', false)].filter(Boolean).join(' '),
    city: part('locality', false),
    state: part('administrative_area_level_1'),
    code: part('postal_code'),
  };
}

/** Line 1, line 2, city, state and zip; with `search`, an address combobox above them that fills them all. */
export function AddressFields({
  prefix,
  value,
  onChange,
  b,
  search = false,
  required = true,
}: {
  prefix: string;
  value: AddressValue;
  onChange: (v: AddressValue) => void;
  b: Binding;
  search?: boolean;
  required?: boolean;
}) {
  const { t } = useAppT();
  const latest = useRef(value);
  latest.current = value;
  const [zipError, setZipError] = useState<string | undefined>();
  const zipController = useRef<AbortController | null>(null);
  const p = (f: string) => `${prefix}.${f}`;
  const label = (f: string) => t(`application.field.${f}`);
  const set = (field: keyof AddressValue) => (v: string) => onChange({ ...latest.current, [field]: v });
  const field = fieldWiring({ prefix: prefix, b, value, set, label });

  const onZip = (zip: string) => {
    onChange({ ...latest.current, code: zip });
    setZipError(undefined);
    zipController.current?.abort();
    if (zip.length !== ZIP_LENGTH) return;
    const controller = new AbortController();
    zipController.current = controller;
    lookupZip(zip, controller.signal).then(
      (data) => onChange({ ...latest.current, code: zip, city: data.city, state: data.state }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setZipError(error instanceof ApiError ? (error.errors.zip?.[0] ?? error.message) : 'error.network');
      },
    );
  };
  useEffect(() => () => zipController.current?.abort(), []);

  return (
    <div className="form-grid">
      {search && (
        <div className="form-grid__wide">
          <AddressSearch
            path={p('full_address')}
            value={value.full_address ?? ''}
            b={b}
            onText={set('full_address')}
            onPlace={(place) => onChange({ ...latest.current, ...place, line_2: latest.current.line_2 ?? '' })}
          />
        </div>
      )}
      <TextField
        {...field('line_1')}
        required={required}
        autoComplete={search ? 'address-line1' : 'off'}
        maxLength={100}
      />
      <TextField {...field('line_2')} autoComplete={search ? 'address-line2' : 'off'} maxLength={100} />
      <DigitsField
        path={p('code')}
        label={label('code')}
        b={b}
        required={required}
        value={value.code}
        onChange={onZip}
        maxLength={5}
        autoComplete={search ? 'postal-code' : 'off'}
        extraError={zipError}
      />
      <TextField
        {...field('city')}
        required={required}
        autoComplete={search ? 'address-level2' : 'off'}
        maxLength={50}
      />
      <SelectField
        {...field('state')}
        required={required}
        options={US_STATES.map((s) => ({ value: s, label: s }))}
        autoComplete={search ? 'address-level1' : 'off'}
      />
    </div>
  );
}

/** An accessible combobox (ARIA 1.2 list autocomplete): type 3+ characters, arrows move, Enter chooses, Escape closes. */
function AddressSearch({
  path,
  value,
  b,
  onText,
  onPlace,
}: {
  path: string;
  value: string;
  b: Binding;
  onText: (v: string) => void;
  onPlace: (v: AddressValue) => void;
}) {
  const { t, tError } = useAppT();
  const id = idOf(path);
  const listId = `${useId()}-list`;
  const [items, setItems] = useState<[string, string][]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [query, setQuery] = useState<string | null>(null);

  useEffect(() => {
    if (query === null) return;
    const text = query.trim();
    if (text.length < SUGGEST_MIN_CHARS) {
      setItems([]);
      setOpen(false);
      setStatus(text.length ? t('application.address.typeMore') : '');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus(t('application.address.searching'));
      addressSuggestions(text, controller.signal).then(
        (data) => {
          const entries = Object.entries(data);
          setItems(entries);
          setActive(-1);
          setOpen(entries.length > 0);
          setStatus(
            entries.length
              ? t('application.address.results', { count: entries.length })
              : t('application.address.noResults'),
          );
        },
        (e: unknown) => {
          if ((e as Error).name === 'AbortError') return;
          setItems([]);
          setOpen(false);
          setStatus(e instanceof ApiError ? tError(e.message) : t('error.network'));
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, t, tError]);

  const choose = (index: number) => {
    const item = items[index];
    if (!item) return;
    setOpen(false);
    setQuery(null);
    onText(item[0]);
    setStatus('');
    placeDetails(item[1]).then(
      (place) => {
        setError(undefined);
        onPlace(fromPlace(place));
      },
      () => setError('application.address.placeFailed'),
    );
  };

  const hintId = `${id}-hint`;
  const describedBy = [hintId, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field combobox">
      <label htmlFor={id}>{t('application.field.full_address')}</label>
      <span id={hintId} className="field__hint">
        {t('application.field.full_address.hint')}
      </span>
      <input
        id={id}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        value={value}
        maxLength={200}
        onChange={(e) => {
          b.edit(path);
          onText(e.target.value);
          setQuery(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
          } else if (e.key === 'Enter' && open && active >= 0) {
            e.preventDefault();
            choose(active);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('application.address.suggestions')}
        className="combobox__list"
        hidden={!open}
      >
        {items.map(([text], i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox input handles the keys (arrows, Enter) for its options via aria-activedescendant
          <li
            key={text}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'combobox__option combobox__option--active' : 'combobox__option'}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
          >
            {text}
          </li>
        ))}
      </ul>
      <span className="field__hint" role="status" aria-live="polite">
        {status}
      </span>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
