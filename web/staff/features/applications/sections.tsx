// The sections of an application's record: applicant and co-applicant (concealed PII with Reveal), incomes, banking,
// home ownership, decision, PIN history, verification flows, documents, the consent and disclosure record, lease
// terms, checkout, payments, webhook deliveries and the timeline.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConsentEntry, ConsentKind, ConsentRecordView } from '../../../../machines/contracts/consents.ts';
import type {
  ApplicationDetail,
  PersonView,
  WebhookDeliveryView,
} from '../../../../machines/contracts/staff-leases.ts';
import { formatCents } from '../../../../machines/domain/money.ts';
import { consentStaffTexts } from '../../../../machines/i18n/consents-staff.ts';
import {
  isStaffLeaseActionId,
  LEASE_ACTIONS,
  STAFF_LEASE_ACTIONS,
  type LeaseAction,
} from '../../../../machines/lease-status/lease-status.machine.ts';
import { formatPhone } from '../../../lib/format.ts';
import { fill, useI18n, useT, type Translate } from '../../../lib/i18n.tsx';
import { DetailList, EmptyNote, Section, SimpleTable, type DetailItem } from '../../common/Details.tsx';
import { cardText, formatMoney, humanize, paymentStatusText, plain, tOr, When } from '../../common/display.tsx';
import { useSession } from '../../common/session.tsx';

const PERSON_FIELDS: (keyof PersonView)[] = [
  'salutation',
  'first_name',
  'middle_name',
  'last_name',
  'suffix',
  'email',
  'cell_phone',
  'home_phone',
  'preferred_contact',
  'language',
  'social_security_number',
  'date_of_birth',
  'identification',
  'identification_type',
  'identification_state',
  'address',
];

const PHONES = new Set<string>(['cell_phone', 'home_phone']);

export function addressText(address: Record<string, string | null> | null | undefined): string {
  if (!address) return '';
  const { line_1, line_2, city, state, code, ...rest } = address;
  const cityLine = [city, [state, code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [line_1, line_2, cityLine, ...Object.values(rest)].filter(Boolean).join(', ');
}

/** A concealed value with its Reveal/Hide button, for the fields the user may reveal. */
function Revealable({
  field,
  label,
  concealed,
  reveal,
}: {
  field: string;
  label: string;
  concealed: string;
  reveal: (field: string) => Promise<string | undefined>;
}) {
  const t = useT();
  const [value, setValue] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const shown = value !== undefined;
  return (
    <span className="staff-reveal">
      <span aria-live="polite" data-testid={`value-${field}`}>
        {shown ? value : concealed}
      </span>{' '}
      <button
        type="button"
        className="tk-btn tk-btn--small"
        aria-disabled={busy || undefined}
        aria-label={t(shown ? 'staff.ui.lease.hideNamed' : 'staff.ui.lease.revealNamed', { name: label })}
        data-testid={`reveal-${field}`}
        onClick={() => {
          if (busy) return;
          if (shown) {
            setValue(undefined);
            return;
          }
          setBusy(true);
          void reveal(field).then((revealed) => {
            setBusy(false);
            if (revealed !== undefined) setValue(revealed);
          });
        }}
      >
        {t(shown ? 'staff.ui.lease.hide' : 'staff.ui.lease.reveal')}
      </button>
    </span>
  );
}

export function PersonSection({
  title,
  prefix,
  person,
  revealable,
  reveal,
}: {
  title: string;
  prefix: 'applicant' | 'co_applicant';
  person: PersonView | null;
  revealable: string[];
  reveal: (field: string) => Promise<string | undefined>;
}) {
  const t = useT();
  return (
    <Section title={title} testId={`section-${prefix}`}>
      {!person ? (
        <EmptyNote />
      ) : (
        <DetailList
          items={PERSON_FIELDS.map((key): DetailItem => {
            const label = t(`staff.ui.lease.person.${key}`);
            const raw = person[key];
            const text =
              key === 'address'
                ? addressText(raw as PersonView['address'])
                : PHONES.has(key)
                  ? formatPhone(raw as string | null)
                  : plain(raw, t);
            const field = `${prefix}.${key}`;
            const value =
              revealable.includes(field) && raw ? (
                <Revealable field={field} label={label} concealed={String(text)} reveal={reveal} />
              ) : (
                text
              );
            return { label, value };
          })}
        />
      )}
    </Section>
  );
}

export function IncomesSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  return (
    <Section title={t('staff.ui.lease.incomes')}>
      <SimpleTable
        caption={t('staff.ui.lease.incomes')}
        rows={detail.incomes}
        rowKey={(_, index) => String(index)}
        columns={[
          {
            key: 'applicant',
            label: t('staff.ui.lease.whose'),
            render: (r) =>
              t(r.applicant === 'applicant' ? 'staff.ui.lease.applicantSection' : 'staff.ui.lease.coApplicant'),
          },
          { key: 'primary', label: t('staff.ui.lease.primary'), render: (r) => plain(r.primary, t) },
          {
            key: 'type',
            label: t('staff.ui.lease.incomeType'),
            render: (r) => (r.type ? tOr(t, `application.source.${r.type}`, humanize(r.type)) : ''),
          },
          { key: 'employer', label: t('staff.ui.lease.employer'), render: (r) => r.employer ?? '' },
          { key: 'title', label: t('staff.ui.lease.jobTitle'), render: (r) => r.title ?? '' },
          {
            key: 'frequency',
            label: t('staff.ui.lease.frequency'),
            render: (r) => (r.frequency ? tOr(t, `application.frequency.${r.frequency}`, humanize(r.frequency)) : ''),
          },
          { key: 'gross', label: t('staff.ui.lease.gross'), render: (r) => formatMoney(r.gross) },
          {
            key: 'monthly_gross',
            label: t('staff.ui.lease.monthlyGross'),
            render: (r) => formatMoney(r.monthly_gross),
          },
          {
            key: 'last_pay_date',
            label: t('staff.ui.lease.lastPayDate'),
            render: (r) => <When value={r.last_pay_date} />,
          },
          { key: 'months_employed', label: t('staff.ui.lease.monthsEmployed'), render: (r) => r.months_employed ?? '' },
        ]}
      />
    </Section>
  );
}

export function BankingSection({
  detail,
  reveal,
}: {
  detail: ApplicationDetail;
  reveal: (field: string) => Promise<string | undefined>;
}) {
  const t = useT();
  const banking = detail.banking;
  const item = (key: 'routing_number' | 'account_number' | 'bank_name' | 'account_type'): DetailItem => {
    const label = t(`staff.ui.lease.banking.${key}`);
    const raw = banking?.[key] ?? null;
    const field = `banking.${key}`;
    return {
      label,
      value:
        raw && detail.revealable.includes(field) ? (
          <Revealable field={field} label={label} concealed={raw} reveal={reveal} />
        ) : (
          (raw ?? '')
        ),
    };
  };
  return (
    <Section title={t('staff.ui.lease.banking')} testId="section-banking">
      {banking ? (
        <DetailList items={[item('bank_name'), item('account_type'), item('routing_number'), item('account_number')]} />
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}

function homeValue(t: Translate, key: string, value: unknown) {
  if (typeof value === 'string' && key === 'home_type') return tOr(t, `application.homeType.${value}`, value);
  if (typeof value === 'string' && key === 'ownership_type') return tOr(t, `application.ownership.${value}`, value);
  if (key.endsWith('payment') && (typeof value === 'string' || typeof value === 'number')) return formatMoney(value);
  if (key.startsWith('phone') && typeof value === 'string') return formatPhone(value);
  if (value && typeof value === 'object' && !Array.isArray(value))
    return addressText(value as Record<string, string | null>);
  return plain(value, t);
}

export function HomeSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const home = detail.home_ownership;
  return (
    <Section title={t('staff.ui.lease.home')}>
      {home ? (
        <DetailList
          items={Object.entries(home).map(([key, value]) => ({
            label: tOr(t, `staff.ui.lease.home.${key}`, humanize(key)),
            value: homeValue(t, key, value),
          }))}
        />
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}

export function DecisionSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const d = detail.decision;
  return (
    <Section title={t('staff.ui.lease.decision')} testId="section-decision">
      {!d ? (
        <EmptyNote text={t('staff.ui.lease.noDecision')} />
      ) : (
        <>
          <DetailList
            items={[
              { label: t('staff.ui.lease.resultCode'), value: d.code, always: true },
              { label: t('staff.ui.lease.decidedAt'), value: <When value={d.decided_at} /> },
              { label: t('staff.ui.lease.approval'), value: formatMoney(d.approval_amount) },
              ...(['A', 'B', 'C', 'D'] as const).map((option) => ({
                label: t('staff.ui.lease.offerOption', { option }),
                value: formatMoney(d.offers?.[option]),
              })),
              { label: t('staff.ui.lease.score'), value: d.score ?? '' },
              { label: t('staff.ui.lease.decile'), value: d.decile ?? '' },
              { label: t('staff.ui.lease.monthlyIncome'), value: formatMoney(d.monthly_income) },
              { label: t('staff.ui.lease.scoringVersion'), value: d.scoring_settings_version ?? '', always: true },
              { label: t('staff.ui.lease.bureauReport'), value: d.bureau?.report_id ?? '' },
              {
                label: t('staff.ui.lease.bureauHit'),
                value: d.bureau && d.bureau.hit !== null ? plain(d.bureau.hit, t) : '',
              },
            ]}
          />
          <h3 className="staff-subtitle">{t('staff.ui.lease.reasons')}</h3>
          {d.reasons.length ? (
            <ul className="staff-list" data-testid="decision-reasons">
              {d.reasons.map((reason) => (
                <li key={reason.code}>
                  <code className="staff-code">{reason.code}</code> {reason.text}
                </li>
              ))}
            </ul>
          ) : (
            <EmptyNote />
          )}
        </>
      )}
    </Section>
  );
}

export function PinSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const pin = detail.pin;
  return (
    <Section title={t('staff.ui.lease.pin')}>
      <DetailList
        items={[
          { label: t('staff.ui.lease.pinSent'), value: String(pin.sent), always: true },
          { label: t('staff.ui.lease.pinFailed'), value: String(pin.failed), always: true },
          { label: t('staff.ui.lease.pinVerified'), value: plain(pin.verified, t), always: true },
          { label: t('staff.ui.lease.pinMaxed'), value: plain(pin.maxed, t), always: true },
          { label: t('staff.ui.lease.pinLastSent'), value: <When value={pin.last_sent_at} /> },
        ]}
      />
      <SimpleTable
        caption={t('staff.ui.lease.pin')}
        rows={pin.history}
        rowKey={(r, index) => `${r.at}-${index}`}
        columns={[
          { key: 'at', label: t('staff.ui.lease.when'), render: (r) => <When value={r.at} /> },
          { key: 'kind', label: t('staff.ui.lease.event'), render: (r) => t(`staff.ui.lease.pinKind.${r.kind}`) },
          { key: 'channel', label: t('staff.ui.lease.channel'), render: (r) => r.channel ?? '' },
        ]}
      />
    </Section>
  );
}

export function FlowsSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  return (
    <Section title={t('staff.ui.lease.flows')}>
      <SimpleTable
        caption={t('staff.ui.lease.flows')}
        rows={detail.flows}
        rowKey={(r) => r.name}
        columns={[
          {
            key: 'name',
            label: t('staff.ui.lease.flow'),
            render: (r) => tOr(t, `staff.ui.lease.flow.${r.name}`, r.name),
          },
          { key: 'state', label: t('staff.field.state'), render: (r) => humanize(r.state) },
          { key: 'updated_at', label: t('staff.ui.updatedAt'), render: (r) => <When value={r.updated_at} /> },
          {
            key: 'detail',
            label: t('staff.ui.audit.detail'),
            render: (r) =>
              Object.keys(r.detail ?? {}).length ? <code className="staff-code">{JSON.stringify(r.detail)}</code> : '',
          },
        ]}
      />
    </Section>
  );
}

export function DocumentsSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  return (
    <Section title={t('staff.ui.lease.documents')}>
      {detail.documents.length ? (
        <ul className="staff-list" data-testid="documents">
          {detail.documents.map((doc) => (
            <li key={`${doc.kind}-${doc.download_url}`}>
              <span>{doc.name}</span>{' '}
              <span className="staff-muted">({tOr(t, `staff.ui.lease.doc.${doc.kind}`, doc.kind)})</span>{' '}
              {doc.preview_url ? (
                <a
                  href={doc.preview_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('staff.ui.lease.previewNamed', { name: doc.name })}
                >
                  {t('staff.ui.lease.preview')}
                </a>
              ) : null}{' '}
              <a href={doc.download_url} download aria-label={t('staff.ui.lease.downloadNamed', { name: doc.name })}>
                {t('staff.ui.lease.download')}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}

export function LeaseSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const l = detail.lease;
  return (
    <Section title={t('staff.ui.lease.terms')} testId="section-lease">
      {!l ? (
        <EmptyNote text={t('staff.ui.lease.noLease')} />
      ) : (
        <>
          <DetailList
            items={[
              { label: t('staff.ui.lease.leaseNumber'), value: l.lease_number },
              { label: t('staff.ui.lease.stage'), value: l.stage ? humanize(l.stage) : '' },
              { label: t('staff.ui.lease.optionChosen'), value: l.option },
              { label: t('staff.ui.lease.leaseAmount'), value: formatMoney(l.lease_amount) },
              { label: t('staff.ui.lease.cashPrice'), value: formatMoney(l.cash_price) },
              { label: t('staff.ui.lease.term'), value: t('staff.ui.lease.months', { months: l.term_months }) },
              {
                label: t('staff.ui.lease.paymentFrequency'),
                value: tOr(t, `lease.frequency.${l.payment_frequency}`, l.payment_frequency),
              },
              { label: t('staff.ui.lease.periodicPayment'), value: formatMoney(l.periodic_payment) },
              { label: t('staff.ui.lease.numberOfPayments'), value: String(l.number_of_payments) },
              { label: t('staff.ui.lease.totalOfPayments'), value: formatMoney(l.total_of_payments) },
              { label: t('staff.ui.lease.initialPayment'), value: formatMoney(l.initial_payment) },
              { label: t('staff.ui.lease.initialSalesTax'), value: formatMoney(l.initial_sales_tax) },
              { label: t('staff.ui.lease.processingFee'), value: formatMoney(l.processing_fee) },
              { label: t('staff.ui.lease.ocp'), value: plain(l.ocp_included, t), always: true },
              { label: t('staff.ui.lease.deliveryDate'), value: <When value={l.delivery_date} /> },
              { label: t('staff.ui.lease.rogDate'), value: <When value={l.rog_date} /> },
              { label: t('staff.ui.lease.fundedAt'), value: <When value={l.funded_at} /> },
              { label: t('staff.ui.lease.fundedAmount'), value: formatMoney(l.funded_amount) },
              { label: t('staff.ui.lease.revision'), value: String(l.revision) },
              { label: t('staff.ui.createdAt'), value: <When value={l.created_at} /> },
            ]}
          />
          {l.fees.length ? (
            <>
              <h3 className="staff-subtitle">{t('staff.ui.lease.fees')}</h3>
              <ul className="staff-list">
                {l.fees.map((fee) => (
                  <li key={fee.name}>
                    {fee.name}: {formatMoney(fee.amount)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </Section>
  );
}

export function CheckoutSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { can } = useSession();
  const c = detail.checkout;
  return (
    <Section
      title={t('staff.ui.lease.checkout')}
      actions={
        c && can('checkouts.view') ? (
          <Link href={`/checkouts/${encodeURIComponent(c.id)}`} className="tk-btn tk-btn--small">
            {t('staff.ui.lease.openCheckout')}
          </Link>
        ) : null
      }
    >
      {!c ? (
        <EmptyNote text={t('staff.ui.lease.noCheckout')} />
      ) : (
        <>
          <DetailList
            items={[
              { label: t('staff.field.status'), value: c.status_label || c.status_name, always: true },
              { label: t('staff.ui.lease.total'), value: formatMoney(c.total) },
              { label: t('staff.ui.createdAt'), value: <When value={c.created_at} /> },
              { label: t('staff.ui.lease.completedAt'), value: <When value={c.completed_at} /> },
              { label: t('staff.ui.lease.cancelledAt'), value: <When value={c.cancelled_at} /> },
            ]}
          />
          <SimpleTable
            caption={t('staff.ui.lease.items')}
            rows={c.items}
            rowKey={(r, index) => `${r.sku}-${index}`}
            columns={[
              { key: 'sku', label: t('staff.ui.lease.sku'), render: (r) => r.sku },
              { key: 'description', label: t('staff.field.description'), render: (r) => r.description },
              { key: 'quantity', label: t('staff.ui.lease.quantity'), render: (r) => String(r.quantity) },
              { key: 'unit_price', label: t('staff.ui.lease.unitPrice'), render: (r) => formatMoney(r.unit_price) },
            ]}
          />
        </>
      )}
    </Section>
  );
}

export function PaymentsSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { can } = useSession();
  return (
    <Section title={t('staff.ui.lease.payments')}>
      <SimpleTable
        caption={t('staff.ui.lease.payments')}
        rows={detail.payments}
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'number',
            label: t('staff.ui.lease.paymentNumber'),
            render: (r) =>
              can('payments.view') ? (
                <Link href={`/payments/${encodeURIComponent(r.id)}`}>
                  {t('staff.ui.lease.paymentNo', { number: r.number })}
                </Link>
              ) : (
                t('staff.ui.lease.paymentNo', { number: r.number })
              ),
          },
          { key: 'amount', label: t('staff.ui.lease.amount'), render: (r) => formatMoney(r.amount) },
          { key: 'status', label: t('staff.field.status'), render: (r) => paymentStatusText(t, r.status) },
          { key: 'card', label: t('staff.ui.lease.card'), render: (r) => cardText(r.card_brand, r.card_last4) },
          { key: 'started_at', label: t('staff.ui.lease.startedAt'), render: (r) => <When value={r.started_at} /> },
          { key: 'settled_at', label: t('staff.ui.lease.settledAt'), render: (r) => <When value={r.settled_at} /> },
          { key: 'refund_due', label: t('staff.ui.lease.refundDue'), render: (r) => formatMoney(r.refund_due) },
        ]}
      />
    </Section>
  );
}

export function WebhooksSection({
  detail,
  replay,
}: {
  detail: ApplicationDetail;
  replay: (delivery: WebhookDeliveryView) => void;
}) {
  const t = useT();
  const { can } = useSession();
  const mayReplay = can('webhooks.replay');
  return (
    <Section title={t('staff.ui.lease.webhooks')} testId="section-webhooks">
      <SimpleTable
        caption={t('staff.ui.lease.webhooks')}
        rows={detail.webhooks}
        rowKey={(r) => r.event_id}
        columns={[
          { key: 'type', label: t('staff.ui.lease.event'), render: (r) => r.type },
          {
            key: 'status',
            label: t('staff.field.status'),
            render: (r) => tOr(t, `staff.ui.lease.webhookStatus.${r.status}`, r.status),
          },
          { key: 'url', label: t('staff.ui.lease.url'), render: (r) => <span className="staff-code">{r.url}</span> },
          { key: 'created_at', label: t('staff.ui.createdAt'), render: (r) => <When value={r.created_at} /> },
          {
            key: 'delivered_at',
            label: t('staff.ui.lease.deliveredAt'),
            render: (r) => <When value={r.delivered_at} />,
          },
          {
            key: 'attempts',
            label: t('staff.ui.lease.attempts'),
            render: (r) => {
              const last = r.attempts[r.attempts.length - 1];
              return (
                <>
                  {String(r.attempts.length)}
                  {last ? <span className="staff-muted"> ({last.status_code ?? last.error ?? ''})</span> : null}
                </>
              );
            },
          },
          {
            key: 'replay',
            label: t('toolkit.list.actions'),
            render: (r) =>
              mayReplay ? (
                <button
                  type="button"
                  className="tk-btn tk-btn--small"
                  aria-label={t('staff.ui.lease.replayNamed', { name: r.type })}
                  data-testid="webhook-replay"
                  onClick={() => replay(r)}
                >
                  {t('staff.ui.lease.replay')}
                </button>
              ) : null,
          },
        ]}
      />
    </Section>
  );
}

/** A timeline entry's name: a staff action's label, a known event's words, or the name made readable. */
function timelineName(t: Translate, name: string): string {
  if (isStaffLeaseActionId(name)) return t(LEASE_ACTIONS[STAFF_LEASE_ACTIONS[name]]);
  if (Object.hasOwn(LEASE_ACTIONS, name)) return t(LEASE_ACTIONS[name as LeaseAction]);
  return tOr(t, `staff.ui.lease.timelineName.${name}`, humanize(name));
}

export function TimelineSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const label = (code: string | null) =>
    !code
      ? ''
      : code === 'inProgress'
        ? t('leaseStatus.inProgress')
        : t('leaseStatus.coded', { code, label: tOr(t, `leaseStatus.${code}`, code) });
  return (
    <Section title={t('staff.ui.lease.timeline')} testId="section-timeline">
      {detail.timeline.length ? (
        <ol className="staff-timeline">
          {detail.timeline.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="staff-timeline__item">
              <When value={entry.at} /> <strong>{timelineName(t, entry.name)}</strong>
              {entry.to ? (
                <span>
                  {' '}
                  {entry.from && entry.from !== entry.to
                    ? t('staff.ui.lease.fromTo', { from: label(entry.from), to: label(entry.to) })
                    : t('staff.ui.lease.toState', { state: label(entry.to) })}
                </span>
              ) : null}{' '}
              <span className="staff-muted">
                {t('staff.ui.lease.by', {
                  actor: entry.actor.name ?? tOr(t, `staff.ui.lease.actor.${entry.actor.type}`, entry.actor.type),
                })}
              </span>
              {entry.note ? <p className="staff-timeline__note">{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <EmptyNote />
      )}
    </Section>
  );
}

// ---------- the consent and disclosure record (GET /staff/api/applications/{id}/consents) ----------

/**
 * The record's labels: the portal's catalogue first, else their own area (machines/i18n/consents-staff.ts), which
 * the staff portal's bundled areas (app/areas.ts) do not list.
 */
function useConsentT(): Translate {
  const { t, lang } = useI18n();
  return useCallback(
    (key, params) => {
      const text = t(key, params);
      if (text !== key) return text;
      const own = consentStaffTexts[lang][key] ?? consentStaffTexts.en[key];
      return own === undefined ? text : fill(own, params);
    },
    [t, lang],
  );
}

type ConsentLoad =
  { status: 'loading' } | { status: 'error'; message?: string } | { status: 'ready'; record: ConsentRecordView };

/** The latest entry of a kind (entries are oldest first). */
const latest = (entries: ConsentEntry[], kind: ConsentKind) => entries.findLast((entry) => entry.kind === kind);

const Hash = ({ value }: { value: string | undefined }) => (value ? <span className="staff-code">{value}</span> : null);

/** A warning in a record's cell: said in words, not only by its colour. */
const Warning = ({ children }: { children: ReactNode }) => (
  <span className="staff-notice staff-notice--error">{children}</span>
);

function figuresText(t: Translate, d: NonNullable<ConsentEntry['computed']>): string {
  return t('staff.consents.figuresValue', {
    option: d.option,
    frequency: tOr(t, `lease.frequency.${d.frequency}`, d.frequency),
    numPayments: d.numPayments,
    payment: formatCents(d.paymentWithOcpCents),
    total: formatCents(d.totalOfPaymentsCents),
    cash: formatCents(d.cashPriceCents),
    cost: formatCents(d.costOfLeasingCents),
    fees: d.fees.length
      ? d.fees.map((f) => `${tOr(t, `lease.fee.${f.key}`, f.key)} ${formatCents(f.cents)}`).join(', ')
      : '-',
    epoDays: d.earlyPurchase.days,
    payoff: formatCents(d.earlyPurchase.payoffAtSigningCents),
    after: formatCents(d.earlyPurchase.payoffAfterWindowCents),
    ocp: d.ocp.included ? formatCents(d.ocpPerPaymentCents) : '-',
  });
}

/**
 * What an entry says beyond when, what, language and who: the fields of its kind (functions/services/consents.ts
 * entryLines), as label and value (an empty label: the value names itself).
 */
function consentDetails(t: Translate, entry: ConsentEntry): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  const add = (key: string, value: ReactNode) => {
    if (value !== undefined && value !== null && value !== '') rows.push([t(`staff.consents.${key}`), value]);
  };
  const yesNo = (value: boolean) => (value ? t('staff.consents.yes') : <Warning>{t('staff.consents.no')}</Warning>);
  switch (entry.kind) {
    case 'pin_channel':
      add('channel', entry.channel ? tOr(t, `staff.consents.channel.${entry.channel}`, entry.channel) : '');
      add('version', entry.version);
      add('text', entry.text);
      break;
    case 'esign':
    case 'terms':
      add('version', entry.version);
      // the full text, folded: its summary is its label
      if (entry.text) {
        rows.push([
          '',
          <details>
            <summary>{t('staff.consents.text')}</summary>
            <p>{entry.text}</p>
          </details>,
        ]);
      }
      break;
    case 'disclosure': {
      add('screen', entry.screen ? tOr(t, `staff.consents.screen.${entry.screen}`, entry.screen) : '');
      add('checkout', entry.checkout_id);
      if (entry.computed) {
        add('figures', figuresText(t, entry.computed));
        const differences = entry.differences ?? [];
        add(
          'matches',
          differences.length ? (
            <Warning>{t('staff.consents.different', { figures: differences.join(', ') })}</Warning>
          ) : entry.shown ? (
            t('staff.consents.identical')
          ) : (
            t('staff.consents.notReported')
          ),
        );
      }
      add('state', entry.state);
      add(
        'stateDisclosures',
        entry.state_disclosures?.length ? (
          <ul className="staff-list">
            {entry.state_disclosures.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        ) : (
          ''
        ),
      );
      break;
    }
    case 'contract_sent':
    case 'contract_signed':
      add('envelope', entry.envelope_id);
      add('documentHash', <Hash value={entry.document_sha256} />);
      add('signedHash', entry.signed_copy_sha256 ? <Hash value={entry.signed_copy_sha256} /> : '');
      if (entry.matches_sent !== undefined) add('matchesSent', yesNo(entry.matches_sent));
      break;
  }
  return rows;
}

function ConsentWho({ entry }: { entry: ConsentEntry }) {
  const t = useConsentT();
  const lines: [string, string][] = [];
  if (entry.client_id) lines.push([t('staff.consents.clientId'), entry.client_id]);
  if (entry.ip) lines.push([t('staff.consents.ip'), entry.ip]);
  if (entry.actor && entry.actor !== 'shopper') lines.push([t('staff.consents.actor'), entry.actor]);
  return (
    <>
      {lines.map(([label, value]) => (
        <div key={label}>
          <span className="staff-muted">{label}:</span> <span className="staff-code">{value}</span>
        </div>
      ))}
    </>
  );
}

function ConsentSummary({ entries }: { entries: ConsentEntry[] }) {
  const t = useConsentT();
  const langName = (lang: string) => tOr(t, `staff.consents.lang.${lang}`, lang);
  const notRecorded = t('staff.consents.notRecorded');
  const esign = latest(entries, 'esign');
  const pin = latest(entries, 'pin_channel');
  const terms = latest(entries, 'terms');
  const sent = latest(entries, 'contract_sent');
  const signed = latest(entries, 'contract_signed');
  const matches = signed?.matches_sent;
  return (
    <DetailList
      items={[
        {
          label: t('staff.consents.esignConsent'),
          always: true,
          value: esign ? (
            <>
              <When value={esign.at} /> {t('staff.consents.inLanguage', { language: langName(esign.lang) })}
              {esign.version ? `, ${t('staff.consents.versionValue', { version: esign.version })}` : ''}
            </>
          ) : (
            notRecorded
          ),
        },
        {
          label: t('staff.consents.pinConsent'),
          always: true,
          value: pin ? (
            <>
              <When value={pin.at} />
              {pin.channel
                ? ` ${t('staff.consents.byChannel', { channel: tOr(t, `staff.consents.channel.${pin.channel}`, pin.channel) })}`
                : ''}
            </>
          ) : (
            notRecorded
          ),
        },
        {
          label: t('staff.consents.termsAccepted'),
          always: true,
          value: terms ? <When value={terms.at} /> : notRecorded,
        },
        {
          label: t('staff.consents.documentHash'),
          always: true,
          value: sent?.document_sha256 ? <Hash value={sent.document_sha256} /> : notRecorded,
        },
        {
          label: t('staff.consents.matchesSent'),
          always: true,
          value:
            matches === undefined ? (
              notRecorded
            ) : matches ? (
              t('staff.consents.yes')
            ) : (
              <Warning>{t('staff.consents.no')}</Warning>
            ),
        },
      ]}
    />
  );
}

/** The application's consent and disclosure record: a summary, every entry (oldest first) and the PDF export. */
export function ConsentsSection({ uuid }: { uuid: string }) {
  const t = useConsentT();
  const { caller } = useSession();
  const [load, setLoad] = useState<ConsentLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    // a refusal is shown in this section (X-Staff-Lookup), not as the Permission Denied page over the whole record
    void caller
      .get<ConsentRecordView>(
        `/staff/api/applications/${encodeURIComponent(uuid)}/consents`,
        {},
        { headers: { 'X-Staff-Lookup': '1' } },
      )
      .then((result) => {
        if (!live) return;
        if (result.status && result.data && Array.isArray(result.data.entries))
          setLoad({ status: 'ready', record: result.data });
        else setLoad({ status: 'error', message: result.message ?? result.error ?? undefined });
      });
    return () => {
      live = false;
    };
  }, [caller, uuid, attempt]);

  const record = load.status === 'ready' ? load.record : undefined;
  return (
    <Section
      title={t('staff.consents.title')}
      testId="section-consents"
      actions={
        record?.pdf_url ? (
          <a href={record.pdf_url} className="tk-btn tk-btn--small" download data-testid="consents-export">
            {t('staff.consents.export')}
          </a>
        ) : null
      }
    >
      {load.status === 'loading' ? (
        <p className="tk-loading" role="status">
          {t('app.loading')}
        </p>
      ) : load.status === 'error' ? (
        <div className="tk-alert tk-alert--error" role="alert">
          {load.message ?? t('error.unknown')}{' '}
          <button type="button" className="tk-btn tk-btn--small" onClick={() => setAttempt((n) => n + 1)}>
            {t('toolkit.list.retry')}
          </button>
        </div>
      ) : !load.record.entries.length ? (
        <EmptyNote text={t('staff.consents.empty')} />
      ) : (
        <>
          <h3 className="staff-subtitle">{t('staff.consents.summary')}</h3>
          <ConsentSummary entries={load.record.entries} />
          <h3 className="staff-subtitle">{t('staff.consents.entries')}</h3>
          <SimpleTable
            caption={t('staff.consents.entries')}
            rows={load.record.entries}
            rowKey={(entry, index) => `${entry.at}-${entry.kind}-${index}`}
            columns={[
              { key: 'at', label: t('staff.consents.at'), render: (entry) => <When value={entry.at} /> },
              {
                key: 'kind',
                label: t('staff.consents.kind'),
                render: (entry) => tOr(t, `staff.consents.kind.${entry.kind}`, humanize(entry.kind)),
              },
              {
                key: 'lang',
                label: t('staff.consents.language'),
                render: (entry) => tOr(t, `staff.consents.lang.${entry.lang}`, entry.lang),
              },
              { key: 'who', label: t('staff.consents.clientIp'), render: (entry) => <ConsentWho entry={entry} /> },
              {
                key: 'details',
                label: t('staff.consents.details'),
                render: (entry) => {
                  const rows = consentDetails(t, entry);
                  return rows.length ? (
                    <ul className="staff-list">
                      {rows.map(([label, value], index) => (
                        <li key={index}>
                          {label ? <span className="staff-muted">{label}:</span> : null} {value}
                        </li>
                      ))}
                    </ul>
                  ) : null;
                },
              },
            ]}
          />
        </>
      )}
    </Section>
  );
}
