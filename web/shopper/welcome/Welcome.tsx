import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { FillProfile } from '../../../machines/contracts/application.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import { isValidIsoDate } from '../../../machines/domain/age.ts';
import { isValidSsn, normalizeSsn } from '../../../machines/domain/application-fields.ts';
import { BRANDS } from '../../../machines/domain/brands.ts';
import { ApiError } from '../../lib/api.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { FillMenu, getStage } from '../../lib/FillMenu.tsx';
import { useToasts } from '../../lib/toasts.tsx';
import {
  carryIntoApplication,
  clearDecisionState,
  fetchFill,
  patchDecisionState,
  retrieveApplication,
  type RetrieveAnswer,
} from '../verification/client.ts';
import { useDecisionT } from '../verification/text.ts';
import { ExistingApplicationDialog } from './ExistingApplicationDialog.tsx';
import '../verification/decision.css';
import { PlaceholderOptions } from '../../lib/PlaceholderOptions.tsx';

type Field = 'last_name' | 'social_security_number' | 'date_of_birth' | 'product_selection_override';
type Errors = Partial<Record<Field, string>>;

/** Digits typed into the date field, shown as MM/DD/YYYY. */
export function maskDate(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

const toIso = (us: string): string => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(us);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : '';
};
const fromIso = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
};

export interface WelcomeProps {
  store: StoreView;
  /** A retrieval answered `verify`: the PIN screen in retrieval mode comes next. */
  onVerify: (answer: RetrieveAnswer) => void;
}

/**
 * Welcome / retrieve applicant (seed 000 sections 2, 4, 7): last name, SSN (concealed unless focused) and date of
 * birth; the Fill menu outside production; the product dropdown when the store's program asks for it. Retrieve:
 * verify (Existing Application, then the PIN), contract in progress, contact-store, or 404, the new-applicant path
 * with the typed data carried into the application form.
 */
export function Welcome({ store, onVerify }: WelcomeProps) {
  const { t, lang } = useDecisionT();
  const { brand } = useBrand();
  const [, navigate] = useLocation();
  const { push } = useToasts();
  const [lastName, setLastName] = useState('');
  const [ssn, setSsn] = useState('');
  const [ssnFocused, setSsnFocused] = useState(false);
  const [dob, setDob] = useState('');
  const [product, setProduct] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState('unknown');
  const [filled, setFilled] = useState<Record<string, unknown> | null>(null);
  const [found, setFound] = useState<RetrieveAnswer | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useDocumentTitle(t('welcome.title'), brand.name);

  const program = store.lease_program;
  const products = program?.enable_product_selection ? (program.effective_product_selection_override ?? []) : [];

  useEffect(() => {
    void getStage().then(setStage);
  }, []);

  const validate = (): Errors => {
    const next: Errors = {};
    if (!lastName.trim()) next.last_name = 'welcome.required';
    const digits = normalizeSsn(ssn.trim());
    if (!digits) next.social_security_number = 'welcome.required';
    else if (!isValidSsn(digits)) next.social_security_number = 'welcome.ssn.invalid';
    if (!dob) next.date_of_birth = 'welcome.required';
    else if (!isValidIsoDate(toIso(dob))) next.date_of_birth = 'welcome.dob.invalid';
    if (products.length && !product) next.product_selection_override = 'welcome.product.required';
    return next;
  };

  /** What the new application starts from: a Fill profile's body (when used) with the typed values on top. */
  const carried = (): Record<string, unknown> => {
    const base = filled ?? {};
    const applicant = { ...((base.applicant as Record<string, unknown> | undefined) ?? {}) };
    applicant.last_name = lastName.trim();
    applicant.social_security_number = normalizeSsn(ssn.trim());
    applicant.date_of_birth = toIso(dob);
    return { ...base, applicant, ...(product ? { product_selection_override: product } : {}) };
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    try {
      const answer = await retrieveApplication(
        {
          last_name: lastName.trim(),
          social_security_number: normalizeSsn(ssn.trim()),
          date_of_birth: toIso(dob),
          store_id: store.id,
        },
        lang,
      );
      clearDecisionState();
      const brandOf = BRANDS[store.brand] ?? BRANDS.default;
      if (answer.contractInProgress) {
        patchDecisionState({ contractInProgress: { phone: answer.phone ?? brandOf.inProgressPhone } });
        navigate('/apply');
        return;
      }
      if (answer.rated22App || answer.mayNotSwitch) {
        patchDecisionState({
          contactStore: { store: answer.originalStore?.name ?? answer.store.name, phone: answer.phone ?? null },
        });
        navigate('/apply');
        return;
      }
      if (answer.verify && answer.application) {
        patchDecisionState({
          retrieval: {
            uuid: answer.application.uuid,
            moved: Boolean(answer.originalStore),
            message: answer.message ?? null,
          },
          carry: carried(),
        });
        setFound(answer);
        return;
      }
      newApplication();
    } catch (error) {
      if (error instanceof ApiError && error.code === 404) {
        push(t('welcome.notFound'), 'info');
        newApplication();
        return;
      }
      if (error instanceof ApiError && error.code === 422) {
        const server: Errors = {};
        for (const field of ['last_name', 'social_security_number', 'date_of_birth'] as const) {
          if (error.errors[field]?.length)
            server[field] =
              field === 'date_of_birth'
                ? 'welcome.dob.invalid'
                : field === 'social_security_number'
                  ? 'welcome.ssn.invalid'
                  : error.errors[field][0]!;
        }
        setErrors(server);
        return;
      }
      if (error instanceof ApiError && error.code === 403) return;
      push(t(error instanceof ApiError && error.code !== 0 ? 'error.somethingWrong' : 'error.network'), 'error');
    } finally {
      setBusy(false);
    }
  };

  /** The new-applicant path: the typed data goes into the application form. */
  const newApplication = () => {
    clearDecisionState();
    carryIntoApplication(carried());
    navigate('/apply');
  };

  const onFill = async (type: FillProfile) => {
    try {
      const body = await fetchFill(type, store.id);
      const applicant = (body.applicant ?? {}) as Record<string, string>;
      setLastName(applicant.last_name ?? '');
      setSsn(applicant.social_security_number ?? '');
      setDob(fromIso(applicant.date_of_birth ?? ''));
      if (typeof body.product_selection_override === 'string') setProduct(body.product_selection_override);
      else if (products.length && !product) setProduct(products[0]!.key);
      setFilled(body);
      setErrors({});
      push(t('welcome.fill.done'), 'success');
    } catch (error) {
      push(t(error instanceof ApiError ? 'error.somethingWrong' : 'error.network'), 'error');
    }
  };

  return (
    <section className="decision-screen welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{t('welcome.title')}</h1>
      <p className="muted">{store.name}</p>
      <p>{t('welcome.intro')}</p>
      {stage !== 'prod' && stage !== 'unknown' && (
        <FillMenu t={t} texts="welcome.fill" onFill={(type) => void onFill(type)} />
      )}
      <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="welcome-title">
        <TextField
          id="welcome-last-name"
          label={t('welcome.lastName')}
          value={lastName}
          onChange={setLastName}
          error={errors.last_name && t(errors.last_name)}
          autoComplete="family-name"
        />
        <TextField
          id="welcome-ssn"
          label={t('welcome.ssn')}
          hint={t('welcome.ssn.hint')}
          value={ssn}
          onChange={(v) => setSsn(v.replace(/[^\d-\s]/g, '').slice(0, 11))}
          error={errors.social_security_number && t(errors.social_security_number)}
          type={ssnFocused ? 'text' : 'password'}
          inputMode="numeric"
          autoComplete="off"
          onFocus={() => setSsnFocused(true)}
          onBlur={() => setSsnFocused(false)}
        />
        <TextField
          id="welcome-dob"
          label={t('welcome.dob')}
          hint={t('welcome.dob.hint')}
          value={dob}
          onChange={(v) => setDob(maskDate(v))}
          error={errors.date_of_birth && t(errors.date_of_birth)}
          inputMode="numeric"
          autoComplete="bday"
          placeholder="MM/DD/YYYY"
        />
        {products.length > 0 && (
          <div className={errors.product_selection_override ? 'field field--invalid' : 'field'}>
            <label htmlFor="welcome-product">{t('welcome.product')}</label>
            <select
              id="welcome-product"
              className="input"
              value={product}
              aria-invalid={errors.product_selection_override ? true : undefined}
              aria-describedby={errors.product_selection_override ? 'welcome-product-error' : undefined}
              onChange={(e) => setProduct(e.target.value)}
            >
              <PlaceholderOptions
                placeholder={t('welcome.product.choose')}
                choices={products.map((p) => ({ value: p.key, label: p.name }))}
              />
            </select>
            {errors.product_selection_override && (
              <p id="welcome-product-error" className="field__error">
                {t(errors.product_selection_override)}
              </p>
            )}
          </div>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('welcome.retrieving') : t('welcome.retrieve')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              clearDecisionState();
              navigate('/apply');
            }}
          >
            {t('welcome.newApplication')}
          </button>
        </div>
      </form>
      <ExistingApplicationDialog
        answer={found}
        onContinue={() => {
          const answer = found;
          setFound(null);
          if (answer) onVerify(answer);
        }}
      />
    </section>
  );
}

function TextField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  onFocus,
  onBlur,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | false | undefined;
  type?: 'text' | 'password';
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  placeholder?: string;
  onFocus?: () => void;
  onBlur?: () => void;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
      <input
        id={id}
        className="input"
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onFocus={onFocus}
        onBlur={onBlur}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
