import { adverseAction as messages } from '../i18n/adverse-action.ts';
import type { Lang } from '../i18n/types.ts';
import type { DecisionReason } from './decision.ts';
import { renderText } from './result.ts';

// The adverse-action notice of a denial (FCRA section 615(a); issue 11 part 3). Pure: built from the stored decision
// (machine-readable reasons, the bureau inquiry) and a few facts of the store, in English or Spanish. The server
// renders it as an accessible HTML page (functions/services/adverse-action.ts) for the shopper and for staff.
//
// Content, as 615(a) asks: the action taken; the principal reasons in plain words (the reasons' i18n texts); the
// consumer reporting agency used (name, address, toll-free phone) and that it did not make the decision and cannot
// explain it; the credit score used with its range, date and key factors (615(a)(2)); the right to a free copy of
// the report within 60 days (612) and to dispute its accuracy or completeness with the agency (611).

/** The consumer reporting agency whose report the decision used. */
export interface ReportingAgency {
  name: string;
  address: string;
  phone: string;
  website: string;
}

/** What the notice is built from (the stored decision and the store's facts). */
export interface NoticeInput {
  uuid: string;
  decidedAt: string;
  applicantName: string;
  lender: { name: string; phone: string };
  storeName: string;
  reasons: Pick<DecisionReason, 'code' | 'key' | 'params'>[];
  /** null when no consumer report was pulled (e.g. a denial before the bureau was asked). */
  bureau: { reportId: string; hit: boolean; factors: string[] } | null;
  score: number | null;
  agency: ReportingAgency;
}

export interface NoticeSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface Notice {
  lang: Lang;
  title: string;
  date: string;
  greeting: string;
  intro: string;
  sections: NoticeSection[];
  /** The machine-readable reason codes, in order. */
  reasonCodes: string[];
}

export const SCORE_RANGE = { min: 300, max: 850 } as const;
/** Days within which the applicant may ask the agency for a free copy (FCRA 612(b)). */
export const FREE_REPORT_DAYS = 60;

const fill = (lang: Lang, key: string, params: Record<string, string | number> = {}) => {
  const template = messages[lang][key] ?? messages.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
};

/** A date as the reader's language writes it (UTC calendar date of the decision). */
export function noticeDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const months = fill(lang, 'aa.months').split(',');
  return lang === 'es' ? `${d} de ${months[m! - 1]} de ${y}` : `${months[m! - 1]} ${d}, ${y}`;
}

/** The principal reasons in plain words, in `lang` (the decision area's texts of the reason codes). */
export const reasonTexts = (reasons: NoticeInput['reasons'], lang: Lang): string[] =>
  reasons.map((r) => renderText({ key: r.key, params: r.params }, lang));

/** Builds the notice (pure). */
export function buildNotice(input: NoticeInput, lang: Lang): Notice {
  const t = (key: string, params: Record<string, string | number> = {}) => fill(lang, key, params);
  const agency = input.agency;
  const usedReport = Boolean(input.bureau);
  const reasons = reasonTexts(input.reasons, lang);
  const sections: NoticeSection[] = [
    {
      heading: t('aa.reasons.heading'),
      paragraphs: [t('aa.reasons.intro')],
      items: reasons.length ? reasons : [t('aa.reasons.none')],
    },
  ];
  if (usedReport) {
    sections.push({
      heading: t('aa.bureau.heading'),
      paragraphs: [t('aa.bureau.used'), t('aa.bureau.notDecided')],
      items: [
        agency.name,
        agency.address,
        t('aa.bureau.phone', { phone: agency.phone }),
        agency.website,
        t('aa.bureau.reference', { id: input.bureau!.reportId }),
      ],
    });
    if (input.score !== null) {
      const factors = input.bureau!.factors.slice(0, 4);
      sections.push({
        heading: t('aa.score.heading'),
        paragraphs: [
          t('aa.score.value', {
            score: input.score,
            min: SCORE_RANGE.min,
            max: SCORE_RANGE.max,
            date: noticeDate(input.decidedAt, lang),
          }),
          factors.length ? t('aa.score.factors') : t('aa.score.noFactors'),
        ],
        ...(factors.length ? { items: factors } : {}),
      });
    } else {
      sections.push({
        heading: t('aa.score.heading'),
        paragraphs: [t(input.bureau!.hit ? 'aa.score.thin' : 'aa.score.noFile')],
      });
    }
    sections.push({
      heading: t('aa.rights.heading'),
      paragraphs: [
        t('aa.rights.freeReport', { days: FREE_REPORT_DAYS, agency: agency.name }),
        t('aa.rights.dispute', { agency: agency.name }),
        t('aa.rights.more'),
      ],
    });
  } else {
    sections.push({ heading: t('aa.bureau.heading'), paragraphs: [t('aa.bureau.notUsed')] });
  }
  sections.push({
    heading: t('aa.contact.heading'),
    paragraphs: [t('aa.contact.text', { lender: input.lender.name, phone: input.lender.phone, id: input.uuid })],
  });
  return {
    lang,
    title: t('aa.title'),
    date: noticeDate(input.decidedAt, lang),
    greeting: t('aa.greeting', { name: input.applicantName || t('aa.applicant') }),
    intro: t('aa.intro', { lender: input.lender.name, store: input.storeName }),
    sections,
    reasonCodes: input.reasons.map((r) => r.code),
  };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The notice as a standalone, accessible HTML page: a landmark, one h1, a heading per section, real lists, the
 * language set, readable contrast, printable; `otherLangHref` links the same notice in the other language.
 */
export function noticeHtml(notice: Notice, otherLangHref?: string): string {
  const other: Lang = notice.lang === 'en' ? 'es' : 'en';
  const sections = notice.sections
    .map((s, i) => {
      const id = `aa-s${i + 1}`;
      const paragraphs = s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('');
      const items = s.items?.length ? `<ul>${s.items.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '';
      return `<section aria-labelledby="${id}"><h2 id="${id}">${esc(s.heading)}</h2>${paragraphs}${items}</section>`;
    })
    .join('');
  const switcher = otherLangHref
    ? `<p class="aa-lang"><a href="${esc(otherLangHref)}" hreflang="${other}" lang="${other}">${esc(fill(other, 'aa.otherLanguage'))}</a></p>`
    : '';
  return `<!doctype html><html lang="${notice.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(notice.title)}</title><style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff;margin:0}
main{max-width:44rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .5rem}h2{font-size:1.15rem;margin:1.5rem 0 .25rem}
a{color:#1d4ed8}a:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.aa-date{color:#374151}.aa-lang{text-align:right}
@media print{.aa-lang,.aa-print{display:none}}
</style></head><body><main id="notice" data-notice-reasons="${esc(notice.reasonCodes.join(' '))}">${switcher}<h1>${esc(notice.title)}</h1><p class="aa-date">${esc(notice.date)}</p><p>${esc(notice.greeting)}</p><p>${esc(notice.intro)}</p>${sections}</main></body></html>`;
}

/** The shopper's notice page (auth 'apply-frame': the apply token may travel in the query of a link). */
export const ADVERSE_ACTION_PATH = '/apply-v2/application/adverse-action';

/** What a denied result adds for the shopper: the reason codes and the notice's address; nothing otherwise. */
export function denialFields(record: {
  uuid: string;
  status: string;
  decision?: unknown;
}): { reasons: string[]; adverse_action_url: string } | Record<string, never> {
  const decision = record.decision as { reasons?: { code: string }[] } | undefined;
  if (record.status !== 'denied' || !decision) return {};
  return {
    reasons: (decision.reasons ?? []).map((r) => r.code),
    adverse_action_url: `${ADVERSE_ACTION_PATH}?uuid=${encodeURIComponent(record.uuid)}`,
  };
}
