import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { INCOME_FREQUENCIES, type IncomeFrequency } from '../../../machines/domain/income.ts';
import { cartTotalCents, offersToCents, visibleOptions } from '../../../machines/domain/lease-amount.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import type { CalculatorOutput } from '../../../machines/calculator/calculator.machine.ts';
import { BRANDS } from '../../../machines/domain/brands.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { telHref } from '../../lib/format.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import { clientId } from '../../lib/api.ts';
import { getSession } from '../../lib/apply-session.ts';
import { sessionStore } from '../../lib/safe-storage.ts';
import { useIdleScope } from '../idle/scope.ts';
import {
  CHOICE_KEY,
  getApplicationState,
  getCheckoutCart,
  type ApplicationState,
  type CheckoutCart,
  type SessionInfo,
} from '../verification/client.ts';
import { useDecisionT } from '../verification/text.ts';
import { PayrollPanel } from '../payroll/PayrollPanel.tsx';
import type { PayrollDecisionResult } from '../../../machines/payroll/payroll.machine.ts';
import { CallButton } from './CallButton.tsx';

// The calculator (its machine, the pricing rules and texts) loads only for an approved shopper.
const Calculator = lazy(() => import('../calculator/Calculator.tsx').then((m) => ({ default: m.Calculator })));

function primaryIncomeFrequency(app: ApplicationState): IncomeFrequency {
  const incomes = app.incomes ?? [];
  const frequency = (incomes.find((i) => i.primary) ?? incomes[0])?.frequency;
  return (INCOME_FREQUENCIES as readonly string[]).includes(frequency ?? '')
    ? (frequency as IncomeFrequency)
    : 'bi-weekly';
}

/** The application result (seed 000 sections 2, 3, 8): approved with offers and the calculator, or denied. */
export function ResultScreen({ app: initial, info }: { app: ApplicationState; info: SessionInfo }) {
  const { lang } = useDecisionT();
  const { brand, setBrandKey } = useBrand();
  const [app, setApp] = useState(initial);
  const first = useRef(true);
  useIdleScope('result');

  useEffect(() => setBrandKey(info.store.brand), [info.store.brand, setBrandKey]);

  // The stored result is rendered by the server in the request's language: switching language fetches it again.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const controller = new AbortController();
    getApplicationState(lang, controller.signal).then(setApp, () => undefined);
    return () => controller.abort();
  }, [lang]);

  const result = app.result!;
  const approved = result.code === 'A';

  // Tell the host once per application.
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    postToHost(approved ? 'approved' : 'denied', {
      status: result.code,
      step: 'result',
      data: { uuid: app.uuid, offerAmounts: result.offerAmounts, reason: result.reason },
    });
  }, [approved, app.uuid, result]);

  useDocumentTitle(result.message.title, brand.name);
  // Payroll affordability (issue 7): the refreshed result replaces the one shown.
  const onPayrollResult = (next: PayrollDecisionResult) =>
    setApp((a) => ({ ...a, result: next as unknown as ApplicationState['result'] }));
  return approved ? <Approved app={app} info={info} onPayrollResult={onPayrollResult} /> : <Denied app={app} />;
}

/** The adverse-action notice opens in a new window, so the apply token and client id travel in its query. */
function noticeHref(url: string, lang: string): string {
  const q = new URLSearchParams({ lang, apply_token: getSession()?.token ?? '', client_id: clientId() });
  return `${url}${url.includes('?') ? '&' : '?'}${q}`;
}

function Denied({ app }: { app: ApplicationState }) {
  const { t, lang } = useDecisionT();
  const { brand } = useBrand();
  const message = app.result!.message;
  const phone = brand.phone;
  return (
    <section className="decision-screen card" aria-labelledby="result-title" data-result="denied">
      <h1 id="result-title">{message.title}</h1>
      <p>{message.sub_title1 || t('result.denied.subTitle1', { number: phone })}</p>
      {message.sub_title2 && <p>{message.sub_title2}</p>}
      {app.result!.adverse_action_url && (
        <p>
          <a
            href={noticeHref(app.result!.adverse_action_url, lang)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="adverse-action-link"
          >
            {t('aa.link')} <span className="visually-hidden">{t('aa.linkNewWindow')}</span>
          </a>
        </p>
      )}
      <CallButton phone={phone} />
    </section>
  );
}

function Approved({
  app,
  info,
  onPayrollResult,
}: {
  app: ApplicationState;
  info: SessionInfo;
  onPayrollResult?: (result: PayrollDecisionResult) => void;
}) {
  const { t, lang } = useDecisionT();
  const [, navigate] = useLocation();
  const result = app.result!;
  // In a retailer's checkout the figures disclosed here are the cart's (the lease summary and the contract price the
  // cart): the calculator starts from it once it is known. Undefined while loading; null when there is no cart.
  const checkoutId = info.checkout_id ?? app.checkout_id ?? null;
  const [cart, setCart] = useState<CheckoutCart | null | undefined>(checkoutId ? undefined : null);
  useEffect(() => {
    if (!checkoutId) return undefined;
    const controller = new AbortController();
    getCheckoutCart(checkoutId, lang, controller.signal).then(
      (found) => setCart(found),
      // Without the cart the calculator still works from the approval, and says so.
      () => setCart((current) => (current === undefined ? null : current)),
    );
    return () => controller.abort();
  }, [checkoutId, lang]);
  const message = result.message;
  const offers = offersToCents(result.offerAmounts);
  const shown = visibleOptions(offers);
  const store = info.store;
  const program = store.lease_program;
  const isHvac = store.record?.identifier === 'HVAC';
  const brandPhone = (BRANDS[store.brand] ?? BRANDS.default).phone;

  const onContinue = (output: CalculatorOutput) => {
    const choice = {
      option: output.option,
      payment_frequency: output.paymentFrequency,
      lease_amount: output.leaseAmountCents,
      ocp_included: output.ocpIncluded,
    };
    sessionStore().setItem(CHOICE_KEY, JSON.stringify(choice));
    postToHost('update', {
      status: 'option_selected',
      step: 'result',
      data: { uuid: app.uuid, option: choice.option, payment_frequency: choice.payment_frequency },
    });
    navigate(store.checkout_delivery_options_required ? '/checkout/delivery-options' : '/process');
  };

  // Where the store requires delivery options and none is chosen yet, the delivery charge (part of the lease's cash
  // price) is unknown: no payment figure is shown until it is, so that none differs from the lease summary's and the
  // contract's. The shopper chooses delivery first; the lease summary then shows the figures, option and frequency.
  const deliveryFirst = !!cart && cart.deliveryRequired && cart.deliveryCents === null;
  const onChooseDelivery = () => {
    sessionStore().removeItem(CHOICE_KEY);
    navigate('/checkout/delivery-options');
  };

  return (
    <section className="decision-screen" aria-labelledby="result-title" data-result="approved">
      <h1 id="result-title">{message.title}</h1>
      {[message.sub_title1, message.sub_title2, message.sub_title3].filter(Boolean).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <h2 id="offers-title">{t('result.offers.title')}</h2>
      <ul className="offers" aria-labelledby="offers-title">
        {shown.map((option) => {
          const row = message.options.find((o) => o.option === option);
          return (
            <li key={option} className="offer" data-option={option}>
              <p className="offer__label">{row?.label ?? t(`result.option.${option}`)}</p>
              <p className="offer__amount">{t('result.offer.upTo', { amount: formatCents(offers[option]) })}</p>
              {row?.note && <p className="offer__note">{row.note}</p>}
            </li>
          );
        })}
      </ul>
      <PayrollPanel
        applicationId={app.uuid}
        result={result as unknown as PayrollDecisionResult}
        onResult={onPayrollResult}
      />
      <p className="muted" data-testid="calculator-basis">
        {cart
          ? deliveryFirst
            ? t('result.calculator.deliveryFirst', { amount: formatCents(cartTotalCents(cart.lines)) })
            : cart.deliveryCents
              ? t('result.calculator.forCartWithDelivery', {
                  amount: formatCents(cartTotalCents(cart.lines)),
                  delivery: formatCents(cart.deliveryCents),
                  total: formatCents(cartTotalCents(cart.lines) + cart.deliveryCents),
                })
              : t('result.calculator.forCart', { amount: formatCents(cartTotalCents(cart.lines)) })
          : cart === null
            ? t('result.calculator.noCart')
            : null}
      </p>
      {cart === undefined ? (
        <p role="status" aria-live="polite">
          {t('result.calculatorLoading')}
        </p>
      ) : deliveryFirst ? (
        <p>
          <button type="button" className="button" onClick={onChooseDelivery}>
            {t('result.chooseDelivery')}
          </button>
        </p>
      ) : (
        <Suspense
          fallback={
            <p role="status" aria-live="polite">
              {t('result.calculatorLoading')}
            </p>
          }
        >
          <Calculator
            cart={cart?.lines ?? null}
            deliveryCents={cart?.deliveryCents ?? null}
            offerAmounts={result.offerAmounts}
            incomeFrequency={primaryIncomeFrequency(app)}
            ocpEnabled={program.ocp_enabled === true && !isHvac}
            optionCEnabled={program.option_c_enabled === true}
            minApprovalAmount={program.min_approval_amount}
            rating={store.rating}
            isHvac={isHvac}
            applicantState={app.location?.state ?? null}
            companyState={store.shipping_address?.state || store.billing_address?.state || app.location?.state || ''}
            zipCode={app.location?.code ?? null}
            applicationId={app.uuid}
            score={result.score}
            decile={result.decile}
            onContinue={onContinue}
          />
        </Suspense>
      )}
      {message.sub_title4 && <p>{message.sub_title4}</p>}
      {!message.sub_title4 && (
        <p>
          <a href={telHref(brandPhone)}>{t('app.callUs', { phone: brandPhone })}</a>
        </p>
      )}
    </section>
  );
}
