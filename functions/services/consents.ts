import { createHash } from 'node:crypto';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { CONSENT_TEXTS, type ConsentEntry } from '../../machines/contracts/consents.ts';
import { formatCents } from '../../machines/domain/money.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { appendConsent, readConsents } from '../data/consents.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { pdfSafe } from './contract.ts';

// The consent and disclosure record of an application (append-only; functions/data/consents.ts). The services that
// ask for a consent or show a disclosure record it here: the PIN send (TCPA consent to the SMS or e-mail), the submit
// (ESIGN consent to electronic records and the terms, stored by the decision's write), each disclosure screen (functions/services/disclosures.ts),
// the e-sign (the contract's hash when sent and when signed). Staff read it (functions/services/consents-staff.ts).
// This module imports no other use case, so any service may record without an import cycle.

/** Who and where: the shopper's client id from the apply session, the IP from the request context. */
export interface ShopperContext {
  lang: Lang;
  ip?: string | null;
}

export type NewConsentEntry = Omit<ConsentEntry, 'at'> & { at?: string };

/** Appends an entry to the application's consent record (never updates one). */
export async function recordConsent(
  deps: Pick<Deps, 'db' | 'clock'>,
  uuid: string,
  entry: NewConsentEntry,
  from = 0,
): Promise<ConsentEntry> {
  const clean = JSON.parse(JSON.stringify({ ...entry, at: entry.at ?? deps.clock().toISOString() })) as ConsentEntry;
  await appendConsent(deps.db, uuid, clean, from);
  return clean;
}

/** Every entry of the application's record, oldest first. */
export async function listConsents(deps: Pick<Deps, 'db' | 'clock'>, uuid: string): Promise<ConsentEntry[]> {
  return readConsents(deps.db, uuid, deps.clock());
}

export const sha256 = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex');

const shopper = (session: ApplySession, ctx: ShopperContext) => ({
  actor: 'shopper',
  lang: ctx.lang,
  client_id: session.clientId,
  ip: ctx.ip ?? null,
});

/** The exact consent text as shown in the shopper's language, with its key and version. */
export function consentText(
  which: keyof typeof CONSENT_TEXTS,
  lang: Lang,
  params: Record<string, string | number> = {},
) {
  const { key, version } = CONSENT_TEXTS[which];
  return { text: translate(lang, key, params), text_key: key, version };
}

/** PIN send: the shopper asked for the code by SMS or e-mail, consenting to that message (TCPA). */
export async function recordPinConsent(
  deps: Deps,
  session: ApplySession,
  uuid: string,
  channel: 'sms' | 'email',
  ctx: ShopperContext,
): Promise<void> {
  await recordConsent(deps, uuid, {
    kind: 'pin_channel',
    ...shopper(session, ctx),
    channel,
    ...consentText(channel, ctx.lang),
  });
}

/**
 * Submit: the ESIGN consent to electronic records and the terms accepted (terms_accepted), as shown on the confirm
 * screen, ESIGN first. Not written here: the decision stores them in its own write (functions/data/consents.ts).
 */
export function submitConsentEntries(session: ApplySession, ctx: ShopperContext, at: Date): ConsentEntry[] {
  return [
    { kind: 'esign', at: at.toISOString(), ...shopper(session, ctx), ...consentText('esign', ctx.lang) },
    { kind: 'terms', at: at.toISOString(), ...shopper(session, ctx), ...consentText('terms', ctx.lang) },
  ];
}

// ---------- the PDF export (for a regulator or a dispute) ----------

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafe(text).split(/\s*\|\s*/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

const label = (lang: Lang, key: string, params?: Record<string, string | number>) =>
  translate(lang, `staff.consents.${key}`, params);

/** The lines describing one entry (label: value). */
export function entryLines(entry: ConsentEntry, lang: Lang): [string, string][] {
  const rows: [string, string][] = [
    [label(lang, 'at'), entry.at],
    [label(lang, 'kind'), label(lang, `kind.${entry.kind}`)],
    [label(lang, 'language'), entry.lang],
    [label(lang, 'actor'), entry.actor],
  ];
  if (entry.client_id) rows.push([label(lang, 'clientId'), entry.client_id]);
  if (entry.ip) rows.push([label(lang, 'ip'), entry.ip]);
  if (entry.channel) rows.push([label(lang, 'channel'), entry.channel]);
  if (entry.version) rows.push([label(lang, 'version'), entry.version]);
  if (entry.text) rows.push([label(lang, 'text'), entry.text]);
  if (entry.screen) rows.push([label(lang, 'screen'), entry.screen]);
  const d = entry.computed;
  if (d) {
    rows.push([
      label(lang, 'figures'),
      label(lang, 'figuresValue', {
        option: d.option,
        frequency: d.frequency,
        numPayments: d.numPayments,
        payment: formatCents(d.paymentWithOcpCents),
        total: formatCents(d.totalOfPaymentsCents),
        cash: formatCents(d.cashPriceCents),
        cost: formatCents(d.costOfLeasingCents),
        fees: d.fees.map((f) => `${f.key} ${formatCents(f.cents)}`).join(', '),
        epoDays: d.earlyPurchase.days,
        payoff: formatCents(d.earlyPurchase.payoffAtSigningCents),
        after: formatCents(d.earlyPurchase.payoffAfterWindowCents),
        ocp: d.ocp.included ? formatCents(d.ocpPerPaymentCents) : '-',
      }),
    ]);
    rows.push([
      label(lang, 'matches'),
      entry.differences && entry.differences.length > 0
        ? entry.differences.join(', ')
        : entry.shown
          ? label(lang, 'identical')
          : label(lang, 'notReported'),
    ]);
  }
  if (entry.state) rows.push([label(lang, 'state'), entry.state]);
  if (entry.state_disclosures?.length)
    rows.push([label(lang, 'stateDisclosures'), entry.state_disclosures.join(' | ')]);
  if (entry.checkout_id) rows.push([label(lang, 'checkout'), entry.checkout_id]);
  if (entry.envelope_id) rows.push([label(lang, 'envelope'), entry.envelope_id]);
  if (entry.document_sha256) rows.push([label(lang, 'documentHash'), entry.document_sha256]);
  if (entry.signed_copy_sha256) rows.push([label(lang, 'signedHash'), entry.signed_copy_sha256]);
  if (entry.matches_sent !== undefined)
    rows.push([label(lang, 'matchesSent'), label(lang, entry.matches_sent ? 'yes' : 'no')]);
  return rows;
}

/** The record as a PDF: one block per entry, oldest first, with every text and figure as recorded. */
export async function consentPdf(
  deps: Pick<Deps, 'db' | 'clock'>,
  uuid: string,
  lang: Lang = 'en',
): Promise<Uint8Array> {
  // pdf-lib loads on the first PDF rendered (a side package beside the bundle, infra/constructs/side-assets.ts).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const entries = await listConsents(deps, uuid);
  const pdf = await PDFDocument.create();
  const title = label(lang, 'pdfTitle');
  pdf.setTitle(title);
  pdf.setLanguage(lang === 'es' ? 'es-US' : 'en-US');
  pdf.setProducer('pdf-lib');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const W = 612;
  const H = 792;
  const M = 50;
  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;
  const line = (text: string, x: number, size: number, f: PDFFont) => {
    if (y - size - 3 < M) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
    y -= size + 3;
    page.drawText(text, { x, y, size, font: f, color: rgb(0.07, 0.09, 0.15) });
  };
  for (const l of wrap(title, bold, 15, W - 2 * M)) line(l, M, 15, bold);
  for (const l of wrap(
    label(lang, 'pdfIntro', { uuid, at: deps.clock().toISOString(), count: entries.length }),
    font,
    9,
    W - 2 * M,
  ))
    line(l, M, 9, font);
  entries.forEach((entry, i) => {
    y -= 8;
    line(`${i + 1}. ${pdfSafe(label(lang, `kind.${entry.kind}`))}`, M, 11, bold);
    for (const [name, value] of entryLines(entry, lang)) {
      const valueLines = wrap(value, font, 8.5, W - 2 * M - 150);
      line(pdfSafe(name), M, 8.5, bold);
      y += 11.5;
      for (const v of valueLines) line(v, M + 150, 8.5, font);
    }
  });
  if (entries.length === 0) line(pdfSafe(label(lang, 'empty')), M, 10, font);
  return pdf.save();
}
