import { useEffect, useRef, useState } from 'react';
import type { BankingInput } from '../../../../machines/domain/application-schema.ts';
import { ROUTING_NUMBER_LENGTH } from '../../../../machines/domain/routing-number.ts';
import type { BrandKey } from '../../../../machines/domain/brands.ts';
import { ApiError } from '../../../lib/api.ts';
import { lookupRouting } from '../client.ts';
import { ConcealedField, DigitsField, TextField, type Binding } from '../fields.tsx';
import { useAppT } from '../text.ts';
import { fieldWiring } from './field-wiring.ts';

/** Routing number (9 digits look up the bank name, anything else clears it), bank name, account and its confirmation. */
export function BankingFields({
  value,
  onChange,
  b,
  brand,
  storeId,
}: {
  value: BankingInput;
  onChange: (v: BankingInput) => void;
  b: Binding;
  brand: BrandKey;
  storeId: string;
}) {
  const { t } = useAppT();
  const latest = useRef(value);
  latest.current = value;
  const [lookupError, setLookupError] = useState<string | undefined>();
  const [looking, setLooking] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const label = (f: string) => t(`application.field.${f}`);
  const set = (field: keyof BankingInput) => (v: string) => onChange({ ...latest.current, [field]: v });
  const field = fieldWiring({ prefix: 'banking', b, value, set, label });

  const onRouting = (routing: string) => {
    controller.current?.abort();
    setLookupError(undefined);
    if (routing.length !== ROUTING_NUMBER_LENGTH) {
      setLooking(false);
      onChange({ ...latest.current, routing_number: routing, bank_name: '' });
      return;
    }
    onChange({ ...latest.current, routing_number: routing });
    const c = new AbortController();
    controller.current = c;
    setLooking(true);
    lookupRouting(brand, routing, storeId, c.signal).then(
      (data) => {
        setLooking(false);
        onChange({ ...latest.current, bank_name: data.bank_name });
      },
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setLooking(false);
        onChange({ ...latest.current, bank_name: '' });
        setLookupError(
          error instanceof ApiError ? (error.errors.routing_number?.[0] ?? error.message) : 'error.network',
        );
      },
    );
  };

  return (
    <div className="form-grid">
      <DigitsField
        {...field('routing_number')}
        required
        onChange={onRouting}
        maxLength={ROUTING_NUMBER_LENGTH}
        extraError={lookupError}
        status={looking ? t('application.routing.lookingUp') : undefined}
      />
      <TextField {...field('bank_name')} readOnly />
      <ConcealedField
        {...field('checking_account')}
        required
        inputMode="numeric"
        maxLength={17}
        filter={(v) => v.replace(/\D/g, '')}
      />
      <ConcealedField
        {...field('checking_account_confirmation')}
        required
        inputMode="numeric"
        maxLength={17}
        filter={(v) => v.replace(/\D/g, '')}
      />
    </div>
  );
}
