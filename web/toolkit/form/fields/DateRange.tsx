// date-range layout: its two children are the start and the end. When the start changes, the end becomes the new
// start plus the existing gap in minutes, or plus 1 hour when there is no end or the gap is not positive.
import { useEffect, useRef } from 'react';
import { childrenOf, type FieldSchema } from '../../../../machines/contracts/form-schema.ts';
import { useToolkitT } from '../../i18n.ts';
import { useForm } from '../context.ts';
import { shiftRangeEnd } from '../dates.ts';
import { NestedFields } from '../nested-fields.tsx';
import { joinName } from '../path.ts';
import type { FieldProps } from '../types.ts';

export function DateRange({ field, scope }: FieldProps) {
  const t = useToolkitT();
  const form = useForm();
  const given = childrenOf(field);
  const children: FieldSchema[] =
    given.length >= 2
      ? given
      : [
          { type: 'datetime', name: `${field.name ?? 'range'}.start`, label: t('toolkit.dateRange.start') },
          { type: 'datetime', name: `${field.name ?? 'range'}.end`, label: t('toolkit.dateRange.end') },
        ];
  const startName = joinName(scope, children[0]?.name);
  const endName = joinName(scope, children[1]?.name);
  const start = form.getValue(startName);
  const previous = useRef(start);
  const { getValue, setValue } = form;

  useEffect(() => {
    const before = previous.current;
    previous.current = start;
    if (before === start || typeof start !== 'string' || start === '') return;
    const end = getValue(endName);
    setValue(
      endName,
      shiftRangeEnd(typeof before === 'string' ? before : null, typeof end === 'string' ? end : null, start),
    );
  }, [start, endName, getValue, setValue]);

  return (
    <fieldset className="tk-date-range tk-fieldset">
      {field.label ? <legend className="tk-label">{field.label}</legend> : null}
      <div className="tk-row">
        <NestedFields fields={children} scope={scope} />
      </div>
    </fieldset>
  );
}
