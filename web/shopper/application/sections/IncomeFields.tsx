import { INCOME_SOURCES, requiresEmployer } from '../../../../machines/domain/application-fields.ts';
import type { IncomeInput } from '../../../../machines/domain/application-schema.ts';
import { INCOME_FREQUENCIES, MAX_INCOMES_PER_APPLICANT } from '../../../../machines/domain/income.ts';
import { DateField, DigitsField, MoneyField, PhoneField, SelectField, TextField, type Binding } from '../fields.tsx';
import { useAppT } from '../text.ts';
import { fieldWiring } from './field-wiring.ts';
import { SingleAction } from '../../../lib/SingleAction.tsx';

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

/** One or two incomes; the second is added with a button and removed after a confirmation (by the caller). */
export function IncomeFields({
  prefix,
  value,
  onChange,
  b,
  onAdd,
  onRemove,
}: {
  prefix: 'incomes' | 'co_applicant.incomes';
  value: IncomeInput[];
  onChange: (v: IncomeInput[]) => void;
  b: Binding;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const { t } = useAppT();
  const list = value.length ? value : [{}];
  return (
    <div className="incomes">
      {list.map((income, index) => (
        <fieldset key={index} className="subfieldset">
          <legend>
            {index === 0 ? t('application.income.title', { number: 1 }) : t('application.field.additionalIncome')}
          </legend>
          <OneIncome
            prefix={`${prefix}.${index}`}
            value={income}
            b={b}
            onChange={(next) => onChange(list.map((x, i) => (i === index ? next : x)))}
          />
          {index > 0 && (
            <SingleAction secondary start onClick={onRemove}>
              {t('application.button.removeIncome')}
            </SingleAction>
          )}
        </fieldset>
      ))}
      {list.length < MAX_INCOMES_PER_APPLICANT && (
        <SingleAction secondary start onClick={onAdd}>
          {t('application.button.addIncome')}
        </SingleAction>
      )}
    </div>
  );
}

function OneIncome({
  prefix,
  value,
  onChange,
  b,
}: {
  prefix: string;
  value: IncomeInput;
  onChange: (v: IncomeInput) => void;
  b: Binding;
}) {
  const { t } = useAppT();
  const label = (f: string) => t(`application.field.${f}`);
  const set = (field: keyof IncomeInput) => (v: unknown) => {
    const next: IncomeInput = { ...value, [field]: v };
    if (field === 'frequency' && v !== 'semi-monthly') {
      next.first_pay_day = null;
      next.second_pay_day = null;
    }
    onChange(next);
  };
  const field = fieldWiring({ prefix: prefix, b, value, set, label });
  const employer = requiresEmployer(value.source);
  return (
    <div className="form-grid">
      <MoneyField {...field('gross')} required />
      <SelectField
        {...field('frequency')}
        required
        options={INCOME_FREQUENCIES.map((f) => ({ value: f, label: t(`application.frequency.${f}`) }))}
      />
      <SelectField
        {...field('source')}
        required
        options={INCOME_SOURCES.map((s) => ({ value: s, label: t(`application.source.${s}`) }))}
      />
      <DateField {...field('pay_date')} />
      {value.frequency === 'semi-monthly' && (
        <>
          <SelectField
            {...field('first_pay_day')}
            required
            onChange={(v) => set('first_pay_day')(v ? Number(v) : null)}
            options={DAYS.map((d) => ({ value: d, label: d }))}
          />
          <SelectField
            {...field('second_pay_day')}
            required
            onChange={(v) => set('second_pay_day')(v ? Number(v) : null)}
            options={DAYS.map((d) => ({ value: d, label: d }))}
          />
        </>
      )}
      <TextField {...field('employer')} required={employer} maxLength={100} />
      <TextField {...field('title_department')} required={employer} maxLength={100} />
      <PhoneField {...field('phone')} required={employer} />
      <DigitsField {...field('ext')} maxLength={6} />
    </div>
  );
}
