import {
  applyHomeOwnershipChange,
  HOME_TYPES,
  OWNERSHIP_TYPES,
  showDeed,
  showLandowner,
  showMortgage,
  showOwnerAddress,
  showOwnershipType,
  type HomeOwnershipValue,
} from '../../../../machines/domain/home-ownership.ts';
import { postToHost } from '../../../lib/host-messaging.ts';
import { CheckboxField, MoneyField, PhoneField, SelectField, TextField, type Binding } from '../fields.tsx';
import { useAppT } from '../text.ts';
import { fieldWiring } from './field-wiring.ts';
import { AddressFields } from './AddressFields.tsx';

/** HVAC home ownership: every change goes through the clearing rules of machines/domain/home-ownership.ts. */
export function HomeOwnershipFields({
  value,
  onChange,
  b,
}: {
  value: HomeOwnershipValue;
  onChange: (v: HomeOwnershipValue) => void;
  b: Binding;
}) {
  const { t } = useAppT();
  const p = (f: string) => `home_ownership.${f}`;
  const label = (f: string) => t(`application.field.${f}`);
  const change = (next: HomeOwnershipValue) => {
    const result = applyHomeOwnershipChange(value, next);
    if (result.coOwnerTurnedOn)
      postToHost('update', { status: 'in_progress', step: 'home_ownership', data: { is_co_owner: true } });
    onChange(result.value);
  };
  const set = (field: keyof HomeOwnershipValue) => (v: unknown) => change({ ...value, [field]: v === '' ? null : v });
  const field = fieldWiring({ prefix: 'home_ownership', b, value, set, label });
  return (
    <div className="form-grid">
      <SelectField
        {...field('home_type')}
        required
        options={HOME_TYPES.map((h) => ({ value: h, label: t(`application.homeType.${h}`) }))}
      />
      {showOwnershipType(value) && (
        <SelectField
          {...field('ownership_type')}
          required
          options={OWNERSHIP_TYPES.map((o) => ({ value: o, label: t(`application.ownership.${o}`) }))}
        />
      )}
      {showLandowner(value) && (
        <>
          <TextField {...field('name_of_landowner')} required maxLength={50} />
          <PhoneField {...field('phone_of_landowner')} required />
        </>
      )}
      {showDeed(value) && (
        <>
          <TextField
            {...field('name_on_property_deed')}
            required={value.ownership_type === 'own-with-loan'}
            maxLength={100}
          />
          <CheckboxField
            path={p('is_co_owner')}
            label={label('is_co_owner')}
            b={b}
            checked={value.is_co_owner === true}
            onChange={set('is_co_owner')}
          />
        </>
      )}
      {showMortgage(value) && (
        <>
          <TextField {...field('mortgage_holder_name')} maxLength={100} />
          <MoneyField
            path={p('mortgage_holder_payment')}
            label={label('mortgage_holder_payment')}
            b={b}
            value={value.mortgage_holder_payment == null ? '' : String(value.mortgage_holder_payment)}
            onChange={set('mortgage_holder_payment')}
          />
        </>
      )}
      {showOwnerAddress(value) && (
        <fieldset className="form-grid__wide subfieldset">
          <legend>{label('owner_address')}</legend>
          <AddressFields
            prefix={p('owner_address')}
            value={value.owner_address ?? {}}
            b={b}
            required={value.ownership_type === 'own-with-loan'}
            onChange={(address) => change({ ...value, owner_address: address })}
          />
        </fieldset>
      )}
    </div>
  );
}
