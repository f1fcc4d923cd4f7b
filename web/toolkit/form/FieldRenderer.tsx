// Renders schema fields through the registry, honouring visibility and conditions. An unregistered type shows the
// developer message of seed 001 section 8.
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { useToolkitT } from '../i18n.ts';
import { isFieldVisible } from './conditions.ts';
import { useForm } from './context.ts';
import { FieldRenderersContext, type FieldRenderers } from './nested-fields.tsx';
import { joinName } from './path.ts';
import { resolveField } from './registry.ts';

export function FieldRenderer({ field, scope }: { field: FieldSchema; scope: string }) {
  const form = useForm();
  const t = useToolkitT();
  if (!isFieldVisible(field, (ref) => form.lookup(scope, ref))) return null;
  const Component = resolveField(field.type);
  if (!Component) {
    return (
      <p className="tk-dev-error" role="alert">
        {t('toolkit.form.unknownType', { type: field.type })}
      </p>
    );
  }
  return (
    <FieldRenderersContext.Provider value={RENDERERS}>
      <Component field={field} name={joinName(scope, field.name)} scope={scope} />
    </FieldRenderersContext.Provider>
  );
}

export function Fields({ fields, scope }: { fields: FieldSchema[] | undefined; scope: string }) {
  return (
    <>
      {(fields ?? []).map((field, index) => (
        <FieldRenderer key={`${field.type}:${field.name ?? ''}:${index}`} field={field} scope={scope} />
      ))}
    </>
  );
}

/** Handed to the container fields (layouts, tabs, collections...) so that they render their children like this. */
const RENDERERS: FieldRenderers = { FieldRenderer, Fields };
