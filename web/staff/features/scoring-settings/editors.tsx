// The Scoring Settings editors (issue 11): one table of labelled inputs per matrix. Each input names its cell in its
// accessible label ("Approval for decile 6, income from $3,000"), and a 422 field error of the server
// (`settings.<path>`) is shown under the input it names, tied to it with aria-describedby.
import { useId, type ReactNode } from 'react';
import { LEASE_OPTIONS, type ScoringSettings } from '../../../../machines/domain/scoring-settings.ts';
import { useT } from '../../../lib/i18n.tsx';
import './scoring-settings.css';

export type FieldErrors = Record<string, string[]>;
type Change = (update: (draft: ScoringSettings) => void) => void;

interface EditorProps {
  settings: ScoringSettings;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: Change;
}

const dollars = (cents: number | null | undefined) => (typeof cents === 'number' ? String(cents / 100) : '');
const toCents = (text: string): number => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 100));
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
/** NaN travels as null, so the server names the field (422) instead of the client guessing. */
const clean = (n: number) => (Number.isFinite(n) ? n : (null as unknown as number));
const fmtDollars = (cents: number) => (cents / 100).toLocaleString('en-US');

function NumberCell({
  label,
  value,
  path,
  errors,
  readOnly,
  step,
  onValue,
}: {
  label: string;
  value: string;
  path: string;
  errors: FieldErrors;
  readOnly: boolean;
  step?: string;
  onValue: (text: string) => void;
}) {
  const id = useId();
  const messages = errors[`settings.${path}`];
  return (
    <>
      <input
        className="tk-input scoring-cell"
        type="number"
        inputMode="decimal"
        step={step ?? 'any'}
        aria-label={label}
        aria-invalid={messages ? true : undefined}
        aria-describedby={messages ? `${id}-error` : undefined}
        defaultValue={value}
        readOnly={readOnly}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      {messages ? (
        <span id={`${id}-error`} className="tk-error scoring-cell__error">
          {messages.join(' ')}
        </span>
      ) : null}
    </>
  );
}

function Section({
  title,
  errors,
  paths,
  children,
}: {
  title: string;
  errors: FieldErrors;
  paths: string[];
  children: ReactNode;
}) {
  const id = useId();
  // Table-level errors (e.g. "one row per decile") have no cell of their own.
  const own = paths.flatMap((p) => errors[`settings.${p}`] ?? []);
  return (
    <section className="staff-section scoring-editor" aria-labelledby={id}>
      <h2 id={id} className="staff-subtitle">
        {title}
      </h2>
      {own.length ? (
        <p className="tk-error" role="alert">
          {own.join(' ')}
        </p>
      ) : null}
      <div className="tk-table-wrap">{children}</div>
    </section>
  );
}

/** A table of an editor: its caption, a row of column headings (none for a table whose rows are headed), its rows. */
function EditorTable({ caption, headings, children }: { caption: string; headings?: string[]; children: ReactNode }) {
  return (
    <table className="tk-table">
      <caption className="tk-table__caption">{caption}</caption>
      {headings && (
        <thead>
          <tr>
            {headings.map((heading, i) => (
              <th scope="col" key={i}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>{children}</tbody>
    </table>
  );
}

export function DecileMatrixEditor({ settings, errors, readOnly, onChange }: EditorProps) {
  const t = useT();
  return (
    <Section title={t('scoring.ui.decileMatrix')} errors={errors} paths={['decileMatrix']}>
      <EditorTable
        caption={t('scoring.ui.decileMatrix')}
        headings={[t('scoring.ui.decile'), t('scoring.ui.minScore'), t('scoring.ui.maxScore')]}
      >
        {settings.decileMatrix.map((row, i) => (
          <tr key={row.decile}>
            <th scope="row">{row.decile}</th>
            {(['minScore', 'maxScore'] as const).map((field) => (
              <td key={field}>
                <NumberCell
                  label={`${t('scoring.ui.decileN', { decile: row.decile })}: ${t(field === 'minScore' ? 'scoring.ui.minScore' : 'scoring.ui.maxScore')}`}
                  value={String(row[field])}
                  path={`decileMatrix.${i}.${field}`}
                  errors={errors}
                  readOnly={readOnly}
                  step="1"
                  onValue={(text) => onChange((s) => void (s.decileMatrix[i]![field] = clean(toNumber(text))))}
                />
              </td>
            ))}
          </tr>
        ))}
      </EditorTable>
      <p className="scoring-inline">
        <label>
          {t('scoring.ui.minimumScore')}{' '}
          <NumberCell
            label={t('scoring.ui.minimumScore')}
            value={String(settings.minimumScore)}
            path="minimumScore"
            errors={errors}
            readOnly={readOnly}
            step="1"
            onValue={(text) => onChange((s) => void (s.minimumScore = clean(toNumber(text))))}
          />
        </label>
      </p>
    </Section>
  );
}

export function ApprovalMatrixEditor({ settings, errors, readOnly, onChange }: EditorProps) {
  const t = useT();
  const bands = settings.incomeBandsMonthlyCents;
  return (
    <Section
      title={t('scoring.ui.approvalMatrix')}
      errors={errors}
      paths={['approvalMatrix', 'incomeBandsMonthlyCents']}
    >
      <EditorTable
        caption={t('scoring.ui.incomeBands')}
        headings={bands.map((_, j) => t('scoring.ui.bandN', { n: j + 1 }))}
      >
        <tr>
          {bands.map((lower, j) => (
            <td key={j}>
              <NumberCell
                label={`${t('scoring.ui.incomeBands')}: ${t('scoring.ui.bandN', { n: j + 1 })}`}
                value={dollars(lower)}
                path={`incomeBandsMonthlyCents.${j}`}
                errors={errors}
                readOnly={readOnly}
                onValue={(text) => onChange((s) => void (s.incomeBandsMonthlyCents[j] = clean(toCents(text))))}
              />
            </td>
          ))}
        </tr>
      </EditorTable>
      <EditorTable
        caption={t('scoring.ui.approvalMatrix')}
        headings={[
          t('scoring.ui.decile'),
          ...bands.map((lower) => t('scoring.ui.incomeBand', { amount: fmtDollars(lower ?? 0) })),
        ]}
      >
        {settings.approvalMatrix.map((row, i) => (
          <tr key={row.decile}>
            <th scope="row">{row.decile}</th>
            {row.amountsCents.map((amount, j) => (
              <td key={j}>
                <NumberCell
                  label={t('scoring.ui.amountFor', { decile: row.decile, amount: fmtDollars(bands[j] ?? 0) })}
                  value={dollars(amount)}
                  path={`approvalMatrix.${i}.amountsCents.${j}`}
                  errors={errors}
                  readOnly={readOnly}
                  onValue={(text) =>
                    onChange((s) => void (s.approvalMatrix[i]!.amountsCents[j] = clean(toCents(text))))
                  }
                />
              </td>
            ))}
          </tr>
        ))}
      </EditorTable>
    </Section>
  );
}

export function MultipliersEditor({ settings, errors, readOnly, onChange }: EditorProps) {
  const t = useT();
  const terms = settings.leaseTerms.map((term) => term.months).sort((a, b) => a - b);
  return (
    <Section title={t('scoring.ui.multipliers')} errors={errors} paths={['multipliers']}>
      <EditorTable
        caption={t('scoring.ui.multipliers')}
        headings={[t('scoring.ui.decile'), ...terms.map((months) => t('scoring.ui.termMonths', { months }))]}
      >
        {settings.multipliers.map((row, i) => (
          <tr key={row.decile}>
            <th scope="row">{row.decile}</th>
            {terms.map((months) => (
              <td key={months}>
                <NumberCell
                  label={t('scoring.ui.multiplierFor', { decile: row.decile, months })}
                  value={row.byTerm[String(months)] === undefined ? '' : String(row.byTerm[String(months)])}
                  path={`multipliers.${i}.byTerm.${months}`}
                  errors={errors}
                  readOnly={readOnly}
                  step="0.01"
                  onValue={(text) =>
                    onChange((s) => void (s.multipliers[i]!.byTerm[String(months)] = clean(toNumber(text))))
                  }
                />
              </td>
            ))}
          </tr>
        ))}
      </EditorTable>
    </Section>
  );
}

export function LeaseTermsEditor({ settings, errors, readOnly, onChange }: EditorProps) {
  const t = useT();
  return (
    <Section title={t('scoring.ui.leaseTerms')} errors={errors} paths={['leaseTerms']}>
      <EditorTable
        caption={t('scoring.ui.leaseTerms')}
        headings={[t('scoring.ui.months'), t('scoring.ui.minCashPrice')]}
      >
        {settings.leaseTerms.map((term, i) => (
          <tr key={i}>
            <td>
              <NumberCell
                label={`${t('scoring.ui.leaseTerms')} ${i + 1}: ${t('scoring.ui.months')}`}
                value={String(term.months)}
                path={`leaseTerms.${i}.months`}
                errors={errors}
                readOnly
                step="1"
                onValue={() => undefined}
              />
            </td>
            <td>
              <NumberCell
                label={`${t('scoring.ui.termMonths', { months: term.months })}: ${t('scoring.ui.minCashPrice')}`}
                value={dollars(term.minCashPriceCents)}
                path={`leaseTerms.${i}.minCashPriceCents`}
                errors={errors}
                readOnly={readOnly}
                onValue={(text) => onChange((s) => void (s.leaseTerms[i]!.minCashPriceCents = clean(toCents(text))))}
              />
            </td>
          </tr>
        ))}
      </EditorTable>
    </Section>
  );
}

export function OptionDecilesEditor({ settings, errors, readOnly, onChange }: EditorProps) {
  const t = useT();
  return (
    <Section title={t('scoring.ui.optionDeciles')} errors={errors} paths={['optionDeciles']}>
      <EditorTable
        caption={t('scoring.ui.optionDeciles')}
        headings={[t('scoring.ui.optionCol'), t('scoring.ui.fromDecile'), t('scoring.ui.toDecile')]}
      >
        {LEASE_OPTIONS.map((option) => (
          <tr key={option}>
            <th scope="row">{t('scoring.ui.option', { option })}</th>
            {(['min', 'max'] as const).map((end) => (
              <td key={end}>
                <NumberCell
                  label={`${t('scoring.ui.option', { option })}: ${t(end === 'min' ? 'scoring.ui.fromDecile' : 'scoring.ui.toDecile')}`}
                  value={String(settings.optionDeciles[option][end])}
                  path={`optionDeciles.${option}.${end}`}
                  errors={errors}
                  readOnly={readOnly}
                  step="1"
                  onValue={(text) => onChange((s) => void (s.optionDeciles[option][end] = clean(toNumber(text))))}
                />
              </td>
            ))}
          </tr>
        ))}
      </EditorTable>
    </Section>
  );
}

export function LimitsEditor({ settings, errors, readOnly, onChange }: EditorProps) {
  const t = useT();
  const rows: {
    key: string;
    label: string;
    path: string;
    value: string;
    set: (s: ScoringSettings, text: string) => void;
  }[] = [
    {
      key: 'm',
      label: t('scoring.ui.merchandiseCap'),
      path: 'caps.merchandiseCents',
      value: dollars(settings.caps.merchandiseCents),
      set: (s, v) => void (s.caps.merchandiseCents = clean(toCents(v))),
    },
    {
      key: 'h',
      label: t('scoring.ui.hvacCap'),
      path: 'caps.hvacCents',
      value: dollars(settings.caps.hvacCents),
      set: (s, v) => void (s.caps.hvacCents = clean(toCents(v))),
    },
    {
      key: 'f',
      label: t('scoring.ui.floor'),
      path: 'floorCents',
      value: dollars(settings.floorCents),
      set: (s, v) => void (s.floorCents = clean(toCents(v))),
    },
    {
      key: 'p',
      label: t('scoring.ui.pti'),
      path: 'paymentToIncomePercent',
      value: String(settings.paymentToIncomePercent),
      set: (s, v) => void (s.paymentToIncomePercent = clean(toNumber(v))),
    },
  ];
  return (
    <Section title={t('scoring.ui.limits')} errors={errors} paths={['caps']}>
      <EditorTable caption={t('scoring.ui.limits')}>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>
              <NumberCell
                label={row.label}
                value={row.value}
                path={row.path}
                errors={errors}
                readOnly={readOnly}
                onValue={(text) => onChange((s) => row.set(s, text))}
              />
            </td>
          </tr>
        ))}
      </EditorTable>
    </Section>
  );
}
