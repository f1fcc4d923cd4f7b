// Mail templates: subject, HTML body and named blocks (names end with _BLOCK). HTML is edited as source with a
// sandboxed preview (the toolkit's html field) or uploaded from an .html file (read in the browser, under 9 MB).
import { useId, useState } from 'react';
import type { FieldSchema, FormSchema } from '../../../../machines/contracts/form-schema.ts';
import { useT } from '../../../lib/i18n.tsx';
import { HtmlInput } from '../../../toolkit/form/fields/HtmlInput.tsx';
import { registerField } from '../../../toolkit/form/registry.ts';
import type { FieldProps } from '../../../toolkit/form/types.ts';
import { useField } from '../../../toolkit/form/useField.ts';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime } from '../../common/Screen.tsx';

const MAX_BYTES = 9 * 1024 * 1024;
const HTML_UPLOAD = 'staff-html-upload';

function HtmlWithUpload(props: FieldProps) {
  const t = useT();
  const id = useId();
  const state = useField(props.field, props.name, props.scope);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const field = { ...props.field, type: 'html' };
  async function load(file: File | undefined) {
    if (!file) return;
    if (!/\.html?$/i.test(file.name) && file.type !== 'text/html') return setProblem(t('staff.ui.html.onlyHtml'));
    if (file.size >= MAX_BYTES) return setProblem(t('toolkit.rule.fileSize', { size: 9 }));
    setProblem(undefined);
    state.setValue(await file.text());
  }
  return (
    <div className="staff-html">
      <HtmlInput {...props} field={field} />
      <div className="staff-html__upload">
        <label htmlFor={`${id}-file`} className="tk-label">
          {t('staff.ui.html.upload', { field: state.label })}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".html,.htm,text/html"
          disabled={state.disabled || state.readOnly}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => void load(event.target.files?.[0])}
        />
        {problem ? (
          <p id={`${id}-problem`} className="tk-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
registerField(HTML_UPLOAD, HtmlWithUpload);

const withUpload = (fields: FieldSchema[] | undefined): FieldSchema[] | undefined =>
  fields?.map((f) => ({
    ...f,
    type: f.type === 'html' ? HTML_UPLOAD : f.type,
    children: withUpload(f.children),
    inputs: withUpload(f.inputs),
  }));

const definition: ResourceDefinition = {
  api: '/staff/api/mail-templates',
  route: '/mail-templates',
  title: 'staff.ui.nav.mailTemplates',
  newTitle: 'staff.form.newMailTemplate',
  editTitle: 'staff.form.editMailTemplate',
  permissions: {
    view: 'mail-templates.view',
    create: 'mail-templates.create',
    update: 'mail-templates.update',
    delete: 'mail-templates.delete',
  },
  prepare: async (schema: FormSchema) => ({
    ...schema,
    children: withUpload(schema.children),
    inputs: withUpload(schema.inputs),
  }),
  columns: (t) => [
    { key: 'name', label: t('staff.field.name'), sortable: true },
    { key: 'subject', label: t('staff.field.subject') },
    { key: 'blocks_count', label: t('staff.field.blocks') },
    { key: 'updated_at', label: t('staff.ui.updatedAt'), render: (row) => <DateTime value={row.updated_at} /> },
  ],
};

export function MailTemplatesScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}
