import type { ReactNode } from 'react';
import { conceal, type ApplicationDraft } from '../../../machines/contracts/application.ts';
import type { FieldErrors } from '../../../machines/contracts/envelope.ts';
import {
  asksHomeOwnership,
  type ApplicationStoreFlags,
  type IncomeInput,
} from '../../../machines/domain/application-schema.ts';
import { monthlyIncomeCents, type IncomeFrequency } from '../../../machines/domain/income.ts';
import { formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';
import { useBrand } from '../../lib/brand.tsx';
import { formatDate, formatPhone } from '../../lib/format.ts';
import { useAppT } from './text.ts';
import { useConsentText } from '../disclosures/consent-text.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

export type SummarySection =
  | 'applicantInfo'
  | 'applicantAddress'
  | 'hvacHomeOwnership'
  | 'income'
  | 'banking'
  | 'coApplicantQuestion'
  | 'coApplicantInfo'
  | 'coApplicantIncome';

type Row = [label: string, value: ReactNode];

/** The step title of an error's dotted path (`co_applicant.incomes.0.gross` -> Co-Applicant Income). */
function sectionTitleOf(path: string): string {
  if (path.startsWith('co_applicant.incomes')) return 'application.step.coApplicantIncome';
  const head = path.split('.')[0];
  const steps: Record<string, string> = {
    applicant: 'applicantInfo',
    location: 'applicantAddress',
    home_ownership: 'hvacHomeOwnership',
    incomes: 'income',
    banking: 'banking',
    has_co_applicant: 'coApplicantQuestion',
    co_applicant: 'coApplicantInfo',
    product_selection_override: 'productSelection',
  };
  return `application.step.${steps[head ?? ''] ?? 'confirmation'}`;
}

const money = (value: unknown) => {
  const cents = parseAmountToCents(value == null ? '' : String(value));
  return cents === undefined ? '' : formatCents(cents);
};

/**
 * The confirm screen: a summary per section with an Edit button each, the agreements, and 'Confirm & Submit'.
 * SSN, identification and checking account show only their last 4 characters; dates are MM/DD/YYYY.
 */
export function Confirmation({
  draft,
  flags,
  onEdit,
  onConfirm,
  busy,
  error,
  errors,
  headingRef,
}: {
  draft: ApplicationDraft;
  flags: ApplicationStoreFlags;
  onEdit: (section: SummarySection) => void;
  onConfirm: () => void;
  busy?: boolean;
  error?: string | null;
  errors?: FieldErrors;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const { t, tError } = useAppT();
  const consent = useConsentText();
  const { brand } = useBrand();
  const none = t('application.summary.notProvided');
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? none : String(v));
  const a = draft.applicant ?? {};
  const person = (p: typeof a): Row[] => [
    [
      t('application.field.first_name'),
      text(
        [p.title ? t(`application.title.${p.title}`) : '', p.first_name, p.middle_name, p.last_name]
          .filter(Boolean)
          .join(' '),
      ),
    ],
    [t('application.field.social_security_number'), text(conceal(p.social_security_number ?? ''))],
    [t('application.field.date_of_birth'), text(formatDate(p.date_of_birth ?? ''))],
    [t('application.field.identification'), text(conceal(p.identification ?? ''))],
    [t('application.field.identification_issuer'), text(p.identification_issuer)],
    [t('application.field.cell'), text(formatPhone(p.cell ?? ''))],
    [t('application.field.email'), text(p.email)],
  ];
  const address = (
    l:
      | {
          line_1?: string | null;
          line_2?: string | null;
          city?: string | null;
          state?: string | null;
          code?: string | null;
        }
      | null
      | undefined,
  ): Row[] => [
    [t('application.field.line_1'), text(l?.line_1)],
    [t('application.field.line_2'), text(l?.line_2)],
    [t('application.field.city'), text(l?.city)],
    [t('application.field.state'), text(l?.state)],
    [t('application.field.code'), text(l?.code)],
  ];
  const incomes = (list: IncomeInput[] | undefined): Row[] => {
    const rows: Row[] = [];
    (list ?? []).forEach((i, index) => {
      const n = index === 0 ? t('application.income.title', { number: 1 }) : t('application.field.additionalIncome');
      rows.push([`${n}: ${t('application.field.gross')}`, text(money(i.gross))]);
      rows.push([
        `${n}: ${t('application.field.frequency')}`,
        i.frequency ? t(`application.frequency.${i.frequency}`) : none,
      ]);
      rows.push([`${n}: ${t('application.field.source')}`, i.source ? t(`application.source.${i.source}`) : none]);
      if (i.employer) rows.push([`${n}: ${t('application.field.employer')}`, i.employer]);
      if (i.title_department) rows.push([`${n}: ${t('application.field.title_department')}`, i.title_department]);
      if (i.phone)
        rows.push([`${n}: ${t('application.field.phone')}`, formatPhone(i.phone) + (i.ext ? ` ext. ${i.ext}` : '')]);
      if (i.pay_date) rows.push([`${n}: ${t('application.field.pay_date')}`, formatDate(i.pay_date)]);
      if (i.first_pay_day) rows.push([`${n}: ${t('application.field.first_pay_day')}`, String(i.first_pay_day)]);
      if (i.second_pay_day) rows.push([`${n}: ${t('application.field.second_pay_day')}`, String(i.second_pay_day)]);
    });
    const amounts = (list ?? []).map((i) => ({
      grossCents: parseAmountToCents(String(i.gross ?? '')),
      frequency: i.frequency as IncomeFrequency,
    }));
    if (amounts.length && amounts.every((x) => x.grossCents !== undefined && x.frequency)) {
      rows.push([
        t('application.summary.monthlyIncome'),
        formatCents(monthlyIncomeCents(amounts as { grossCents: number; frequency: IncomeFrequency }[])),
      ]);
    }
    return rows;
  };
  const h = draft.home_ownership ?? {};
  const bank = draft.banking;
  const co = draft.co_applicant;
  const sections: { key: SummarySection; title: string; rows: Row[] }[] = [
    { key: 'applicantInfo', title: t('application.step.applicantInfo'), rows: person(a) },
    { key: 'applicantAddress', title: t('application.step.applicantAddress'), rows: address(draft.location) },
  ];
  if (asksHomeOwnership(flags)) {
    const rows: Row[] = [
      [t('application.field.home_type'), h.home_type ? t(`application.homeType.${h.home_type}`) : none],
      [t('application.field.ownership_type'), h.ownership_type ? t(`application.ownership.${h.ownership_type}`) : none],
    ];
    if (h.name_of_landowner) rows.push([t('application.field.name_of_landowner'), h.name_of_landowner]);
    if (h.phone_of_landowner) rows.push([t('application.field.phone_of_landowner'), formatPhone(h.phone_of_landowner)]);
    if (h.name_on_property_deed) rows.push([t('application.field.name_on_property_deed'), h.name_on_property_deed]);
    if (h.is_co_owner) rows.push([t('application.field.is_co_owner'), t('application.button.yes')]);
    if (h.owner_address?.line_1)
      rows.push(...address(h.owner_address).map(([l, v]): Row => [`${t('application.field.owner_address')}: ${l}`, v]));
    if (h.mortgage_holder_name) rows.push([t('application.field.mortgage_holder_name'), h.mortgage_holder_name]);
    if (h.mortgage_holder_payment)
      rows.push([t('application.field.mortgage_holder_payment'), money(h.mortgage_holder_payment)]);
    sections.push({ key: 'hvacHomeOwnership', title: t('application.step.hvacHomeOwnership'), rows });
  }
  sections.push({ key: 'income', title: t('application.step.income'), rows: incomes(draft.incomes) });
  sections.push({
    key: 'banking',
    title: t('application.step.banking'),
    rows: bank
      ? [
          [t('application.field.routing_number'), text(bank.routing_number)],
          [t('application.field.bank_name'), text(bank.bank_name)],
          [t('application.field.checking_account'), text(conceal(bank.checking_account ?? ''))],
        ]
      : [[t('application.step.banking'), t('application.summary.skipped')]],
  });
  sections.push({
    key: 'coApplicantQuestion',
    title: t('application.step.coApplicantQuestion'),
    rows: [
      [
        t('application.coApplicant.question'),
        draft.has_co_applicant ? t('application.button.yes') : t('application.button.no'),
      ],
    ],
  });
  if (draft.has_co_applicant && co) {
    sections.push({
      key: 'coApplicantInfo',
      title: t('application.step.coApplicantInfo'),
      rows: [
        ...person(co),
        [
          t('application.coApplicant.sameLocation'),
          co.same_location ? t('application.button.yes') : t('application.button.no'),
        ],
      ],
    });
    sections.push({
      key: 'coApplicantIncome',
      title: t('application.step.coApplicantIncome'),
      rows: incomes(co.incomes),
    });
  }
  const errorList = Object.entries(errors ?? {});
  const home = brand.homeUrl.replace(/\/$/, '');
  return (
    <section aria-labelledby="confirm-title" className="confirmation">
      <h2 id="confirm-title" tabIndex={-1} ref={headingRef}>
        {t('application.confirmation.title')}
      </h2>
      <p className="muted">{t('application.confirmation.concealed')}</p>
      {error && (
        <div className="alert" role="alert">
          {error === "We're sorry, but we were not able to process your application. Please try again later." ? (
            <>
              <strong>{t('application.submitFailed.title')}</strong> {t('application.submitFailed.text')}
            </>
          ) : (
            tError(error)
          )}
        </div>
      )}
      {errorList.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('application.errorsSummary')}</p>
          <ul>
            {errorList.map(([path, messages]) => (
              <li key={path}>
                {t(sectionTitleOf(path))}: {tError(messages[0] ?? '')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {sections.map((s) => (
        <section key={s.key} className="card summary" aria-labelledby={`summary-${s.key}`}>
          <div className="summary__head">
            <h3 id={`summary-${s.key}`}>{s.title}</h3>
            <button
              type="button"
              className="button button--secondary"
              aria-describedby={`summary-${s.key}`}
              onClick={() => onEdit(s.key)}
            >
              {t('application.button.edit')}
            </button>
          </div>
          <dl className="summary__list">
            {s.rows.map(([label, value], i) => (
              <div key={i} className="summary__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <section className="agreements" aria-labelledby="agreements-title">
        <h3 id="agreements-title">{t('application.summary.agreements')}</h3>
        <ul>
          <li>
            <a href={`${home}/terms`} target="_blank" rel="noopener noreferrer">
              {t('application.agreement.terms')}
            </a>
          </li>
          <li>
            <a href={`${home}/privacy`} target="_blank" rel="noopener noreferrer">
              {t('application.agreement.privacy')}
            </a>
          </li>
          <li>
            <a href={`${home}/e-sign-consent`} target="_blank" rel="noopener noreferrer">
              {t('application.agreement.esign')}
            </a>
          </li>
        </ul>
        <p data-testid="esign-consent">{consent('consent.esign.text')}</p>
        <p>{t('application.confirmation.agreement')}</p>
      </section>
      <SingleAction onClick={onConfirm} disabled={busy}>
        {busy ? t('application.saving') : t('application.button.confirmSubmit')}
      </SingleAction>
    </section>
  );
}
