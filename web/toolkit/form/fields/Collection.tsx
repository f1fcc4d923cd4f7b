// collection: a list of items, each with the field's children; item_label headings ('{index}' = position),
// no_content_text when empty, add only below max, remove only above min, move up/down when allowMove.
import { useId } from 'react';
import { childrenOf } from '../../../../machines/contracts/form-schema.ts';
import { useToolkitT } from '../../i18n.ts';
import { useForm } from '../context.ts';
import { NestedFields } from '../nested-fields.tsx';
import type { FieldProps } from '../types.ts';

export function Collection({ field, name }: FieldProps) {
  const t = useToolkitT();
  const form = useForm();
  const base = useId();
  const raw = form.getValue(name);
  const items = Array.isArray(raw) ? (raw as unknown[]) : [];
  const min = field.min === undefined || field.min === '' ? 0 : Number(field.min);
  const max = field.max === undefined || field.max === '' ? Infinity : Number(field.max);
  const buttonLabel = (type: 'add' | 'remove') =>
    field.buttons?.find((b) => b.type === type)?.label ?? t(`toolkit.collection.${type}`);
  const hasButton = (type: 'add' | 'remove') =>
    !field.buttons || field.buttons.length === 0 || field.buttons.some((b) => b.type === type);
  const disabled = field.disabled === true || field.readonly === true || form.busy;

  const set = (next: unknown[]) => form.setValue(name, next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    set(next);
  };
  const itemLabel = (index: number) =>
    (field.item_label ?? t('toolkit.collection.item', { index: '{index}' })).replace('{index}', String(index + 1));

  return (
    <fieldset className="tk-collection tk-fieldset">
      {field.label ? <legend className="tk-label">{field.label}</legend> : null}
      {items.length === 0 ? <p className="tk-empty">{field.no_content_text ?? t('toolkit.collection.empty')}</p> : null}
      <ol className="tk-collection__items">
        {items.map((_, index) => (
          <li key={index} className="tk-collection__item">
            <fieldset className="tk-fieldset" aria-labelledby={`${base}-item-${index}`}>
              <div className="tk-collection__head">
                <h4 id={`${base}-item-${index}`} className="tk-collection__title">
                  {itemLabel(index)}
                </h4>
                <div className="tk-collection__tools">
                  {field.allowMove ? (
                    <>
                      <button
                        type="button"
                        className="tk-btn tk-btn--small"
                        disabled={disabled || index === 0}
                        aria-label={`${t('toolkit.collection.moveUp')}: ${itemLabel(index)}`}
                        onClick={() => move(index, index - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="tk-btn tk-btn--small"
                        disabled={disabled || index === items.length - 1}
                        aria-label={`${t('toolkit.collection.moveDown')}: ${itemLabel(index)}`}
                        onClick={() => move(index, index + 1)}
                      >
                        ↓
                      </button>
                    </>
                  ) : null}
                  {hasButton('remove') && items.length > min ? (
                    <button
                      type="button"
                      className="tk-btn tk-btn--small tk-btn--danger"
                      disabled={disabled}
                      aria-label={`${buttonLabel('remove')}: ${itemLabel(index)}`}
                      onClick={() => set(items.filter((__, i) => i !== index))}
                    >
                      {buttonLabel('remove')}
                    </button>
                  ) : null}
                </div>
              </div>
              <NestedFields fields={childrenOf(field)} scope={`${name}.${index}`} />
            </fieldset>
          </li>
        ))}
      </ol>
      {hasButton('add') && items.length < max ? (
        <button type="button" className="tk-btn" disabled={disabled} onClick={() => set([...items, {}])}>
          {buttonLabel('add')}
        </button>
      ) : null}
    </fieldset>
  );
}
