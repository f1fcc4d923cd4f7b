// Test helpers: render inside the toolkit's providers, and render a set of fields in a ServerForm.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { FieldSchema, FormSchema } from '../../../machines/contracts/form-schema.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import type { Caller } from '../../../web/toolkit/api/caller.ts';
import { DialogsProvider } from '../../../web/toolkit/dialogs/DialogsProvider.tsx';
import { ServerForm, type ServerFormProps } from '../../../web/toolkit/form/ServerForm.tsx';
import { ToolkitI18nProvider } from '../../../web/toolkit/i18n.ts';

export function renderWithToolkit(ui: ReactElement, lang: Lang = 'en'): RenderResult {
  return render(
    <ToolkitI18nProvider lang={lang}>
      <DialogsProvider>{ui}</DialogsProvider>
    </ToolkitI18nProvider>,
  );
}

export function renderFields(
  children: FieldSchema[],
  values: Record<string, unknown> = {},
  props: Partial<ServerFormProps> & { caller?: Caller; lang?: Lang } = {},
): RenderResult {
  const schema: FormSchema = { action: '/staff/api/demo/submit', values, children };
  const { lang, ...rest } = props;
  return renderWithToolkit(<ServerForm schema={schema} {...rest} />, lang);
}
