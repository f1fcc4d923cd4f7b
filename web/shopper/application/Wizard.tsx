import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ApplicationFlowInput } from '../../../machines/application/application-flow.ts';
import {
  canContinue,
  isSaving,
  openDialog,
  showSaveRetryHint,
  wizardMachine,
  wizardStep,
  type WizardSnapshot,
} from '../../../machines/application/wizard.machine.ts';
import {
  applyStepData,
  stepErrors,
  visibleSteps,
  type FormStep,
  type WizardStep,
} from '../../../machines/application/wizard-steps.ts';
import type { ApplicationDraft } from '../../../machines/contracts/application.ts';
import type { FieldErrors } from '../../../machines/contracts/envelope.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import type { BankingInput, IncomeInput } from '../../../machines/domain/application-schema.ts';
import type { HomeOwnershipValue } from '../../../machines/domain/home-ownership.ts';
import {
  HVAC_QUESTION_KEYS,
  HVAC_QUESTIONS,
  HVAC_HOUSEHOLD_INCOME_CENTS,
} from '../../../machines/domain/hvac-prestep.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import { focusFirstInvalid, useBinding } from './binding.ts';
import type { FlowHandle } from './flow-handle.ts';
import type { Saver } from './client.ts';
import { formActors } from './form-actors.ts';
import type { SummarySection } from './Confirmation.tsx';
import { ConfirmDialog } from './Dialog.tsx';
import { SelectField, YesNoField } from './fields.tsx';
import {
  AddressFields,
  BankingFields,
  BankLinkPanel,
  Confirmation,
  HomeOwnershipFields,
  IdentityCheckStep,
  IncomeFields,
  LaterStep,
  prefetchLaterSteps,
} from './later-steps.tsx';
import type { AddressValue } from './sections/AddressFields.tsx';
import { ApplicantFields } from './sections/ApplicantFields.tsx';
import { SavingHint, StepAlert, StepHeading } from './StepFrame.tsx';
import { useAppT } from './text.ts';

type Send = ReturnType<typeof useActorRef<typeof wizardMachine>>['send'];

/** The step data a form step starts from (the draft as last submitted). */
function stepData(draft: ApplicationDraft, step: FormStep): unknown {
  switch (step) {
    case 'applicantInfo':
      return draft.applicant ?? {};
    case 'applicantAddress':
      return draft.location ?? {};
    case 'hvacHomeOwnership':
      return draft.home_ownership ?? {};
    case 'income':
      return draft.incomes?.length ? draft.incomes : [{ primary: true }];
    case 'banking':
      return draft.banking ?? {};
    case 'coApplicantInfo': {
      const { incomes: _i, ...co } = draft.co_applicant ?? {};
      return co;
    }
    case 'coApplicantIncome':
      return draft.co_applicant?.incomes?.length ? draft.co_applicant.incomes : [{ primary: true }];
    default:
      return undefined;
  }
}

const SUMMARY_TO_STEP: Record<SummarySection, FormStep> = {
  applicantInfo: 'applicantInfo',
  applicantAddress: 'applicantAddress',
  hvacHomeOwnership: 'hvacHomeOwnership',
  income: 'income',
  banking: 'banking',
  coApplicantQuestion: 'coApplicantQuestion',
  coApplicantInfo: 'coApplicantInfo',
  coApplicantIncome: 'coApplicantIncome',
};

/**
 * The multi-step wizard (apply_form_version 1/2) on machines/application/wizard.machine.ts: the page sends the
 * shopper's events and renders the step the machine is in; saving a step is the named `saveSection` actor.
 */
export function Wizard({
  store,
  input,
  saver,
  snapshot,
  register,
}: {
  store: StoreView;
  input: ApplicationFlowInput;
  saver: Saver;
  snapshot?: WizardSnapshot;
  register?: (handle: FlowHandle) => void;
}) {
  const { t } = useAppT();
  const [, navigate] = useLocation();
  const machine = useMemo(() => wizardMachine.provide({ actors: formActors(saver) }), [saver]);
  const actor = useActorRef(machine, snapshot ? { snapshot, input } : { input });
  const snap = useSelector(actor, (s) => s);
  const step = wizardStep(snap);
  useEffect(() => {
    register?.({
      draft: () => actor.getSnapshot().context.draft,
      snapshot: () => actor.getPersistedSnapshot() as WizardSnapshot,
    });
  }, [actor, register]);
  const steps = visibleSteps(snap.context);
  const index = steps.indexOf(step);

  useEffect(() => {
    postToHost('update', { status: 'in_progress', step });
    if (step === 'verification' || step === 'submitting') navigate('/apply/verify');
  }, [step, navigate]);

  // the later steps' code, once this step is on screen and the shopper acts on it
  useEffect(prefetchLaterSteps, []);

  const dialog = openDialog(snap);
  return (
    <section className="wizard" aria-labelledby="wizard-step-title">
      {index >= 0 && (
        <p className="progress" aria-label={t('application.progressLabel')}>
          {t('application.progress', { current: index + 1, total: steps.length })}
        </p>
      )}
      <div id="wizard-step-title">
        <StepHeading focusKey={step}>
          {t(
            step === 'identityCheckApplicant' || step === 'identityCheckConfirmation'
              ? 'application.step.identityCheck'
              : `application.step.${step}`,
          )}
        </StepHeading>
      </div>
      <LaterStep>
        {/* eslint-disable-next-line @typescript-eslint/unbound-method -- xstate binds an actor's send to the actor */}
        <StepBody key={step} step={step} snap={snap} send={actor.send} store={store} />
      </LaterStep>
      <ConfirmDialog
        open={dialog !== null}
        text={t(
          dialog === 'removeCoApplicant' ? 'application.confirm.removeCoApplicant' : 'application.confirm.removeIncome',
        )}
        onConfirm={() =>
          actor.send({ type: dialog === 'removeCoApplicant' ? 'coapplicant.remove.confirm' : 'income.remove.confirm' })
        }
        onCancel={() =>
          actor.send({ type: dialog === 'removeCoApplicant' ? 'coapplicant.remove.cancel' : 'income.remove.cancel' })
        }
      />
    </section>
  );
}

function StepBody({
  step,
  snap,
  send,
  store,
}: {
  step: WizardStep;
  snap: WizardSnapshot;
  send: Send;
  store: StoreView;
}) {
  const { t } = useAppT();
  const { context } = snap;
  switch (step) {
    case 'hvacPrestep':
      return <HvacPrestep snap={snap} send={send} />;
    case 'productSelection':
      return <ProductStep snap={snap} send={send} />;
    case 'identityCheckApplicant':
    case 'identityCheckConfirmation':
      return (
        <div>
          <IdentityCheckStep
            position={step === 'identityCheckApplicant' ? 'applicantInfo' : 'confirmation'}
            phone={context.draft.applicant?.cell ?? null}
            headingLevel={3}
            onCompleted={() => send({ type: 'identity.completed' })}
          />
          <Nav send={send} back />
        </div>
      );
    case 'confirmation':
      return (
        <Confirmation
          draft={context.draft}
          flags={context.store}
          error={context.error}
          errors={context.fieldErrors}
          onEdit={(section) => send({ type: 'step.edit', step: SUMMARY_TO_STEP[section] })}
          onConfirm={() => send({ type: 'confirm.submit' })}
        />
      );
    case 'verification':
    case 'submitting':
    case 'completed':
      return <p>{t('application.loading')}</p>;
    case 'coApplicantQuestion':
      return <CoApplicantQuestionStep snap={snap} send={send} />;
    default:
      return <FormStepView step={step} snap={snap} send={send} store={store} />;
  }
}

function Nav({
  send,
  back,
  snap,
  onContinue,
  skip,
}: {
  send: Send;
  back?: boolean;
  snap?: WizardSnapshot;
  onContinue?: () => void;
  skip?: boolean;
}) {
  const { t } = useAppT();
  const saving = snap ? isSaving(snap) : false;
  return (
    <>
      <div className="actions">
        {back && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'step.back' })}
            disabled={saving}
          >
            {t('application.button.back')}
          </button>
        )}
        {skip && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'step.skip' })}
            disabled={saving}
          >
            {t('application.button.skip')}
          </button>
        )}
        {onContinue && (
          <button
            type="submit"
            className="button"
            disabled={saving || (snap ? !canContinue(snap) : false)}
            onClick={onContinue}
          >
            {saving ? t('application.saving') : t('application.button.continue')}
          </button>
        )}
      </div>
      {snap && (
        <SavingHint saving={saving} slow={showSaveRetryHint(snap)} onRetry={() => send({ type: 'save.retry' })} />
      )}
    </>
  );
}

function HvacPrestep({ snap, send }: { snap: WizardSnapshot; send: Send }) {
  const { t } = useAppT();
  const answers = snap.context.hvacAnswers;
  return (
    <form noValidate onSubmit={(e) => e.preventDefault()}>
      <p className="lead">{t('application.hvac.headline')}</p>
      <p>{t('application.hvac.intro')}</p>
      {HVAC_QUESTIONS.map((q) => (
        <YesNoField
          key={q}
          path={`hvac.${q}`}
          legend={t(HVAC_QUESTION_KEYS[q], { amount: formatCents(HVAC_HOUSEHOLD_INCOME_CENTS).replace(/\.00$/, '') })}
          value={answers[q]}
          yes={t('application.hvac.yes')}
          no={t('application.hvac.no')}
          onChange={(answer) => send({ type: 'hvac.answer', question: q, answer })}
        />
      ))}
      <StepAlert message={snap.context.error} />
      <Nav send={send} snap={snap} onContinue={() => send({ type: 'step.next' })} />
    </form>
  );
}

function ProductStep({ snap, send }: { snap: WizardSnapshot; send: Send }) {
  const { t } = useAppT();
  const options = snap.context.store.productOptions ?? [];
  const binding = useBinding({}, snap.context.error ? { product_selection_override: [snap.context.error] } : {}, true);
  return (
    <form noValidate onSubmit={(e) => e.preventDefault()}>
      <SelectField
        path="product_selection_override"
        label={t('application.product.label')}
        b={binding}
        required
        value={snap.context.draft.product_selection_override ?? ''}
        onChange={(product) => send({ type: 'product.select', product })}
        options={options.map((o) => ({ value: o.key, label: o.name }))}
      />
      <Nav send={send} snap={snap} back={snap.context.store.isHvac} onContinue={() => send({ type: 'step.next' })} />
    </form>
  );
}

function CoApplicantQuestionStep({ snap, send }: { snap: WizardSnapshot; send: Send }) {
  const { t } = useAppT();
  const server = snap.context.error ? snap.context.fieldErrors : {};
  const binding = useBinding(snap.context.fieldErrors, server, true);
  return (
    <form noValidate onSubmit={(e) => e.preventDefault()}>
      <YesNoField
        path="has_co_applicant"
        legend={t('application.coApplicant.question')}
        b={binding}
        required
        value={snap.context.draft.has_co_applicant}
        yes={t('application.button.yes')}
        no={t('application.button.no')}
        onChange={(value) => send({ type: 'coapplicant.answer', value })}
      />
      <StepAlert message={snap.context.error} />
      <Nav send={send} snap={snap} back onContinue={() => send({ type: 'step.next' })} />
    </form>
  );
}

/** A step with a form: local values until Continue sends them with `step.next`. */
function FormStepView({
  step,
  snap,
  send,
  store,
}: {
  step: FormStep;
  snap: WizardSnapshot;
  send: Send;
  store: StoreView;
}) {
  const { t } = useAppT();
  const { context } = snap;
  const [data, setData] = useState<unknown>(() => stepData(context.draft, step));
  const [submitted, setSubmitted] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // the machine adds and removes the second income: keep the local list the same length
  const machineIncomes =
    step === 'income'
      ? context.draft.incomes
      : step === 'coApplicantIncome'
        ? context.draft.co_applicant?.incomes
        : undefined;
  const machineCount = machineIncomes?.length ?? 0;
  useEffect(() => {
    if (step !== 'income' && step !== 'coApplicantIncome') return;
    setData((list: unknown) => {
      const current = list as IncomeInput[];
      if (machineCount > current.length) return [...current, { primary: false }];
      if (machineCount && machineCount < current.length) return current.slice(0, machineCount);
      return current;
    });
  }, [machineCount, step]);

  const live: FieldErrors = useMemo(() => {
    const draft = applyStepData(context.draft, step, data);
    return stepErrors({ ...context, draft }, step) ?? {};
  }, [context, step, data]);
  const server = context.error ? context.fieldErrors : {};
  const binding = useBinding(live, server, submitted);

  const onContinue = () => {
    setSubmitted(true);
    send({ type: 'step.next', data });
    if (Object.keys(live).length) focusFirstInvalid(form.current);
  };
  useEffect(() => {
    if (context.error && Object.keys(context.fieldErrors).length) focusFirstInvalid(form.current);
  }, [context.error, context.fieldErrors]);

  const who = step === 'coApplicantIncome' ? 'co_applicant.incomes' : 'incomes';
  return (
    <form ref={form} noValidate onSubmit={(e) => e.preventDefault()}>
      <p className="muted">{t('application.requiredNote')}</p>
      {step === 'applicantInfo' && (
        <ApplicantFields prefix="applicant" value={data as object} onChange={setData} b={binding} />
      )}
      {step === 'coApplicantInfo' && (
        <ApplicantFields prefix="co_applicant" co value={data as object} onChange={setData} b={binding} />
      )}
      {step === 'applicantAddress' && (
        <AddressFields prefix="location" search value={data as AddressValue} onChange={setData} b={binding} />
      )}
      {step === 'hvacHomeOwnership' && (
        <HomeOwnershipFields value={data as HomeOwnershipValue} onChange={setData} b={binding} />
      )}
      {(step === 'income' || step === 'coApplicantIncome') && (
        <IncomeFields
          prefix={who}
          value={data as IncomeInput[]}
          onChange={setData}
          b={binding}
          onAdd={() => send({ type: 'income.add' })}
          onRemove={() => send({ type: 'income.remove' })}
        />
      )}
      {step === 'banking' && (
        <>
          {!context.store.bankingRequired && <p className="notice">{t('application.banking.optional')}</p>}
          {context.uuid && store.lease_program.bank_link_enabled && (
            <BankLinkPanel
              applicantId={context.uuid}
              sendBy={store.lease_program.bank_link_send_by}
              onLinked={(a) =>
                setData((d: unknown) => ({
                  ...(d as BankingInput),
                  routing_number: a.routing_number,
                  bank_name: a.bank_name ?? '',
                  checking_account: a.checking_account,
                  checking_account_confirmation: a.checking_account,
                  bank_link_used: true,
                  bank_link_profile_id: a.bank_link_profile_id,
                  bank_link_account_id: a.bank_link_account_id,
                }))
              }
              onManual={() => document.getElementById('f-banking-routing_number')?.focus()}
            />
          )}
          <BankingFields
            value={data as BankingInput}
            onChange={setData}
            b={binding}
            brand={store.brand}
            storeId={store.id}
          />
        </>
      )}
      <StepAlert message={context.error} />
      <Nav
        send={send}
        snap={snap}
        back={step !== 'applicantInfo' || context.store.isHvac || context.store.productSelectionEnabled}
        skip={step === 'banking' && !context.store.bankingRequired}
        onContinue={onContinue}
      />
    </form>
  );
}
