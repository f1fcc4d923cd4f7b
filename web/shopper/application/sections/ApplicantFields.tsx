import type { ApplicantInput, CoApplicantInput } from '../../../../machines/domain/application-schema.ts';
import { TITLES, US_STATES } from '../../../../machines/domain/application-fields.ts';
import {
  CheckboxField,
  ConcealedField,
  DateField,
  PhoneField,
  SelectField,
  TextField,
  type Binding,
} from '../fields.tsx';
import { useAppT } from '../text.ts';
import { fieldWiring } from './field-wiring.ts';

type Person = ApplicantInput & Partial<Pick<CoApplicantInput, 'same_location'>>;

/** Applicant (or co-applicant) information: name, SSN/ITIN, identification, date of birth, cell phone, e-mail. */
export function ApplicantFields({
  prefix,
  value,
  onChange,
  b,
  co = false,
}: {
  prefix: 'applicant' | 'co_applicant';
  value: Person;
  onChange: (v: Person) => void;
  b: Binding;
  co?: boolean;
}) {
  const { t } = useAppT();
  const set = (field: keyof Person) => (v: unknown) => onChange({ ...value, [field]: v });
  const p = (field: string) => `${prefix}.${field}`;
  const label = (field: string) => t(`application.field.${field}`);
  const field = fieldWiring({ prefix: prefix, b, value, set, label });
  const auto = (token: string) => (co ? 'off' : token);
  return (
    <div className="form-grid">
      <SelectField
        {...field('title')}
        options={TITLES.map((x) => ({ value: x, label: t(`application.title.${x}`) }))}
        autoComplete={auto('honorific-prefix')}
      />
      <TextField {...field('first_name')} required autoComplete={auto('given-name')} maxLength={50} />
      <TextField {...field('middle_name')} autoComplete={auto('additional-name')} maxLength={50} />
      <TextField {...field('last_name')} required autoComplete={auto('family-name')} maxLength={50} />
      <ConcealedField
        {...field('social_security_number')}
        required
        inputMode="numeric"
        maxLength={11}
        filter={(v) => v.replace(/[^\d-]/g, '')}
      />
      <DateField {...field('date_of_birth')} required autoComplete={auto('bday')} />
      <ConcealedField {...field('identification')} maxLength={30} filter={(v) => v.replace(/[^A-Za-z0-9-]/g, '')} />
      <SelectField {...field('identification_issuer')} options={US_STATES.map((s) => ({ value: s, label: s }))} />
      <PhoneField {...field('cell')} required autoComplete={auto('tel-national')} />
      <TextField
        {...field('email')}
        required
        type="email"
        inputMode="email"
        autoComplete={auto('email')}
        maxLength={100}
      />
      {co && (
        <div className="form-grid__wide">
          <CheckboxField
            path={p('same_location')}
            label={t('application.coApplicant.sameLocation')}
            b={b}
            required
            checked={value.same_location === true}
            onChange={set('same_location')}
          />
        </div>
      )}
    </div>
  );
}
