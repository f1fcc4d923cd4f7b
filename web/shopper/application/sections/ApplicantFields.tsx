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
  const str = (field: keyof Person) => (value[field] as string | null | undefined) ?? '';
  const auto = (token: string) => (co ? 'off' : token);
  return (
    <div className="form-grid">
      <SelectField
        path={p('title')}
        label={label('title')}
        b={b}
        value={str('title')}
        onChange={set('title')}
        options={TITLES.map((x) => ({ value: x, label: t(`application.title.${x}`) }))}
        autoComplete={auto('honorific-prefix')}
      />
      <TextField
        path={p('first_name')}
        label={label('first_name')}
        b={b}
        required
        value={str('first_name')}
        onChange={set('first_name')}
        autoComplete={auto('given-name')}
        maxLength={50}
      />
      <TextField
        path={p('middle_name')}
        label={label('middle_name')}
        b={b}
        value={str('middle_name')}
        onChange={set('middle_name')}
        autoComplete={auto('additional-name')}
        maxLength={50}
      />
      <TextField
        path={p('last_name')}
        label={label('last_name')}
        b={b}
        required
        value={str('last_name')}
        onChange={set('last_name')}
        autoComplete={auto('family-name')}
        maxLength={50}
      />
      <ConcealedField
        path={p('social_security_number')}
        label={label('social_security_number')}
        b={b}
        required
        value={str('social_security_number')}
        onChange={set('social_security_number')}
        inputMode="numeric"
        maxLength={11}
        filter={(v) => v.replace(/[^\d-]/g, '')}
      />
      <DateField
        path={p('date_of_birth')}
        label={label('date_of_birth')}
        b={b}
        required
        value={str('date_of_birth')}
        onChange={set('date_of_birth')}
        autoComplete={auto('bday')}
      />
      <ConcealedField
        path={p('identification')}
        label={label('identification')}
        b={b}
        value={str('identification')}
        onChange={set('identification')}
        maxLength={30}
        filter={(v) => v.replace(/[^A-Za-z0-9-]/g, '')}
      />
      <SelectField
        path={p('identification_issuer')}
        label={label('identification_issuer')}
        b={b}
        value={str('identification_issuer')}
        onChange={set('identification_issuer')}
        options={US_STATES.map((s) => ({ value: s, label: s }))}
      />
      <PhoneField
        path={p('cell')}
        label={label('cell')}
        b={b}
        required
        value={str('cell')}
        onChange={set('cell')}
        autoComplete={auto('tel-national')}
      />
      <TextField
        path={p('email')}
        label={label('email')}
        b={b}
        required
        type="email"
        inputMode="email"
        value={str('email')}
        onChange={set('email')}
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
