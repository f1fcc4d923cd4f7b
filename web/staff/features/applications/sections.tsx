// The sections of an application's record about the application itself: applicant and co-applicant (concealed PII
// with Reveal), incomes, banking, home ownership, decision, PIN history, verification flows, documents and the
// timeline. The lease's sections are in lease-sections.tsx, the consent record in ConsentsSection.tsx.
import { useState } from 'react';
import type { ApplicationDetail, PersonView } from '../../../../machines/contracts/staff-leases.ts';
import {
  isStaffLeaseActionId,
  LEASE_ACTIONS,
  STAFF_LEASE_ACTIONS,
  type LeaseAction,
} from '../../../../machines/lease-status/lease-status.machine.ts';
import { formatPhone } from '../../../lib/format.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { DetailList, EmptyNote, Section, SimpleTable, type DetailItem } from '../../common/Details.tsx';
import { formatMoney, humanize, plain, tOr, When } from '../../common/display.tsx';

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
