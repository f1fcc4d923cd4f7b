// tabs/tab: the ARIA tabs pattern (tablist, tabs with aria-selected/aria-controls, panels; arrow keys, Home, End).
// Every panel stays mounted (hidden when not selected) so its values and validation are kept.
import { useId, useState } from 'react';
import { childrenOf } from '../../../../machines/contracts/form-schema.ts';
import { useForm } from '../context.ts';
import { NestedFields } from '../nested-fields.tsx';
import { isFieldVisible } from '../conditions.ts';
import type { FieldProps } from '../types.ts';
import { Section } from './Layout.tsx';
import { useTabKeys } from '../../tab-keys.ts';

export function Tabs({ field, scope }: FieldProps) {
  const form = useForm();
  const base = useId();
  const tabs = childrenOf(field).filter((tab) => isFieldVisible(tab, (ref) => form.lookup(scope, ref)));
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, tabs.length - 1));
  const { tabRef, onKeyDown } = useTabKeys(tabs.length, setActive);

  return (
    <div className="tk-tabs">
      <div role="tablist" aria-label={field.label} className="tk-tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={index}
            ref={tabRef(index)}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${base}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            className="tk-tabs__tab"
            onClick={() => setActive(index)}
            onKeyDown={(event) => onKeyDown(event, current)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${base}-panel-${index}`}
          aria-labelledby={`${base}-tab-${index}`}
          hidden={index !== current}
          tabIndex={0}
          className="tk-tabs__panel"
        >
          <NestedFields fields={childrenOf(tab)} scope={scope} />
        </div>
      ))}
    </div>
  );
}

/** A tab outside of tabs renders as a section. */
export function Tab(props: FieldProps) {
  return <Section {...props} />;
}
