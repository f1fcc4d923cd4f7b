import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  isSaving,
  numberedSections,
  sectionStatus,
  sectionValue,
  singlePageMachine,
  singlePageStep,
  type SinglePageSection,
  type SinglePageSnapshot,
} from '../../../machines/application/single-page.machine.ts';
import type { ApplicationFlowInput } from '../../../machines/application/application-flow.ts';
import type { FieldErrors } from '../../../machines/contracts/envelope.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import { APPLICATION_MESSAGES } from '../../../machines/domain/application-messages.ts';
import { asksHomeOwnership, type BankingInput, type IncomeInput } from '../../../machines/domain/application-schema.ts';
import type { HomeOwnershipValue } from '../../../machines/domain/home-ownership.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import { focusFirstInvalid, useBinding } from './binding.ts';
import type { FlowHandle } from './flow-handle.ts';
import type { Saver } from './client.ts';
import { formActors } from './form-actors.ts';
import { Confirmation, type SummarySection } from './Confirmation.tsx';
import { ConfirmDialog } from './Dialog.tsx';
import { SelectField, YesNoField } from './fields.tsx';
import { AddressFields, type AddressValue } from './sections/AddressFields.tsx';
import { ApplicantFields } from './sections/ApplicantFields.tsx';
import { BankingFields } from './sections/BankingFields.tsx';
import { BankLinkPanel } from '../bank-link/BankLinkPanel.tsx';
import { HomeOwnershipFields } from './sections/HomeOwnershipFields.tsx';
import { IncomeFields } from './sections/IncomeFields.tsx';
import { SavingHint, StepAlert } from './StepFrame.tsx';
import { useAppT } from './text.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

const TITLES: Record<SinglePageSection, string> = {
  applicant: 'application.step.applicantInfo',
  location: 'application.step.applicantAddress',
  home_ownership: 'application.step.hvacHomeOwnership',
  incomes: 'application.step.income',
  banking: 'application.step.banking',
  has_co_applicant: 'application.section.coApplicantCheck',
  co_applicant: 'application.step.coApplicantInfo',
  co_applicant_incomes: 'application.step.coApplicantIncome',
};

const SUMMARY_TO_SECTION: Record<SummarySection, SinglePageSection> = {
  applicantInfo: 'applicant',
  applicantAddress: 'location',
  hvacHomeOwnership: 'home_ownership',
  income: 'incomes',
  banking: 'banking',
  coApplicantQuestion: 'has_co_applicant',
  coApplicantInfo: 'co_applicant',
  coApplicantIncome: 'co_applicant_incomes',
};

type Dialog =
  { kind: 'removeCoApplicant' } | { kind: 'removeIncome'; section: 'incomes' | 'co_applicant_incomes' } | null;

/**
 * The single-page form (apply_form_version 3) on machines/application/single-page.machine.ts: every edit is a
 * `section.change`; the machine autosaves each valid section 1 s later through the named `saveSection` actor and
 * moves to confirmation once Submit finds every active section saved.
 */
export function SinglePage({
  store,
  input,
  saver,
  register,
}: {
  store: StoreView;
  input: ApplicationFlowInput;
  saver: Saver;
  register?: (handle: FlowHandle) => void;
}) {
  const { t } = useAppT();
  const [, navigate] = useLocation();
  const machine = useMemo(() => singlePageMachine.provide({ actors: formActors(saver) }), [saver]);
  // empty sections to start from, so that Submit reports each missing field rather than the whole section
  const actor = useActorRef(machine, {
    input: {
      ...input,
      prefill: {
        applicant: {},
        location: {},
        incomes: [{}],
        ...(asksHomeOwnership(input.store) ? { home_ownership: {} } : {}),
        ...input.prefill,
      },
    },
  });
  const snap = useSelector(actor, (s) => s);
  const step = singlePageStep(snap);
  useEffect(() => {
    register?.({ draft: () => actor.getSnapshot().context.values });
  }, [actor, register]);
  const [submitted, setSubmitted] = useState(false);
  const [editTarget, setEditTarget] = useState<SinglePageSection | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    postToHost('update', { status: 'in_progress', step });
    if (step === 'verification' || step === 'submitting') navigate('/apply/verify');
    if (step === 'confirmation') requestAnimationFrame(() => confirmHeading.current?.focus());
  }, [step, navigate]);

  useEffect(() => {
    if (step !== 'application' || !editTarget) return;
    requestAnimationFrame(() => {
      document.getElementById(`section-${editTarget}`)?.focus();
      setEditTarget(null);
    });
  }, [step, editTarget]);

  const steps = ['application', 'confirmation', 'verification'] as const;
  const stepIndex = Math.max(0, steps.indexOf(step as (typeof steps)[number]));
  return (
    <section className="single-page" aria-labelledby="single-page-title">
      <h2 id="single-page-title" className="visually-hidden">
        {t('application.title')}
      </h2>
      <ol className="steps" aria-label={t('application.progressLabel')}>
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={i === stepIndex ? 'step' : undefined}
            className={i === stepIndex ? 'steps__item steps__item--current' : 'steps__item'}
          >
            {t(`application.singlePage.step.${s}`)}
          </li>
        ))}
      </ol>
      {step === 'application' && (
        <ApplicationForm
          snap={snap}
          // eslint-disable-next-line @typescript-eslint/unbound-method -- xstate binds an actor's send to the actor
          send={actor.send}
          store={store}
          submitted={submitted}
          form={form}
          onSubmit={() => {
            setSubmitted(true);
            actor.send({ type: 'form.submit' });
            focusFirstInvalid(form.current);
          }}
        />
      )}
      {step === 'confirmation' && (
        <Confirmation
          headingRef={confirmHeading}
          draft={snap.context.values}
          flags={snap.context.store}
          error={snap.context.error}
          errors={snap.context.confirmErrors}
          onEdit={(section) => {
            setEditTarget(SUMMARY_TO_SECTION[section]);
            actor.send({ type: 'step.edit' });
          }}
          onConfirm={() => actor.send({ type: 'confirm.submit' })}
        />
      )}
      {(step === 'verification' || step === 'submitting' || step === 'completed') && <p>{t('application.loading')}</p>}
    </section>
  );
}

type Send = ReturnType<typeof useActorRef<typeof singlePageMachine>>['send'];

function ApplicationForm({
  snap,
  send,
  store,
  submitted,
  onSubmit,
  form,
}: {
  snap: SinglePageSnapshot;
  send: Send;
  store: StoreView;
  submitted: boolean;
  onSubmit: () => void;
  form: React.RefObject<HTMLFormElement | null>;
}) {
  const { t } = useAppT();
  const { context } = snap;
  const [dialog, setDialog] = useState<Dialog>(null);
  const saving = isSaving(snap);
  const change = (section: SinglePageSection, value: unknown) => send({ type: 'section.change', section, value });
  const flags = context.store;
  const product = context.values.product_selection_override ?? '';
  const productServerError = context.fieldErrors.applicant?.product_selection_override?.[0];
  const productBinding = useBinding(
    !product && flags.productSelectionEnabled
      ? { product_selection_override: [APPLICATION_MESSAGES.productRequired] }
      : {},
    productServerError && !product ? { product_selection_override: [productServerError] } : {},
    submitted,
  );

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <p className="muted">{t('application.requiredNote')}</p>
      {flags.productSelectionEnabled && (
        <SelectField
          path="product_selection_override"
          label={t('application.product.label')}
          b={productBinding}
          required
          value={product}
          onChange={(value) => {
            send({ type: 'product.select', product: value });
            if (value && sectionStatus(snap, 'applicant') === 'failed')
              send({ type: 'save.retry', section: 'applicant' });
          }}
          options={(flags.productOptions ?? []).map((o) => ({ value: o.key, label: o.name }))}
        />
      )}
      {numberedSections(context).map(({ section, number }) => (
        <SectionCard key={section} section={section} number={number} snap={snap} send={send}>
          <SectionFields
            section={section}
            snap={snap}
            submitted={submitted}
            store={store}
            change={change}
            setDialog={setDialog}
          />
        </SectionCard>
      ))}
      <StepAlert message={context.error} />
      <SingleAction type="submit" disabled={saving}>
        {saving ? t('application.saving') : t('application.button.submit')}
      </SingleAction>
      <SavingHint
        saving={saving}
        onRetry={() => {
          for (const s of numberedSections(context))
            if (sectionStatus(snap, s.section) === 'failed') send({ type: 'save.retry', section: s.section });
          send({ type: 'form.submit' });
        }}
      />
      <ConfirmDialog
        open={dialog !== null}
        text={t(
          dialog?.kind === 'removeCoApplicant'
            ? 'application.confirm.removeCoApplicant'
            : 'application.confirm.removeIncome',
        )}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'removeCoApplicant') change('has_co_applicant', false);
          else if (dialog?.kind === 'removeIncome') {
            const list = (sectionValue(context.values, dialog.section) as IncomeInput[] | undefined) ?? [];
            change(dialog.section, list.slice(0, 1));
          }
          setDialog(null);
        }}
      />
    </form>
  );
}

function SectionCard({
  section,
  number,
  snap,
  send,
  children,
}: {
  section: SinglePageSection;
  number: number;
  snap: SinglePageSnapshot;
  send: Send;
  children: React.ReactNode;
}) {
  const { t, tError } = useAppT();
  const status = sectionStatus(snap, section);
  const saved =
    snap.context.saved[section] !== undefined &&
    snap.context.saved[section] === JSON.stringify(sectionValue(snap.context.values, section) ?? null);
  const saveError = snap.context.saveErrors[section];
  const titleId = `section-${section}-title`;
  let label = '';
  if (status === 'saving') label = t('application.section.saving');
  else if (status === 'waitingForApplicant') label = t('application.section.waiting');
  else if (status === 'failed') label = t('application.section.failed');
  else if (saved) label = t('application.saved');
  return (
    <section
      id={`section-${section}`}
      tabIndex={-1}
      className="card form-section"
      aria-labelledby={titleId}
      data-status={status ?? ''}
      data-saved={saved ? 'true' : 'false'}
    >
      <div className="form-section__head">
        <h3 id={titleId}>{t('application.section.number', { number, title: t(TITLES[section]) })}</h3>
        <span className={`badge${status === 'failed' ? ' badge--error' : ''}`} role="status">
          {label}
        </span>
      </div>
      {children}
      {status === 'failed' && saveError && (
        <div className="alert" role="alert">
          {tError(saveError)}{' '}
          <button type="button" className="linklike" onClick={() => send({ type: 'save.retry', section })}>
            {t('application.section.retry')}
          </button>
        </div>
      )}
    </section>
  );
}

function SectionFields({
  section,
  snap,
  submitted,
  store,
  change,
  setDialog,
}: {
  section: SinglePageSection;
  snap: SinglePageSnapshot;
  submitted: boolean;
  store: StoreView;
  change: (s: SinglePageSection, v: unknown) => void;
  setDialog: (d: Dialog) => void;
}) {
  const { t } = useAppT();
  const { context } = snap;
  const value = sectionValue(context.values, section);
  const errors: FieldErrors = context.fieldErrors[section] ?? {};
  const server = context.saveErrors[section] ? errors : {};
  const binding = useBinding(errors, server, submitted);
  switch (section) {
    case 'applicant':
      return (
        <ApplicantFields
          prefix="applicant"
          value={(value as object) ?? {}}
          onChange={(v) => change(section, v)}
          b={binding}
        />
      );
    case 'co_applicant':
      return (
        <ApplicantFields
          prefix="co_applicant"
          co
          value={(value as object) ?? {}}
          onChange={(v) => change(section, v)}
          b={binding}
        />
      );
    case 'location':
      return (
        <AddressFields
          prefix="location"
          search
          value={(value as AddressValue) ?? {}}
          onChange={(v) => change(section, v)}
          b={binding}
        />
      );
    case 'home_ownership':
      return (
        <HomeOwnershipFields
          value={(value as HomeOwnershipValue) ?? {}}
          onChange={(v) => change(section, v)}
          b={binding}
        />
      );
    case 'banking':
      return (
        <>
          {!context.store.bankingRequired && <p className="notice">{t('application.banking.optional')}</p>}
          {context.uuid && store.lease_program.bank_link_enabled && (
            <BankLinkPanel
              applicantId={context.uuid}
              sendBy={store.lease_program.bank_link_send_by}
              onLinked={(a) =>
                change(section, {
                  ...(value ?? {}),
                  routing_number: a.routing_number,
                  bank_name: a.bank_name ?? '',
                  checking_account: a.checking_account,
                  checking_account_confirmation: a.checking_account,
                  bank_link_used: true,
                  bank_link_profile_id: a.bank_link_profile_id,
                  bank_link_account_id: a.bank_link_account_id,
                })
              }
              onManual={() => document.getElementById('f-banking-routing_number')?.focus()}
            />
          )}
          <BankingFields
            value={(value as BankingInput) ?? {}}
            onChange={(v) => change(section, v)}
            b={binding}
            brand={store.brand}
            storeId={store.id}
          />
        </>
      );
    case 'incomes':
    case 'co_applicant_incomes': {
      const list = ((value as IncomeInput[] | undefined)?.length ? value : [{ primary: true }]) as IncomeInput[];
      return (
        <IncomeFields
          prefix={section === 'incomes' ? 'incomes' : 'co_applicant.incomes'}
          value={list}
          onChange={(v) => change(section, v)}
          b={binding}
          onAdd={() => change(section, [...list, { primary: false }])}
          onRemove={() => setDialog({ kind: 'removeIncome', section })}
        />
      );
    }
    case 'has_co_applicant':
      return (
        <YesNoField
          path="has_co_applicant"
          legend={t('application.coApplicant.question')}
          b={binding}
          required
          value={context.values.has_co_applicant}
          yes={t('application.button.yes')}
          no={t('application.button.no')}
          onChange={(answer) => {
            const hasCo =
              context.values.has_co_applicant === true &&
              (context.saved.co_applicant !== undefined || !!context.values.co_applicant?.first_name);
            if (!answer && hasCo) setDialog({ kind: 'removeCoApplicant' });
            else change('has_co_applicant', answer);
          }}
        />
      );
  }
}
