import { timingSafeEqual } from 'node:crypto';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { StoreView } from '../../machines/contracts/store.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import { formatCents } from '../../machines/domain/money.ts';
import { ocpPerPaymentCents, type LeaseComputation } from '../../machines/domain/pricing.ts';
import { disclosureParagraphs } from '../../machines/domain/state-rules.ts';
import { costDisclosure, type CostDisclosure } from '../../machines/domain/disclosures.ts';
import { getApplication } from '../data/applications.ts';
import { getCheckout, type CheckoutItem } from '../data/checkouts.ts';
import { getStoreById } from '../data/stores.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, forbidden, gone, notFound } from '../platform/errors.ts';
import { loadScoringSettings } from './scoring.ts';
import { loadStateRule } from './state-rules.ts';
import { CONTRACT_TEXT, fill, type ContractLang } from './contract-text.ts';

// The rental-purchase agreement of a checkout's lease: one document model built from the stored lease computation
// (the pricing engine's output, to the cent), rendered as HTML (the preview frame, the e-sign envelope) and as a PDF
// (pdf-lib). The PDF is downloaded through a signed link that expires after 24 hours.

export const CONTRACT_LINK_TTL_SECONDS = 24 * 3600;
export const UNABLE_TO_GENERATE = 'Unable to generate Contract';

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'fields'; rows: { label: string; value: string; note?: string }[] }
  | { kind: 'table'; head: string[]; rows: { cells: string[]; sub?: boolean }[]; right: number[] }
  | { kind: 'paragraph'; text: string }
  | { kind: 'signature'; label: string; name: string };

export interface ContractDocument {
  lang: ContractLang;
  title: string;
  blocks: Block[];
}

export interface ContractFacts {
  checkoutId: string;
  lang: ContractLang;
  store: StoreView;
  customer: { name: string; address: string; email: string; cell: string; ssnLast4: string };
  lease: LeaseComputation;
  option: string;
  epoDays: number;
  remainingPaymentsPercent: number;
  ocpWeeklyCents: number;
  ocpAvailable: boolean;
  /** The protection plan's price per payment for the lease's frequency (the pricing engine's); else derived from the weekly price. */
  ocpPerPaymentCents?: number;
  /** The applicant's state's rule (state rules as data): its cost cap and the disclosures it requires. */
  stateRule?: { state: string; capMultiplier: number | null; disclosures: string[] };
}

const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');
const maskPhone = (cell: string) => {
  const digits = cell.replace(/\D/g, '');
  return digits.length >= 4 ? `(***) ***-${digits.slice(-4)}` : '';
};

/** Builds the agreement's document model: every figure comes from the lease computation, formatted once. */
export function contractDocument(f: ContractFacts): ContractDocument {
  const t = CONTRACT_TEXT[f.lang];
  const c = f.lease;
  const $ = formatCents;
  const brand = BRANDS[f.store.brand];
  const blocks: Block[] = [];
  blocks.push({ kind: 'title', text: t.title }, { kind: 'subtitle', text: t.subtitle });
  blocks.push({
    kind: 'fields',
    rows: [
      { label: t.agreementNo, value: f.checkoutId },
      { label: t.date, value: c.leaseBeginsAt },
      { label: t.lessor, value: `${brand.name}, ${brand.phone}` },
      { label: t.store, value: `${f.store.label}, ${f.store.billing_address.label}, ${f.store.details.phone}` },
    ],
  });
  blocks.push({ kind: 'heading', text: t.customer });
  blocks.push({
    kind: 'fields',
    rows: [
      { label: t.name, value: f.customer.name },
      { label: t.address, value: f.customer.address },
      { label: t.phone, value: f.customer.cell },
      { label: t.email, value: f.customer.email },
      { label: t.ssn, value: f.customer.ssnLast4 ? `***-**-${f.customer.ssnLast4}` : '' },
    ],
  });

  blocks.push({ kind: 'heading', text: t.merchandise });
  const rows: { cells: string[]; sub?: boolean }[] = [];
  for (const item of c.items) {
    rows.push({
      cells: [
        String(item.quantity),
        item.description,
        item.sku,
        $(item.unitPriceCents),
        $(item.unitPriceCents * item.quantity),
      ],
    });
    for (const part of item.requiredParts ?? []) {
      rows.push({
        sub: true,
        cells: [
          String(part.quantity),
          `${t.requiredPart}: ${part.description}`,
          part.sku,
          $(part.unitPriceCents),
          $(part.totalCents),
        ],
      });
    }
  }
  rows.push({ cells: ['', t.deliveryLine, '', '', $(c.delivery)] });
  rows.push({ cells: ['', t.cashPrice, '', '', $(c.cashPrice)] });
  blocks.push({ kind: 'table', head: [t.qty, t.description, t.sku, t.unitPrice, t.total], rows, right: [0, 3, 4] });

  const last = c.schedule[c.schedule.length - 1]?.dueDate ?? c.nextPaymentAt ?? c.leaseBeginsAt;
  const timing = fill(c.prePaidPayments > 0 ? t.timingPrepaid : t.timingNoPrepaid, {
    next: c.nextPaymentAt ?? c.leaseBeginsAt,
    every: t.every[c.paymentFrequency],
    last,
  });
  const paidTowardCash = c.reductionAmount + c.additionalDown;
  const fieldsRows: { label: string; value: string; note?: string }[] = [
    { label: t.option, value: fill(t.optionName, { option: f.option }) },
    { label: t.frequency, value: t.frequencyName[c.paymentFrequency] },
    { label: t.numPayments, value: String(c.numPayments) },
    {
      label: t.paymentAmount,
      value:
        c.waiver > 0
          ? fill(t.paymentWithOcp, { rent: $(c.paymentAmount), ocp: $(c.waiver), total: $(c.paymentWithWaiver) })
          : $(c.paymentAmount),
    },
    { label: t.timing, value: timing },
    { label: t.totalOfPayments, value: $(c.totalPayment), note: t.totalOfPaymentsNote },
    { label: t.cashPrice, value: $(c.cashPrice), note: t.cashPriceNote },
  ];
  if (paidTowardCash > 0) {
    fieldsRows.push(
      { label: t.paidTowardCash, value: $(paidTowardCash) },
      { label: t.leasedCashPrice, value: $(c.effectiveCashPrice) },
    );
  }
  fieldsRows.push({ label: t.costOfLease, value: $(c.totalPayment - c.effectiveCashPrice), note: t.costOfLeaseNote });
  if (c.leaseType === 'OptionB') fieldsRows.push({ label: t.leaseProcessFee, value: $(c.leaseProcessFee) });
  else fieldsRows.push({ label: t.documentProcessingFee, value: $(c.documentProcessingFee) });
  if (c.securityDeposit > 0) fieldsRows.push({ label: t.securityDeposit, value: $(c.securityDeposit) });
  fieldsRows.push({ label: t.delivery, value: $(c.delivery) });
  fieldsRows.push({ label: t.dueAtSigning, value: $(c.downPayment), note: t.dueAtSigningNote });
  blocks.push({ kind: 'heading', text: t.costDisclosures }, { kind: 'fields', rows: fieldsRows });

  blocks.push({ kind: 'heading', text: t.earlyPurchase });
  blocks.push({
    kind: 'paragraph',
    text: fill(t.earlyPurchaseText, {
      days: f.epoDays,
      cash: $(c.effectiveCashPrice),
      fee: $(c.epoFee),
      percent: f.remainingPaymentsPercent,
    }),
  });
  const epo = contractDisclosure(f).earlyPurchase;
  blocks.push({
    kind: 'paragraph',
    text: fill(t.earlyPurchaseExample, {
      atSigning: $(epo.payoffAtSigningCents),
      day: epo.afterWindowDay,
      after: $(epo.payoffAfterWindowCents),
    }),
  });
  blocks.push({ kind: 'heading', text: t.protection });
  const perPayment = c.waiver > 0 ? c.waiver : 0;
  blocks.push({
    kind: 'paragraph',
    text: !f.ocpAvailable
      ? t.protectionUnavailable
      : fill(c.waiver > 0 ? t.protectionChosen : t.protectionDeclined, {
          weekly: $(f.ocpWeeklyCents),
          perPayment: $(perPayment || (f.ocpPerPaymentCents ?? ocpPerPaymentFor(c, f.ocpWeeklyCents))),
        }),
  });
  blocks.push({ kind: 'heading', text: t.ownership }, { kind: 'paragraph', text: t.ownershipText });
  blocks.push({ kind: 'heading', text: t.returnRight }, { kind: 'paragraph', text: t.returnRightText });
  blocks.push({ kind: 'heading', text: t.stateDisclosures }, { kind: 'paragraph', text: t.stateDisclosuresText });
  const rule = f.stateRule;
  if (rule && (rule.capMultiplier !== null || rule.disclosures.length > 0)) {
    blocks.push({ kind: 'heading', text: fill(t.stateSpecific, { state: rule.state }) });
    if (rule.capMultiplier !== null)
      blocks.push({
        kind: 'paragraph',
        text: fill(t.stateCapText, { state: rule.state, cap: String(rule.capMultiplier) }),
      });
    for (const text of rule.disclosures) blocks.push({ kind: 'paragraph', text });
  }
  blocks.push(
    { kind: 'heading', text: t.signatures },
    { kind: 'paragraph', text: t.signatureText },
    { kind: 'signature', label: t.customerSignature, name: f.customer.name },
  );
  return { lang: f.lang, title: t.title, blocks };
}

/** The cost disclosure of the agreement's lease (machines/domain/disclosures.ts): the screens show these figures. */
export function contractDisclosure(f: ContractFacts): CostDisclosure {
  return costDisclosure(f.lease, {
    option: f.option,
    epoDays: f.epoDays,
    remainingPaymentsPercent: f.remainingPaymentsPercent,
    ocpAvailable: f.ocpAvailable,
    ocpPerPaymentPriceCents:
      f.lease.waiver > 0 ? f.lease.waiver : (f.ocpPerPaymentCents ?? ocpPerPaymentFor(f.lease, f.ocpWeeklyCents)),
  });
}

/** What OCP would cost per payment when it was not chosen (for the disclosure). */
function ocpPerPaymentFor(c: LeaseComputation, weeklyCents: number): number {
  switch (c.paymentFrequency) {
    case 'weekly':
      return weeklyCents;
    case '14-day':
      return weeklyCents * 2;
    case '28-day':
      return weeklyCents * 4;
    default:
      return Math.round((weeklyCents * 52) / (c.paymentFrequency === 'monthly' ? 12 : 24));
  }
}

const esc = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function renderContractHtml(doc: ContractDocument): string {
  const body = doc.blocks
    .map((b) => {
      switch (b.kind) {
        case 'title':
          return `<h1>${esc(b.text)}</h1>`;
        case 'subtitle':
          return `<p class="subtitle">${esc(b.text)}</p>`;
        case 'heading':
          return `<h2>${esc(b.text)}</h2>`;
        case 'paragraph':
          return `<p>${esc(b.text)}</p>`;
        case 'fields':
          return `<dl>${b.rows
            .map(
              (r) =>
                `<div><dt>${esc(r.label)}</dt><dd>${esc(r.value)}${r.note ? `<br><small>${esc(r.note)}</small>` : ''}</dd></div>`,
            )
            .join('')}</dl>`;
        case 'table':
          return `<table><thead><tr>${b.head.map((h, i) => `<th scope="col"${b.right.includes(i) ? ' class="num"' : ''}>${esc(h)}</th>`).join('')}</tr></thead><tbody>${b.rows
            .map(
              (r) =>
                `<tr${r.sub ? ' class="part"' : ''}>${r.cells.map((cell, i) => `<td${b.right.includes(i) ? ' class="num"' : ''}>${esc(cell)}</td>`).join('')}</tr>`,
            )
            .join('')}</tbody></table>`;
        case 'signature':
          return `<p class="signature"><span>${esc(b.label)}</span><span class="line"></span><span>${esc(b.name)}</span></p>`;
      }
    })
    .join('\n');
  return `<!doctype html>
<html lang="${doc.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; color: #111827; line-height: 1.45; margin: 0 auto; max-width: 48rem; padding: 1rem; }
  h1 { font-size: 1.4rem; margin: 0; } h2 { font-size: 1.05rem; margin: 1.25rem 0 .4rem; border-bottom: 1px solid #9ca3af; }
  .subtitle { margin: 0 0 .75rem; color: #374151; }
  dl { margin: 0; } dl div { display: grid; grid-template-columns: minmax(10rem, 38%) 1fr; gap: .5rem; padding: .2rem 0; border-bottom: 1px solid #e5e7eb; }
  dt { font-weight: 600; } dd { margin: 0; } small { color: #374151; }
  table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid #d1d5db; vertical-align: top; }
  .num { text-align: right; white-space: nowrap; } tr.part td { font-size: .9em; color: #374151; }
  .signature { display: flex; gap: .75rem; align-items: flex-end; margin-top: 1.5rem; } .signature .line { flex: 1; border-bottom: 1px solid #111827; min-height: 1.5rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

// ---------- PDF ----------

/** WinAnsi (the standard fonts' encoding) covers Latin-1 and a few typographic marks; anything else becomes '?'. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const pdfSafe = (text: string) =>
  [...text]
    .map((ch) =>
      ch === '\n'
        ? ' '
        : (ch >= ' ' && ch <= '~') || (ch >= '\u00a0' && ch <= '\u00ff') || WIN_ANSI_EXTRA.has(ch)
          ? ch
          : '?',
    )
    .join('');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = pdfSafe(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export async function renderContractPdf(doc: ContractDocument): Promise<Uint8Array> {
  // pdf-lib and its fonts load on the first contract rendered: a side package of the functions that render PDFs.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setLanguage(doc.lang === 'es' ? 'es-US' : 'en-US');
  pdf.setCreator('lease-to-own platform');
  pdf.setProducer('pdf-lib');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const W = 612;
  const H = 792;
  const M = 50;
  const width = W - 2 * M;
  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;
  const ensure = (height: number) => {
    if (y - height < M) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
  };
  const text = (value: string, x: number, size: number, f: PDFFont = font) => {
    page.drawText(pdfSafe(value), { x, y, size, font: f, color: rgb(0.07, 0.09, 0.15) });
  };
  const paragraph = (value: string, size: number, f: PDFFont = font, indent = 0) => {
    for (const line of wrap(value, f, size, width - indent)) {
      ensure(size + 3);
      y -= size + 3;
      text(line, M + indent, size, f);
    }
  };

  for (const b of doc.blocks) {
    switch (b.kind) {
      case 'title':
        paragraph(b.text, 16, bold);
        y -= 2;
        break;
      case 'subtitle':
        paragraph(b.text, 10);
        y -= 4;
        break;
      case 'heading':
        y -= 8;
        paragraph(b.text, 12, bold);
        ensure(4);
        page.drawLine({
          start: { x: M, y: y - 2 },
          end: { x: W - M, y: y - 2 },
          thickness: 0.5,
          color: rgb(0.6, 0.6, 0.6),
        });
        y -= 4;
        break;
      case 'paragraph':
        paragraph(b.text, 9.5);
        y -= 2;
        break;
      case 'fields': {
        const labelWidth = 180;
        for (const row of b.rows) {
          const labelLines = wrap(row.label, bold, 9.5, labelWidth - 8);
          const valueLines = wrap(row.value, font, 9.5, width - labelWidth);
          const noteLines = row.note ? wrap(row.note, font, 8, width - labelWidth) : [];
          const height = Math.max(labelLines.length, valueLines.length) * 12.5 + noteLines.length * 10.5 + 2;
          ensure(height);
          const top = y;
          labelLines.forEach((line, i) => {
            y = top - 12.5 * (i + 1);
            text(line, M, 9.5, bold);
          });
          valueLines.forEach((line, i) => {
            y = top - 12.5 * (i + 1);
            text(line, M + labelWidth, 9.5);
          });
          let noteTop = top - 12.5 * valueLines.length;
          for (const line of noteLines) {
            noteTop -= 10.5;
            y = noteTop;
            text(line, M + labelWidth, 8);
          }
          y = top - height;
        }
        break;
      }
      case 'table': {
        const cols = [32, 208, 90, 92, 90];
        const xs = cols.map((_, i) => M + cols.slice(0, i).reduce((s, w) => s + w, 0));
        const drawRow = (cells: string[], f: PDFFont, size: number) => {
          const lines = cells.map((cell, i) => wrap(cell, f, size, cols[i]! - 6));
          const height = Math.max(...lines.map((l) => l.length)) * (size + 3) + 4;
          ensure(height);
          const top = y;
          lines.forEach((cellLines, i) => {
            cellLines.forEach((line, j) => {
              y = top - (size + 3) * (j + 1);
              const x = b.right.includes(i) ? xs[i]! + cols[i]! - 4 - f.widthOfTextAtSize(line, size) : xs[i]!;
              text(line, x, size, f);
            });
          });
          y = top - height;
          page.drawLine({
            start: { x: M, y: y + 1 },
            end: { x: W - M, y: y + 1 },
            thickness: 0.3,
            color: rgb(0.8, 0.8, 0.8),
          });
        };
        drawRow(b.head, bold, 9);
        for (const row of b.rows) drawRow(row.cells, font, row.sub ? 8.5 : 9);
        break;
      }
      case 'signature':
        y -= 24;
        ensure(20);
        text(b.label, M, 9.5, bold);
        page.drawLine({ start: { x: M + 120, y }, end: { x: M + 360, y }, thickness: 0.7, color: rgb(0, 0, 0) });
        text(b.name, M + 370, 9.5);
        y -= 12;
        break;
    }
  }
  return pdf.save();
}

// ---------- from a checkout ----------

/** The facts of a checkout's agreement; AppError 'Unable to generate Contract' (422) when something is missing. */
export async function contractFacts(
  deps: Deps,
  item: CheckoutItem,
  langOverride?: ContractLang,
): Promise<ContractFacts> {
  const now = deps.clock();
  const lease = item.lease;
  if (!lease)
    throw new AppError(422, UNABLE_TO_GENERATE, undefined, { error: 'There is no lease for this checkout yet.' });
  const [storeItem, app, settings] = await Promise.all([
    getStoreById(deps.db, item.storeId, now),
    getApplication(deps.db, deps.crypto, lease.applicationUuid, now),
    loadScoringSettings(deps),
  ]);
  if (!storeItem)
    throw new AppError(422, UNABLE_TO_GENERATE, undefined, { error: 'The store of this checkout no longer exists.' });
  const applicant = app?.data.applicant;
  const location = app?.data.location;
  if (!applicant || !location)
    throw new AppError(422, UNABLE_TO_GENERATE, undefined, { error: 'The applicant of this lease is incomplete.' });
  const stateRule = await loadStateRule(deps, location.state);
  const name = [applicant.first_name, applicant.middle_name, applicant.last_name].filter(Boolean).join(' ');
  const address = [location.line_1, location.line_2, location.city, `${location.state} ${location.code}`]
    .filter(Boolean)
    .join(', ');
  return {
    checkoutId: item.id,
    lang: langOverride ?? (lease.computation.primaryLanguage === 'es' ? 'es' : 'en'),
    store: storeItem.view,
    customer: {
      name,
      address,
      email: applicant.email ? maskEmail(applicant.email) : '',
      cell: applicant.cell ? maskPhone(applicant.cell) : '',
      ssnLast4: (applicant.social_security_number ?? '').slice(-4),
    },
    lease: lease.computation,
    option: lease.input.option,
    epoDays: lease.epoDays,
    remainingPaymentsPercent: lease.remainingPaymentsPercent,
    ocpWeeklyCents: settings.ocp.weeklyCents,
    ocpAvailable: Boolean(lease.input.ocpEnabled),
    ocpPerPaymentCents: ocpPerPaymentCents(lease.computation.paymentFrequency, settings),
    ...(stateRule
      ? {
          stateRule: {
            state: stateRule.state,
            capMultiplier:
              lease.input.stateCapMultiplier !== undefined
                ? lease.input.stateCapMultiplier
                : stateRule.cost_cap_multiplier,
            disclosures: disclosureParagraphs(stateRule.disclosures),
          },
        }
      : {}),
  };
}

export async function contractHtmlOf(deps: Deps, item: CheckoutItem, lang?: ContractLang): Promise<string> {
  try {
    return renderContractHtml(contractDocument(await contractFacts(deps, item, lang)));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(422, UNABLE_TO_GENERATE, undefined, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export async function contractPdfOf(deps: Deps, item: CheckoutItem, lang?: ContractLang): Promise<Uint8Array> {
  try {
    return await renderContractPdf(contractDocument(await contractFacts(deps, item, lang)));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(422, UNABLE_TO_GENERATE, undefined, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

// ---------- the signed download link ----------

const linkMac = (deps: Pick<Deps, 'crypto'>, checkoutId: string, expires: number) =>
  deps.crypto.blindIndex('contract-pdf-link', checkoutId, String(expires));

/** The preview (in the frame) and the PDF download link, valid 24 hours. */
export async function contractLinks(deps: Pick<Deps, 'crypto' | 'clock' | 'config'>, checkoutId: string) {
  const expires = Math.floor(deps.clock().getTime() / 1000) + CONTRACT_LINK_TTL_SECONDS;
  const sig = await linkMac(deps, checkoutId, expires);
  return {
    preview_path: `/apply-v2/checkout/${checkoutId}/preview`,
    pdf_url: `${deps.config.publicUrl}/apply-v2/checkout/${checkoutId}/contract.pdf?expires=${expires}&sig=${sig}`,
    pdf_expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** Checks a download link: 410 when expired, 403 when the signature does not match. */
export async function checkContractLink(
  deps: Deps,
  checkoutId: string,
  expiresText: string | undefined,
  sig: string | undefined,
): Promise<CheckoutItem> {
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || !sig || !/^[0-9a-f]{16,128}$/i.test(sig))
    throw forbidden('This download link is not valid.');
  const expected = Buffer.from(await linkMac(deps, checkoutId, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw forbidden('This download link is not valid.');
  if (expires * 1000 <= deps.clock().getTime())
    throw gone('This download link has expired. Open the contract again to get a new link.');
  const item = await getCheckout(deps.db, checkoutId, deps.clock());
  if (!item) throw notFound('Checkout not found');
  return item;
}
