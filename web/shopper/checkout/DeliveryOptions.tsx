import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { deliveryMachine } from '../../../machines/delivery/delivery.machine.ts';
import {
  canSelect,
  EMPTY_SELECTION,
  HOME_SERVICE_TYPES,
  partsOf,
  SERVICE_TYPES,
  type AvailabilityStatus,
  type DeliveryItem,
  type ServiceOption,
  type ServiceType,
  type SkuAvailability,
} from '../../../machines/delivery/delivery-rules.ts';
import { formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';
import { formatDate } from '../../lib/format.ts';
import * as client from './client.ts';
import { Busy } from './Busy.tsx';
import { CancelCheckoutRow, ErrorModal, StepHeading, StepSubmit, useFlow } from './parts.tsx';
import { useCheckoutT } from './text.ts';
import { PlaceholderOptions } from '../../lib/PlaceholderOptions.tsx';

// Delivery Options (seed 000 sections 4, 5, 8): the delivery machine (machines/delivery) drives the step; this screen
// shows its state and sends the shopper's choices as events.

const cents = (value: string | number | undefined) => parseAmountToCents(value ?? 0) ?? 0;
const priceText = (c: number | undefined) => formatCents(c === 1 ? 0 : (c ?? 0));

function toItems(items: client.CartItem[]): DeliveryItem[] {
  return items.map((i) => ({
    sku: i.sku,
    quantity: i.quantity,
    description: i.description,
    unit_price: cents(i.unit_price),
    required_parts: i.required_parts.map((p) => ({
      sku: p.sku,
      quantity: p.quantity,
      description: p.description,
      unit_price: cents(p.unit_price),
    })),
  }));
}

const NOTICE_STATUS: Record<string, AvailabilityStatus> = {
  'delivery.notice.outOfStock': 'out_of_stock',
  'delivery.notice.notShippable': 'not_shippable',
  'delivery.notice.notDeliverable': 'not_deliverable',
};

/** The partner's answers as the delivery rules read them: removed skus with their reason, options in cents. */
function toAvailability(skus: string[], answer: client.ServicesAnswer): SkuAvailability[] {
  return skus.map((sku) => {
    if (answer.removed?.includes(sku)) {
      const notice = answer.notices?.find((n) => n.sku === sku || n.params?.sku === sku);
      return { sku, status: NOTICE_STATUS[notice?.key ?? ''] ?? 'out_of_stock', options: [] };
    }
    const options: ServiceOption[] = (answer.services?.[sku] ?? [])
      .filter((o) => (SERVICE_TYPES as readonly string[]).includes(o.type))
      .map((o) => ({
        type: o.type as ServiceType,
        value: o.value,
        ...(o.label ? { label: o.label } : {}),
        price: cents(o.price),
        ...(o.windows ? { windows: o.windows } : {}),
        ...(o.dates ? { dates: o.dates } : {}),
        ...(o.stores ? { stores: o.stores } : {}),
        ...(o.shipments ? { shipments: o.shipments } : {}),
      }));
    return { sku, status: 'available', options };
  });
}

export function DeliveryOptions() {
  const { t, lang } = useCheckoutT();
  const flow = useFlow();
  const location = flow.app?.location ?? null;
  const machine = useMemo(
    () =>
      deliveryMachine.provide({
        actors: {
          lookupAvailability: fromPromise(async ({ input }) => {
            const address = { line_1: input.address.line_1, city: input.address.city, state: input.address.state };
            const [, answer] = await Promise.all([
              client.productAvailability(input.skus),
              client.deliveryServices(input.zip, address, lang),
            ]);
            return toAvailability(input.skus, answer);
          }),
          schedule: fromPromise(async ({ input }) => {
            await client.scheduleDelivery(
              {
                checkout_id: input.checkoutId,
                exchange_id: input.exchangeId,
                schedules: input.schedules,
                address: input.address,
              },
              lang,
            );
          }),
          fetchLease: fromPromise<unknown, { checkoutId: string }>(async () => flow.fetchLease()),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, {
    input: {
      checkoutId: flow.checkout.id,
      items: toItems(flow.checkout.cart.items),
      address: location
        ? {
            line_1: location.line_1 ?? '',
            line_2: location.line_2 ?? '',
            city: location.city ?? '',
            state: location.state ?? '',
            code: location.code ?? '',
          }
        : null,
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  const ctx = snapshot.context;

  // Done: the flow shows the lease; cancelled ('Return to Retailer'): the flow cancels the checkout.
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    if (snapshot.matches('done'))
      flow.actor.send({ type: 'delivery.completed', lease: snapshot.output?.lease as Record<string, unknown> | null });
    else flow.actor.send({ type: 'checkout.cancel' });
  }, [snapshot.status]);

  // A known 5-digit zip looks up availability at once.
  useEffect(() => {
    if (/^\d{5}$/.test(ctx.zip)) actor.send({ type: 'delivery.zip', zip: ctx.zip });
  }, []);

  const zipId = useId();
  const [dismissed, setDismissed] = useState(false);
  const needsAddress = ctx.items.some((i) =>
    (ctx.selections[i.sku] ?? EMPTY_SELECTION).types.some(
      (type) => type === 'shipment' || HOME_SERVICE_TYPES.includes(type),
    ),
  );
  const busy = snapshot.matches('scheduling') || snapshot.matches('fetchingLease');

  return (
    <section className="checkout delivery" aria-labelledby="delivery-title">
      <StepHeading id="delivery-title" titleKey="delivery.title" />
      <p>{t('delivery.intro')}</p>
      <div className="field">
        <label htmlFor={zipId}>{t('delivery.zip')}</label>
        <input
          id={zipId}
          className="input input--short"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={ctx.zip}
          aria-describedby={`${zipId}-hint`}
          onChange={(e) => {
            setDismissed(false);
            actor.send({ type: 'delivery.zip', zip: e.target.value.replace(/\D/g, '').slice(0, 5) });
          }}
        />
        <p id={`${zipId}-hint`} className="field__hint">
          {t('delivery.zip.hint')}
        </p>
      </div>
      {snapshot.matches('lookingUp') && <Busy text={t('delivery.lookingUp')} />}
      {snapshot.matches('zipEntry') && ctx.error && (
        <p role="alert" className="checkout-error">
          {t(ctx.error)}
        </p>
      )}
      <div role="status" className="delivery-notices">
        {ctx.notices.map((n) => (
          <p key={n.params.sku} className="notice">
            {t(n.key, n.params)}
          </p>
        ))}
      </div>

      {(snapshot.matches('selecting') || busy || snapshot.matches('failed')) && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'delivery.submit' });
          }}
        >
          {ctx.items.map((item) => (
            <ItemServices key={item.sku} item={item} actor={actor} />
          ))}
          {needsAddress && <AddressFields actor={actor} />}
          <div role="alert" className="checkout-alert-slot">
            {ctx.errors.length > 0 && (
              <ul className="checkout-error-list">
                {ctx.errors.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
            )}
          </div>
          <StepSubmit busy={busy} busyText={t('delivery.scheduling')}>
            {t('delivery.submit')}
          </StepSubmit>
        </form>
      )}
      <CancelCheckoutRow />

      {snapshot.matches('unavailable') && !dismissed && (
        <ErrorModal
          message={t('delivery.error.missingOptions')}
          onReturn={() => actor.send({ type: 'delivery.cancel' })}
          otherLabel={t('delivery.changeZip')}
          onOther={() => setDismissed(true)}
        />
      )}
      {snapshot.matches('failed') && (
        <ErrorModal
          message={t(ctx.error ?? 'delivery.error.generic')}
          onReturn={() => actor.send({ type: 'delivery.cancel' })}
          otherLabel={t('checkout.retry')}
          onOther={() => actor.send({ type: 'delivery.retry' })}
        />
      )}
    </section>
  );
}

// The services that ask where: the selection's setting, the option's list to choose from and the select's label.
const PLACE_CHOICES = [
  { type: 'store_pickup', setting: 'pickup_store', list: 'stores', label: 'delivery.pickupStore' },
  { type: 'ship_to_store', setting: 'ship_to_store', list: 'stores', label: 'delivery.shipToStore' },
  { type: 'shipment', setting: 'shipment', list: 'shipments', label: 'delivery.shipmentType' },
] as const;

type DeliveryActor = ReturnType<typeof useActorRef<typeof deliveryMachine>>;

function ItemServices({ item, actor }: { item: DeliveryItem; actor: DeliveryActor }) {
  const { t } = useCheckoutT();
  const options = useSelector(actor, (s) => s.context.options[item.sku] ?? []);
  const selection = useSelector(actor, (s) => s.context.selections[item.sku] ?? EMPTY_SELECTION);
  const base = useId();
  const offered = SERVICE_TYPES.filter((type) => options.some((o) => o.type === type));
  const option = (type: ServiceType) => options.find((o) => o.type === type);
  const configure = (settings: Record<string, string | null>) =>
    actor.send({ type: 'service.configure', sku: item.sku, ...settings });
  const parts = partsOf(item, selection);
  const delivery = option('delivery');

  return (
    <fieldset className="delivery-item">
      <legend>
        {item.description} <span className="muted">({t('delivery.sku', { sku: item.sku })})</span>
      </legend>
      <p className="muted">{t('delivery.quantity', { quantity: item.quantity })}</p>
      <div
        className="delivery-services"
        role="group"
        aria-label={t('delivery.services', { description: item.description })}
      >
        {offered.map((type) => {
          const checked = selection.types.includes(type);
          const allowed = checked || canSelect(selection, type, options);
          const id = `${base}-${type}`;
          return (
            <div key={type} className="check">
              <input
                id={id}
                type="checkbox"
                checked={checked}
                disabled={!allowed}
                aria-describedby={type === 'haul_away' ? `${id}-hint` : undefined}
                onChange={() => actor.send({ type: 'service.toggle', sku: item.sku, service: type })}
              />
              <label htmlFor={id}>
                {t(`delivery.type.${type}`)} ({priceText(option(type)?.price)})
              </label>
              {type === 'haul_away' && (
                <p id={`${id}-hint`} className="field__hint">
                  {t('delivery.error.haulAwayOnly')}
                </p>
              )}
            </div>
          );
        })}
      </div>

      {selection.types.includes('delivery') && delivery && (
        <div className="delivery-config">
          <Select
            label={t('delivery.date')}
            value={selection.date}
            choices={(delivery.dates ?? []).map((d) => ({ value: d, label: formatDate(d) }))}
            onChange={(v) => configure({ date: v })}
          />
          <Select
            label={t('delivery.window')}
            value={selection.window}
            choices={delivery.windows ?? []}
            onChange={(v) => configure({ window: v })}
          />
        </div>
      )}
      {PLACE_CHOICES.filter((place) => selection.types.includes(place.type)).map((place) => (
        <Select
          key={place.type}
          label={t(place.label)}
          value={selection[place.setting]}
          choices={option(place.type)?.[place.list] ?? []}
          onChange={(v) => configure({ [place.setting]: v })}
        />
      ))}

      {parts.length > 0 && (
        <div
          className="delivery-parts"
          role="group"
          aria-label={t('delivery.parts', { description: item.description })}
        >
          {parts.map((p) => {
            const id = `${base}-part-${p.sku}`;
            return (
              <div key={p.sku} className="check">
                <input
                  id={id}
                  type="checkbox"
                  checked={p.included}
                  disabled={p.fixed}
                  aria-describedby={`${id}-hint`}
                  onChange={() => actor.send({ type: 'part.toggle', sku: item.sku, part: p.sku })}
                />
                <label htmlFor={id}>
                  {p.description} ({formatCents(p.unit_price)})
                </label>
                <p id={`${id}-hint`} className="field__hint">
                  {t(p.fixed ? 'delivery.part.fixed' : 'delivery.part.optional')}
                </p>
              </div>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

function Select({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string | null;
  choices: { value: string; label: string }[];
  onChange: (v: string | null) => void;
}) {
  const { t } = useCheckoutT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <PlaceholderOptions placeholder={t('delivery.choose')} choices={choices} />
      </select>
    </div>
  );
}

function AddressFields({ actor }: { actor: DeliveryActor }) {
  const { t } = useCheckoutT();
  const address = useSelector(actor, (s) => s.context.address);
  const base = useId();
  const field = (name: 'line_1' | 'line_2' | 'city' | 'state', label: string, auto: string, max: number) => (
    <div className="field">
      <label htmlFor={`${base}-${name}`}>{label}</label>
      <input
        id={`${base}-${name}`}
        className="input"
        autoComplete={auto}
        maxLength={max}
        value={address[name] ?? ''}
        onChange={(e) =>
          actor.send({
            type: 'delivery.address',
            address: { [name]: name === 'state' ? e.target.value.toUpperCase() : e.target.value },
          })
        }
      />
    </div>
  );
  return (
    <fieldset className="delivery-address">
      <legend>{t('delivery.address')}</legend>
      {field('line_1', t('delivery.address.line1'), 'address-line1', 255)}
      {field('line_2', t('delivery.address.line2'), 'address-line2', 255)}
      {field('city', t('delivery.address.city'), 'address-level2', 100)}
      {field('state', t('delivery.address.state'), 'address-level1', 2)}
    </fieldset>
  );
}
