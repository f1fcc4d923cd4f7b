// The consent and disclosure record of an application (GET /staff/api/applications/{id}/consents).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ConsentEntry, ConsentKind, ConsentRecordView } from '../../../../machines/contracts/consents.ts';
import { formatCents } from '../../../../machines/domain/money.ts';
import { consentStaffTexts } from '../../../../machines/i18n/consents-staff.ts';
import { fill, useI18n, type Translate } from '../../../lib/i18n.tsx';
import { DetailList, EmptyNote, Section, SimpleTable } from '../../common/Details.tsx';
import { humanize, tOr, When } from '../../common/display.tsx';
import { useSession } from '../../common/session.tsx';

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
