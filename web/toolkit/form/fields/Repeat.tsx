// repeat: a list of single values edited with one input each (the first child, or an input of `inputType`);
// add below max, remove above min.
import { childrenOf, type FieldSchema } from '../../../../machines/contracts/form-schema.ts';
import { useToolkitT } from '../../i18n.ts';
import { useForm } from '../context.ts';
import { NestedField } from '../nested-fields.tsx';
import type { FieldProps } from '../types.ts';

export function Repeat({ field, name }: FieldProps) {
  const t = useToolkitT();
  const form = useForm();
  const raw = form.getValue(name);
  const items = Array.isArray(raw) ? (raw as unknown[]) : [];
  const min = field.min === undefined || field.min === '' ? 0 : Number(field.min);
  const max = field.max === undefined || field.max === '' ? Infinity : Number(field.max);
  const child: FieldSchema = childrenOf(field)[0] ?? { type: field.inputType ?? 'text', rules: field.rules };
  const disabled = field.disabled === true || form.busy;
  return (
    <fieldset className="tk-repeat tk-fieldset">
      {field.label ? <legend className="tk-label">{field.label}</legend> : null}
      {items.length === 0 ? <p className="tk-empty">{field.no_content_text ?? t('toolkit.collection.empty')}</p> : null}
      {items.map((_, index) => {
        const label = `${child.label ?? field.label ?? ''} ${index + 1}`.trim();
        return (
          <div key={index} className="tk-repeat__item">
            <NestedField field={{ ...child, name: String(index), label }} scope={name} />
            {items.length > min ? (
              <button
                type="button"
                className="tk-btn tk-btn--small"
                disabled={disabled}
                aria-label={`${t('toolkit.collection.remove')}: ${label}`}
                onClick={() =>
                  form.setValue(
                    name,
                    items.filter((__, i) => i !== index),
                  )
                }
              >
                {t('toolkit.collection.remove')}
              </button>
            ) : null}
          </div>
        );
      })}
      {items.length < max ? (
        <button
          type="button"
          className="tk-btn"
          disabled={disabled}
          onClick={() => form.setValue(name, [...items, ''])}
        >
          {t('toolkit.collection.add')}
        </button>
      ) : null}
    </fieldset>
  );
}
