// reference (debounced 300 ms) and autocomplete (500 ms): search the url from 3 characters ('Type N or more
// character(s)', 'No result matching your search criteria found!', errors under 'Oops, looks like there was an
// error'), with add/edit/unset buttons. A reference's value is the chosen entity; an autocomplete's is its valueKey.
import { useState } from 'react';
import type { FieldButton, FieldOption } from '../../../../machines/contracts/form-schema.ts';
import { useConfirm } from '../../dialogs/DialogsProvider.tsx';
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { Combobox, type ComboItem } from './Combobox.tsx';
import { optionText, optionValue, sameValue } from './options.ts';
import { AJAX_SEARCH_DEBOUNCE_MS, REFERENCE_DEBOUNCE_MS, useRemoteSearch } from './search.ts';

export function Reference(props: FieldProps) {
  return <Lookup {...props} debounceMs={REFERENCE_DEBOUNCE_MS} storeEntity />;
}

export function Autocomplete(props: FieldProps) {
  return <Lookup {...props} debounceMs={AJAX_SEARCH_DEBOUNCE_MS} storeEntity={false} />;
}

function Lookup({
  field,
  name,
  scope,
  debounceMs,
  storeEntity,
}: FieldProps & { debounceMs: number; storeEntity: boolean }) {
  const t = useToolkitT();
  const confirm = useConfirm();
  const state = useField(field, name, scope);
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(false);
  const [chosen, setChosen] = useState<FieldOption | undefined>(undefined);
  const search = useRemoteSearch({
    caller: state.form.caller,
    url: field.url,
    params: field.params,
    queryKey: field.query ?? 'q',
    debounceMs,
  });

  const value = state.value;
  const entity: FieldOption | undefined =
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as FieldOption)
      : chosen && sameValue(optionValue(field, chosen), value)
        ? chosen
        : (field.options ?? []).find((option) => sameValue(optionValue(field, option), value));
  const displayText = entity ? optionText(field, entity) : value === null || value === undefined ? '' : String(value);
  const hasValue = value !== null && value !== undefined && value !== '';

  let status: string | undefined;
  if (search.status === 'short' || (typing && search.status === 'idle'))
    status = t('toolkit.search.hint', { count: 3 });
  else if (search.status === 'loading') status = t('toolkit.select.searching');
  else if (search.status === 'done' && search.results.length === 0) status = t('toolkit.search.noResult');

  const items: ComboItem[] = search.results.map((option, index) => ({
    key: String(index),
    text: optionText(field, option),
  }));

  function choose(option: FieldOption | null) {
    setChosen(option ?? undefined);
    state.setValue(option === null ? null : storeEntity ? option : optionValue(field, option));
  }

  async function press(button: FieldButton) {
    if (button.type === 'unset') {
      if (await confirm({ message: t('toolkit.lookup.unsetConfirm') })) choose(null);
      return;
    }
    if (!button.url) return;
    const result = await state.form.caller.call<FieldOption>(button.method ?? 'POST', button.url, {
      ...(button.params ?? {}),
      entity: entity ?? value ?? null,
    });
    if (result.status && result.data && typeof result.data === 'object') choose(result.data);
    else if (!result.status) state.form.setFieldError(name, [result.message ?? result.error ?? '']);
  }

  const buttons = (field.buttons ?? []).filter(
    (button) => button.type === 'add' || ((button.type === 'edit' || button.type === 'unset') && hasValue),
  );

  return (
    <FieldShell state={state}>
      <div className="tk-lookup">
        <Combobox
          inputProps={{ ...state.controlProps }}
          inputValue={typing ? search.query : displayText}
          onInputChange={(text) => {
            setTyping(true);
            search.setQuery(text);
          }}
          onBlur={() => {
            setTyping(false);
            state.onBlur();
          }}
          items={items}
          open={open && typing}
          setOpen={setOpen}
          onSelect={(item) => {
            const option = search.results[Number(item.key)];
            setTyping(false);
            if (option) choose(option);
            search.setQuery('');
          }}
          status={status}
          errorHeading={search.status === 'error' ? t('toolkit.search.errorHeading') : undefined}
          errorText={search.error}
          placeholder={field.placeholder}
        />
        {buttons.length ? (
          <div className="tk-lookup__buttons">
            {buttons.map((button, index) => (
              <button
                key={index}
                type="button"
                className="tk-btn tk-btn--small"
                disabled={state.disabled}
                onClick={() => void press(button)}
              >
                {button.label ?? t(`toolkit.lookup.${button.type}`)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </FieldShell>
  );
}
