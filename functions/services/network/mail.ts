import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { claimUnique, createItem, isConditionFailure } from '../../data/items.ts';
import { syncListEntries } from '../../data/staff/lists.ts';
import { getRecord, recordKey } from '../../data/staff/records.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { snapshot } from '../staff/resource.ts';
import { mailTemplatesDef, type MailTemplateItem } from '../staff/resources/mail-templates.ts';

// The merchant network's e-mails go through the Mail Templates (staff can edit them): each template is seeded on
// first use (idempotent: a fixed id, a conditional create) from the catalogue text, one per language.

export type NetworkMail = 'invitation' | 'declined';

const templateId = (mail: NetworkMail, lang: Lang) => `mt-network-${mail}-${lang}`;
const templateName = (mail: NetworkMail, lang: Lang) => `network_${mail}_${lang}`;
/** Catalogue `{name}` placeholders become the template's `{{name}}`. */
const asTemplate = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');

export async function ensureNetworkTemplates(deps: Deps): Promise<void> {
  for (const mail of ['invitation', 'declined'] as const)
    for (const lang of ['en', 'es'] as const) await ensureTemplate(deps, mail, lang);
}

async function ensureTemplate(deps: Deps, mail: NetworkMail, lang: Lang): Promise<MailTemplateItem> {
  const id = templateId(mail, lang);
  const now = deps.clock();
  const existing = await getRecord<MailTemplateItem>(deps.db, 'MAILTEMPLATE', id, now);
  if (existing) return existing;
  const name = templateName(mail, lang);
  const at = now.toISOString();
  try {
    const item = (await createItem(deps.db, {
      ...recordKey('MAILTEMPLATE', id),
      entity: 'mailTemplate',
      id,
      name,
      subject: asTemplate(translate(lang, `network.mail.${mail}.subject`)),
      body_html: asTemplate(translate(lang, `network.mail.${mail}.body`)),
      blocks: [],
      created_at: at,
      updated_at: at,
    })) as MailTemplateItem;
    await claimUnique(deps.db, 'mail-template', name, id);
    await syncListEntries(
      deps.db,
      mailTemplatesDef,
      mailTemplatesDef.rowPk(id),
      undefined,
      snapshot(mailTemplatesDef, item),
    );
    return item;
  } catch (error) {
    const again = await getRecord<MailTemplateItem>(deps.db, 'MAILTEMPLATE', id, now);
    if (again) return again;
    if (error instanceof AppError || isConditionFailure(error)) throw error;
    throw error;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Fills `{{name}}` placeholders (HTML-escaped in the body, plain in the subject); unknown ones stay as written. */
export function renderTemplate(template: { subject: string; body_html: string }, values: Record<string, string>) {
  const fill = (text: string, escape: boolean) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
      Object.hasOwn(values, key) ? (escape ? escapeHtml(values[key]!) : values[key]!) : whole,
    );
  return { subject: fill(template.subject, false).replace(/[\r\n]+/g, ' '), body: fill(template.body_html, true) };
}

export async function sendNetworkMail(
  deps: Deps,
  mail: NetworkMail,
  lang: Lang,
  to: string,
  values: Record<string, string>,
) {
  const template = await ensureTemplate(deps, mail, lang);
  const { subject, body } = renderTemplate(template, values);
  await deps.providers.messaging.send({ channel: 'email', to, subject, body, purpose: `store-${mail}` });
}
