// select: a native <select> for static options; a searchable combobox when the field has a url (ajax search from
// 3 characters, debounced 500 ms: 'Enter N more character(s)', 'No options found', errors under 'Oops, looks like
// there was an error') or is taggable (an unknown text can be created with POST taggableUrl).
import { useMemo, useState } from 'react';
import type { FieldOption } from '../../../../machines/contracts/form-schema.ts';
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { Combobox, type ComboItem } from './Combobox.tsx';
import { optionText, optionValue, sameValue } from './options.ts';
import { AJAX_SEARCH_DEBOUNCE_MS, useRemoteSearch } from './search.ts';

export function SelectInput(props: FieldProps) {
  if (props.field.url || props.field.taggable) return <SearchSelect {...props} />;
  return <NativeSelect {...props} />;
}

function NativeSelect({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const options = field.options ?? [];
  const index = options.findIndex((option) => sameValue(optionValue(field, option), state.value));
  const groups = field.groupKey ? Array.from(new Set(options.map((o) => String(o[field.groupKey!] ?? '')))) : [];
  const render = (option: FieldOption) => {
    const i = options.indexOf(option);
    return (
      <option key={i} value={String(i)}>
        {optionText(field, option)}
      </option>
    );
  };
  return (
    <FieldShell state={state}>
      <select
        {...state.controlProps}
        className="tk-input tk-select"
        value={index === -1 ? '' : String(index)}
        onBlur={state.onBlur}
        onChange={(event) => {
          const option = options[Number(event.target.value)];
          state.setValue(event.target.value === '' || !option ? null : optionValue(field, option));
        }}
      >
        <option value="">{field.placeholder ?? t('toolkit.select.placeholder')}</option>
        {field.groupKey
          ? groups.map((group) => (
              <optgroup key={group} label={group}>
                {options.filter((o) => String(o[field.groupKey!] ?? '') === group).map(render)}
              </optgroup>
            ))
          : options.map(render)}
      </select>
    </FieldShell>
  );
}

function SearchSelect({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const [known, setKnown] = useState<FieldOption[]>(field.options ?? []);
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(false);
  const search = useRemoteSearch({
    caller: state.form.caller,
    url: field.url,
    params: field.params,
    queryKey: field.query ?? 'q',
    debounceMs: AJAX_SEARCH_DEBOUNCE_MS,
  });
  const selected = known.find((option) => sameValue(optionValue(field, option), state.value));
  const text = search.query.trim();

  const candidates = useMemo(() => {
    if (field.url) return search.results;
    const needle = text.toLowerCase();
    return (field.options ?? []).filter((option) => optionText(field, option).toLowerCase().includes(needle));
  }, [field, search.results, text]);

  const canCreate =
    field.taggable === true &&
    text !== '' &&
    !candidates.some((option) => optionText(field, option).toLowerCase() === text.toLowerCase());
  const searching = field.url !== undefined;
  const items: ComboItem[] = [
    ...candidates.map((option, index) => ({ key: `o${index}`, text: optionText(field, option) })),
    ...(canCreate && (!searching || search.status === 'done' || search.status === 'short')
      ? [{ key: 'create', text: t('toolkit.select.create', { text }), kind: 'create' as const }]
      : []),
  ];

  let status: string | undefined;
  if (searching && search.status === 'short') status = t('toolkit.select.enterMore', { count: search.missing });
  else if (searching && search.status === 'loading') status = t('toolkit.select.searching');
  else if ((search.status === 'done' || !searching) && text !== '' && candidates.length === 0 && !canCreate)
    status = t('toolkit.select.noOptions');

  async function onSelect(item: ComboItem) {
    setTyping(false);
    if (item.kind === 'create') {
      if (!field.taggableUrl) return;
      const textKey = field.textKey ?? 'text';
      const result = await state.form.caller.post<FieldOption>(field.taggableUrl, {
        ...(field.params ?? {}),
        [textKey]: text,
      });
      if (result.status && result.data) {
        setKnown((list) => [...list, result.data]);
        state.setValue(optionValue(field, result.data));
      } else {
        state.form.setFieldError(name, [result.message ?? result.error ?? '']);
      }
      search.setQuery('');
      return;
    }
    const option = candidates[Number(item.key.slice(1))];
    if (!option) return;
    if (!known.includes(option)) setKnown((list) => [...list, option]);
    state.setValue(optionValue(field, option));
    search.setQuery('');
  }

  return (
    <FieldShell state={state}>
      <Combobox
        inputProps={{ ...state.controlProps }}
        inputValue={typing ? search.query : selected ? optionText(field, selected) : ''}
        onInputChange={(value) => {
          setTyping(true);
          search.setQuery(value);
        }}
        onBlur={() => {
          setTyping(false);
          state.onBlur();
        }}
        items={items}
        open={open && (typing || items.length > 0)}
        setOpen={setOpen}
        onSelect={(item) => void onSelect(item)}
        status={status}
        errorHeading={search.status === 'error' ? t('toolkit.search.errorHeading') : undefined}
        errorText={search.error}
        placeholder={field.placeholder ?? t('toolkit.select.placeholder')}
      />
    </FieldShell>
  );
}
