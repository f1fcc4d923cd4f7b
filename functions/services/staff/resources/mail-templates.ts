import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  claimUnique,
  createItem,
  deleteItem,
  releaseUnique,
  saveVersioned,
  type StoredItem,
} from '../../../data/items.ts';
import { getRecord, recordKey } from '../../../data/staff/records.ts';
import {
  requiredErrors,
  field,
  parseFor,
  saveButtons,
  section,
  text,
  unableToSave,
  type ResourceDef,
} from '../resource.ts';

// Mail templates: a subject, an HTML body and named HTML blocks (names end with _BLOCK, seed 001 section 5).
// The HTML is staff-authored and stored as given; it is escaped or sandboxed wherever it is shown.
export interface MailTemplateItem extends StoredItem {
  id: string;
  name: string;
  subject: string;
  body_html: string;
  blocks: { name: string; content: string }[];
  created_at: string;
  updated_at: string;
}

const NOUN = 'staff.resource.mailTemplate';
const BLOCK = /^[A-Z0-9_]{1,58}_BLOCK$/;

const body = z.object({
  name: z.optional(text(100)),
  subject: z.optional(text(255)),
  body_html: z.optional(text(100_000, false)),
  blocks: z.optional(
    z
      .array(
        z.object({
          name: z.string('staff.validation.blockName').check(z.regex(BLOCK, 'staff.validation.blockName')),
          content: text(50_000, false),
        }),
      )
      .check(z.maxLength(50, 'staff.validation.tooMany')),
  ),
  v: z.optional(z.number()),
});

const row = (m: MailTemplateItem) => ({
  id: m.id,
  name: m.name,
  subject: m.subject,
  blocks_count: m.blocks.length,
  created_at: m.created_at,
  updated_at: m.updated_at,
});

function duplicateBlocks(blocks: { name: string }[]) {
  const seen = new Set<string>();
  for (const b of blocks) {
    if (seen.has(b.name)) return true;
    seen.add(b.name);
  }
  return false;
}

export const mailTemplatesDef: ResourceDef<MailTemplateItem> = {
  path: 'mail-templates',
  noun: NOUN,
  entity: 'mailTemplate',
  sortFields: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [],
  rowPk: (id) => recordKey('MAILTEMPLATE', id).pk,
  load: (c, id) => getRecord<MailTemplateItem>(c.deps.db, 'MAILTEMPLATE', id, c.deps.clock()),
  row,
  scopes: () => ['*'],
  tenant: () => ({}),
  view: (_c, m) => ({ ...row(m), body_html: m.body_html, blocks: m.blocks, v: m.v }),
  form: async (_c, m) => ({
    title: m ? 'staff.form.editMailTemplate' : 'staff.form.newMailTemplate',
    action: m ? '/staff/api/mail-templates/{id}' : '/staff/api/mail-templates',
    params: m ? { id: m.id } : undefined,
    values: m ? { name: m.name, subject: m.subject, body_html: m.body_html, blocks: m.blocks, v: m.v } : { blocks: [] },
    buttons: saveButtons,
    children: [
      section('staff.section.mailTemplate', [
        field('input', 'name', { required: true, max: 100 }),
        field('input', 'subject', { required: true, max: 255 }),
        field('html', 'body_html', {}),
        {
          type: 'collection',
          name: 'blocks',
          label: 'staff.field.blocks',
          item_label: 'staff.field.block',
          min: 0,
          max: 50,
          buttons: [{ type: 'add' }, { type: 'remove' }],
          children: [
            field('input', 'name', {
              required: true,
              hint: 'staff.validation.blockName',
              rules: { regex: '^[A-Z0-9_]+_BLOCK$' },
            }),
            field('html', 'content', {}),
          ],
        },
      ]),
    ],
  }),
  async create(c, input) {
    const b = parseFor(c, mailTemplatesDef, body, input);
    const errors = requiredErrors(b, ['name', 'subject']);
    if (b.blocks && duplicateBlocks(b.blocks)) errors.blocks = ['staff.validation.blockDuplicate'];
    if (Object.keys(errors).length) throw unableToSave(c, mailTemplatesDef, errors);
    const id = `mt-${randomUUID()}`;
    if (!(await claimUnique(c.deps.db, 'mail-template', b.name!.trim(), id)))
      throw unableToSave(c, mailTemplatesDef, { name: ['staff.validation.nameTaken'] });
    const now = c.deps.clock().toISOString();
    return await createItem(c.deps.db, {
      ...recordKey('MAILTEMPLATE', id),
      entity: 'mailTemplate',
      id,
      name: b.name!,
      subject: b.subject!,
      body_html: b.body_html ?? '',
      blocks: b.blocks ?? [],
      created_at: now,
      updated_at: now,
    });
  },
  async update(c, m, input) {
    const b = parseFor(c, mailTemplatesDef, body, input);
    if (b.blocks && duplicateBlocks(b.blocks))
      throw unableToSave(c, mailTemplatesDef, { blocks: ['staff.validation.blockDuplicate'] });
    const name = b.name ?? m.name;
    if (name.trim() !== m.name.trim() && !(await claimUnique(c.deps.db, 'mail-template', name.trim(), m.id))) {
      throw unableToSave(c, mailTemplatesDef, { name: ['staff.validation.nameTaken'] });
    }
    const saved = await saveVersioned(c.deps.db, m, {
      ...m,
      name,
      subject: b.subject ?? m.subject,
      body_html: b.body_html ?? m.body_html,
      blocks: b.blocks ?? m.blocks,
      updated_at: c.deps.clock().toISOString(),
    });
    if (name.trim() !== m.name.trim()) await releaseUnique(c.deps.db, 'mail-template', m.name.trim());
    return saved;
  },
  async remove(c, m) {
    await deleteItem(c.deps.db, recordKey('MAILTEMPLATE', m.id));
    await releaseUnique(c.deps.db, 'mail-template', m.name.trim());
    return undefined;
  },
};
