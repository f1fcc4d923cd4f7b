// Container fields (layouts, tabs, collections, repeats, subforms) render their children with the field renderer,
// and the renderer finds every field through the registry, which imports the containers. So that these modules
// import one another in one direction only, FieldRenderer hands itself to the containers through this context
// (it wraps every field it renders) instead of the containers importing it.
import { createContext, useContext, type ComponentType } from 'react';
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';

export interface FieldRenderers {
  FieldRenderer: ComponentType<{ field: FieldSchema; scope: string }>;
  Fields: ComponentType<{ fields: FieldSchema[] | undefined; scope: string }>;
}

export const FieldRenderersContext = createContext<FieldRenderers | null>(null);

function useRenderers(): FieldRenderers {
  const renderers = useContext(FieldRenderersContext);
  if (!renderers)
    throw new Error('A container field renders only inside FieldRenderer (web/toolkit/form/FieldRenderer.tsx).');
  return renderers;
}

/** One child field of a container, rendered as FieldRenderer renders it. */
export function NestedField(props: { field: FieldSchema; scope: string }) {
  const { FieldRenderer } = useRenderers();
  return <FieldRenderer {...props} />;
}

/** The child fields of a container, rendered as Fields renders them. */
export function NestedFields(props: { fields: FieldSchema[] | undefined; scope: string }) {
  const { Fields } = useRenderers();
  return <Fields {...props} />;
}
