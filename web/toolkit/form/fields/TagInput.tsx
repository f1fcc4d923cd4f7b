// tag: a list of text tags; Enter or the Add button adds the typed text, each tag has a remove button.
import { useState } from 'react';
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { asArray } from './options.ts';

export function TagInput({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const [text, setText] = useState('');
  const tags = asArray(state.value).map(String);

  function add() {
    const tag = text.trim();
    if (tag === '' || tags.includes(tag)) {
      setText('');
      return;
    }
    state.setValue([...tags, tag]);
    setText('');
  }

  return (
    <FieldShell state={state}>
      <div className="tk-tags">
        <ul className="tk-tags__list">
          {tags.map((tag) => (
            <li key={tag} className="tk-tag">
              <span>{tag}</span>
              <button
                type="button"
                className="tk-tag__remove"
                aria-label={t('toolkit.tag.remove', { tag })}
                disabled={state.disabled}
                onClick={() => state.setValue(tags.filter((other) => other !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="tk-input-group">
          <input
            {...state.controlProps}
            className="tk-input"
            type="text"
            value={text}
            placeholder={field.placeholder}
            onBlur={state.onBlur}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ',') {
                event.preventDefault();
                add();
              } else if (event.key === 'Backspace' && text === '' && tags.length) {
                state.setValue(tags.slice(0, -1));
              }
            }}
          />
          <button type="button" className="tk-btn" disabled={state.disabled} onClick={add}>
            {t('toolkit.tag.add')}
          </button>
        </div>
      </div>
    </FieldShell>
  );
}
