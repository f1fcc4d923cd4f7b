import { and, assign, fromPromise, setup } from 'xstate';
import type { ScorePaymentsResponse } from '../contracts/score-payments.ts';
import type { Offers } from '../domain/decision.ts';
import type { IncomeFrequency } from '../domain/income.ts';
import {
  amountForCalculation,
  amountText,
  checkAmount,
  defaultAmountCents,
  defaultOption,
  minimumLeaseCents,
  offersToCents,
  visibleOptions,
  type CalculatorMessage,
  type CartLine,
} from '../domain/lease-amount.ts';
import type { Cents } from '../domain/money.ts';
import {
  defaultPaymentFrequency,
  paymentFrequencyChoices,
  type PaymentFrequency,
} from '../domain/payment-frequency.ts';
import type { LeaseOption } from '../domain/scoring-settings.ts';
import { effectErrorMessage } from '../i18n/flows.ts';

// The approved shopper's payment calculator (seed 000 sections 4, 5 and 9). The shopper edits the lease amount,
// option, payment frequency and OCP; 1 second after the last change (the `calculationDebounce` delay) the machine
// invokes `calculatePayments` (POST /api/v1/score/payments, supplied by the page with .provide()). Recalculate
// calls at once. Continue is accepted once a calculation for the current choices has arrived.

export const CALCULATOR_MACHINE_VERSION = 1;
export const CALCULATION_DEBOUNCE_MS = 1_000;

export interface CalculatorInput {
  /** The result's offerAmounts ('1500.00'; '0.00' = not offered). */
  offerAmounts: Partial<Record<LeaseOption, string | number | null>>;
  /** The checkout's cart, when there is one: its total is the default amount. */
  cart?: readonly CartLine[] | null;
  /** The checkout's delivery charge once chosen: part of the lease's cash price, so part of the default amount. */
  deliveryCents?: Cents | null;
  /** The store's lease_program.min_approval_amount (dollars); default 300. */
  minApprovalAmount?: number | string | null;
  /** The primary income's frequency: it decides the payment frequency choices. */
  incomeFrequency: IncomeFrequency;
  /** lease_program.ocp_enabled: the OCP switch exists only then. */
  ocpEnabled: boolean;
  optionCEnabled?: boolean;
  /** A choice kept in the session (option, payment_frequency), used when still valid. */
  option?: LeaseOption | null;
  paymentFrequency?: PaymentFrequency | null;
}

/** What the page sends to POST /api/v1/score/payments (it adds rating, score, state, zip, application id). */
export interface CalculationRequest {
  leaseAmountCents: Cents;
  option: LeaseOption;
  paymentFrequency: PaymentFrequency;
  ocpIncluded: boolean;
}

export interface CalculatorCalculation {
  request: CalculationRequest;
  response: ScorePaymentsResponse;
}

export interface CalculatorContext {
  offers: Offers;
  /** Options with an offer (0.00 hidden), in A-D order. */
  options: LeaseOption[];
  option: LeaseOption;
  /** The amount field as shown (as typed, or clamped). */
  amountText: string;
  /** The typed amount in cents (commas stripped), null when the text is not an amount. */
  amountCents: Cents | null;
  minimumCents: Cents;
  frequency: PaymentFrequency;
  frequencyChoices: PaymentFrequency[];
  ocpEnabled: boolean;
  ocpIncluded: boolean;
  errors: { amount: CalculatorMessage | null; calculation: string | null };
  calculation: CalculatorCalculation | null;
}

export type CalculatorEvent =
  | { type: 'calculator.amount.change'; value: string }
  | { type: 'calculator.option.change'; option: LeaseOption }
  | { type: 'calculator.frequency.change'; frequency: PaymentFrequency }
  | { type: 'calculator.ocp.toggle' }
  | { type: 'calculator.recalculate' }
  | { type: 'calculator.continue' };

/** What the shopper continues with (saved with the session; then delivery options or the lease). */
export interface CalculatorOutput {
  option: LeaseOption;
  leaseAmountCents: Cents;
  paymentFrequency: PaymentFrequency;
  ocpIncluded: boolean;
  calculation: ScorePaymentsResponse;
}

/** The request for the current choices; the amount below the minimum is raised to it. */
export function calculationRequest(context: CalculatorContext): CalculationRequest | null {
  if (context.amountCents === null) return null;
  return {
    leaseAmountCents: amountForCalculation(context.amountCents, context.minimumCents),
    option: context.option,
    paymentFrequency: context.frequency,
    ocpIncluded: context.ocpEnabled && context.ocpIncluded,
  };
}

function sameRequest(a: CalculationRequest | null, b: CalculationRequest | null): boolean {
  return (
    a !== null &&
    b !== null &&
    a.leaseAmountCents === b.leaseAmountCents &&
    a.option === b.option &&
    a.paymentFrequency === b.paymentFrequency &&
    a.ocpIncluded === b.ocpIncluded
  );
}

function initialContext(input: CalculatorInput): CalculatorContext {
  const offers = offersToCents(input.offerAmounts);
  const options = visibleOptions(offers);
  const programDefault = defaultOption(offers, { optionCEnabled: input.optionCEnabled ?? false });
  const option = input.option && options.includes(input.option) ? input.option : programDefault;
  const choices = paymentFrequencyChoices(input.incomeFrequency);
  const frequency =
    input.paymentFrequency && choices.includes(input.paymentFrequency)
      ? input.paymentFrequency
      : defaultPaymentFrequency(input.incomeFrequency);
  const minimumCents = minimumLeaseCents(input.minApprovalAmount);
  // The default amount goes through the same rules as typing: a cart above the option's maximum is clamped.
  const check = checkAmount(amountText(defaultAmountCents(offers, input.cart, input.deliveryCents)), {
    option,
    offers,
    minimumCents,
  });
  return {
    offers,
    options,
    option,
    amountText: check.text,
    amountCents: check.amountCents,
    minimumCents,
    frequency,
    frequencyChoices: choices,
    ocpEnabled: input.ocpEnabled,
    ocpIncluded: false,
    errors: { amount: check.error, calculation: null },
    calculation: null,
  };
}

export const calculatorMachine = setup({
  types: {
    context: {} as CalculatorContext,
    events: {} as CalculatorEvent,
    input: {} as CalculatorInput,
    output: {} as CalculatorOutput,
  },
  actors: {
    calculatePayments: fromPromise<ScorePaymentsResponse, CalculationRequest>(async () => {
      throw new Error('calculatePayments is not provided');
    }),
  },
  delays: {
    /** Payment calculation debounce: 1 s (seed 000 section 9). */
    calculationDebounce: CALCULATION_DEBOUNCE_MS,
  },
  guards: {
    /**
     * The request was aborted, not answered: the page paused the calculator (React stops an actor whose part of the
     * page a Suspense boundary hides, and restores it from its snapshot) while it was asking. Asked again, never shown
     * to the shopper as a failure.
     */
    calculationAborted: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
    },
    /** The amount field holds an amount (possibly below the minimum: it is raised for the calculation). */
    hasCalculableAmount: ({ context }) => context.amountCents !== null,
    /** The text just typed is an amount (guards see the context before the event's actions run). */
    typedAmountIsCalculable: ({ context, event }) =>
      event.type === 'calculator.amount.change' && checkAmount(event.value, context).amountCents !== null,
    /** Only options with an offer can be chosen. */
    isOfferedOption: ({ context, event }) =>
      event.type === 'calculator.option.change' && context.options.includes(event.option),
    /** Only the frequencies of the primary income's choices. */
    isFrequencyChoice: ({ context, event }) =>
      event.type === 'calculator.frequency.change' && context.frequencyChoices.includes(event.frequency),
    /** The OCP switch exists only when the store enables OCP. */
    isOcpEnabled: ({ context }) => context.ocpEnabled,
    /** A calculation for exactly the current choices has arrived. */
    canContinue: ({ context }) =>
      context.calculation !== null && sameRequest(context.calculation.request, calculationRequest(context)),
  },
  actions: {
    /** Typing: commas stripped; below the minimum the text stays with its message; above the maximum it clamps. */
    applyAmount: assign(({ context, event }) => {
      if (event.type !== 'calculator.amount.change') return {};
      const check = checkAmount(event.value, context);
      return {
        amountText: check.text,
        amountCents: check.amountCents,
        errors: { ...context.errors, amount: check.error },
      };
    }),
    /** A new option re-applies the amount rules, which clamps an amount above the option's maximum. */
    chooseOption: assign(({ context, event }) => {
      if (event.type !== 'calculator.option.change') return {};
      const check = checkAmount(context.amountText, { ...context, option: event.option });
      return {
        option: event.option,
        amountText: check.text,
        amountCents: check.amountCents,
        errors: { ...context.errors, amount: check.error },
      };
    }),
    chooseFrequency: assign({
      frequency: ({ context, event }) =>
        event.type === 'calculator.frequency.change' ? event.frequency : context.frequency,
    }),
    toggleOcp: assign({ ocpIncluded: ({ context }) => !context.ocpIncluded }),
    storeCalculation: assign(({ context, event }) => {
      const response = (event as unknown as { output: ScorePaymentsResponse }).output;
      const request = calculationRequest(context);
      return {
        calculation: request ? { request, response } : null,
        errors: { ...context.errors, calculation: null },
      };
    }),
    storeCalculationError: assign(({ context, event }) => ({
      errors: {
        ...context.errors,
        calculation: effectErrorMessage((event as unknown as { error?: unknown }).error, 'calculator.error'),
      },
    })),
  },
}).createMachine({
  id: 'calculator',
  context: ({ input }) => initialContext(input),
  // The first calculation runs at once for the default choices; later ones after the debounce.
  initial: 'starting',
  output: ({ context }) => {
    const calculation = context.calculation!;
    return {
      option: calculation.request.option,
      leaseAmountCents: calculation.request.leaseAmountCents,
      paymentFrequency: calculation.request.paymentFrequency,
      ocpIncluded: calculation.request.ocpIncluded,
      calculation: calculation.response,
    };
  },
  on: {
    // Typing waits out the debounce when the text is an amount to price; otherwise it only shows the error.
    'calculator.amount.change': [
      { guard: 'typedAmountIsCalculable', target: '.debouncing', reenter: true, actions: 'applyAmount' },
      { target: '.ready', actions: 'applyAmount' },
    ],
    // Option, frequency and OCP changes are priced after the debounce, unless the amount field holds no amount.
    'calculator.option.change': [
      {
        guard: and(['isOfferedOption', 'hasCalculableAmount']),
        target: '.debouncing',
        reenter: true,
        actions: 'chooseOption',
      },
      { guard: 'isOfferedOption', actions: 'chooseOption' },
    ],
    'calculator.frequency.change': [
      {
        guard: and(['isFrequencyChoice', 'hasCalculableAmount']),
        target: '.debouncing',
        reenter: true,
        actions: 'chooseFrequency',
      },
      { guard: 'isFrequencyChoice', actions: 'chooseFrequency' },
    ],
    'calculator.ocp.toggle': [
      {
        guard: and(['isOcpEnabled', 'hasCalculableAmount']),
        target: '.debouncing',
        reenter: true,
        actions: 'toggleOcp',
      },
      { guard: 'isOcpEnabled', actions: 'toggleOcp' },
    ],
    'calculator.recalculate': { guard: 'hasCalculableAmount', target: '.calculating', reenter: true },
  },
  states: {
    starting: {
      always: [{ guard: 'hasCalculableAmount', target: 'calculating' }, { target: 'ready' }],
    },
    debouncing: {
      after: { calculationDebounce: { target: 'calculating' } },
    },
    calculating: {
      invoke: {
        id: 'calculatePayments',
        src: 'calculatePayments',
        input: ({ context }) => calculationRequest(context)!,
        onDone: { target: 'ready', actions: 'storeCalculation' },
        onError: [
          { guard: 'calculationAborted', target: 'calculating', reenter: true },
          { target: 'failed', actions: 'storeCalculationError' },
        ],
      },
    },
    ready: {
      on: { 'calculator.continue': { guard: 'canContinue', target: 'continued' } },
    },
    failed: {},
    continued: { type: 'final' },
  },
});

/** The OCP switch is shown only when the store enables OCP (HVAC stores never do). */
export function showOcpSwitch(context: Pick<CalculatorContext, 'ocpEnabled'>): boolean {
  return context.ocpEnabled;
}
