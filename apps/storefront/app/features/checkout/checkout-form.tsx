import type { Order, PaymentGateway } from '@larder/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { useCustomer } from '../account/use-customer.ts';
import type { CountryOption } from '../cart/address-fields.tsx';
import { GiftNoteField } from '../cart/cart-page.tsx';
import {
  useCartStore,
  type BillingInfo,
  type CartData,
  type ShippingInfo,
} from '../cart/cart-store.ts';
import { cartLinesKey, selectCartSubtotalCents } from '../cart/cart-derived.ts';
import { chosenRate, shippingEstimateCents } from '../cart/shipping-estimate.ts';
import { ShippingRateOptions } from '../cart/shipping-rate-options.tsx';
import { useShippingRates } from '../cart/use-shipping-rates.ts';
import { CheckoutAddressFields } from './checkout-address-fields.tsx';
import {
  buildOrder,
  checkoutResolver,
  placeOrderFailure,
  type CheckoutDetails,
  type CheckoutFormValues,
  type PlaceOrderFailure,
} from './checkout-order.ts';
import { OrderSummary } from './order-summary.tsx';
import { PaymentMethods } from './payment-methods.tsx';

const ADDRESS_FIELDS = ['address_1', 'city', 'state', 'postcode', 'country'] as const;

/**
 * Spec §3 "prefill from the cart's billing info". A billing address not yet typed starts from the
 * cart page's estimate, which is where the shopper said the bags are going.
 */
export function initialCheckoutValues(
  cart: Pick<CartData, 'billing' | 'shipping' | 'shipToDifferentAddress'>,
  gateways: PaymentGateway[],
): CheckoutFormValues {
  const billing = { ...cart.billing };
  const typed = ADDRESS_FIELDS.some((field) => billing[field].trim() !== '');
  if (!typed && !cart.shipToDifferentAddress)
    for (const field of ADDRESS_FIELDS) billing[field] = cart.shipping[field];
  return {
    billing,
    shipToDifferentAddress: cart.shipToDifferentAddress,
    shipping: { ...cart.shipping },
    payment_method: gateways[0]?.id ?? '',
  };
}

/** Keeps only the strings react-hook-form's partial values carry. */
function strings<T extends Record<string, string>>(value: Partial<T> | undefined): Partial<T> {
  const entries = Object.entries(value ?? {}).filter(([, entry]) => typeof entry === 'string');
  return Object.fromEntries(entries) as Partial<T>;
}

interface CheckoutFormProps {
  countries: CountryOption[];
  gateways: PaymentGateway[];
  onOrderPlaced: (order: Order) => void;
}

/** Spec §2 /checkout: billing, optional shipping address, rate, gift note, payment method, Place order. */
export function CheckoutForm({ countries, gateways, onOrderPlaced }: CheckoutFormProps) {
  const customer = useCustomer();
  const items = useCartStore((state) => state.items);
  const subtotalCents = useCartStore(selectCartSubtotalCents);
  const selectedRateId = useCartStore((state) => state.selectedRateId);
  const selectRate = useCartStore((state) => state.selectRate);
  const [defaultValues] = useState(() => initialCheckoutValues(useCartStore.getState(), gateways));
  const [resolver] = useState(() => checkoutResolver(countries));
  const form = useForm<CheckoutFormValues, unknown, CheckoutDetails>({
    defaultValues,
    resolver,
    mode: 'onTouched',
  });
  const {
    control,
    register,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const [failure, setFailure] = useState<PlaceOrderFailure | null>(null);
  const [rateError, setRateError] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const focusBannerWhenShown = useRef(false);
  const ratesRef = useRef<HTMLDivElement>(null);

  // Nothing typed is lost: every change goes to the cart store, which lives in local storage.
  useEffect(() => {
    const { setBilling, setShipping, setShipToDifferentAddress } = useCartStore.getState();
    const subscription = form.watch((values) => {
      setBilling(strings<BillingInfo>(values.billing as Partial<BillingInfo>));
      setShipping(strings<ShippingInfo>(values.shipping as Partial<ShippingInfo>));
      setShipToDifferentAddress(values.shipToDifferentAddress === true);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const shipToDifferentAddress = useWatch({ control, name: 'shipToDifferentAddress' });
  const billing = useWatch({ control, name: 'billing' });
  const shipping = useWatch({ control, name: 'shipping' });
  const to = shipToDifferentAddress ? shipping : billing;
  const destination = useMemo(
    () => ({
      address_1: to.address_1,
      city: to.city,
      country: to.country,
      state: to.state,
      postcode: to.postcode,
    }),
    [to.address_1, to.city, to.country, to.state, to.postcode],
  );
  const rates = useShippingRates(destination, items);
  const rate = chosenRate(rates.rates, selectedRateId);

  // A message about the rates belongs to the rates it was about.
  useEffect(() => {
    setRateError(null);
  }, [rates.status, rate?.rate_id]);

  const showFailure = (next: PlaceOrderFailure) => {
    focusBannerWhenShown.current = true;
    setFailure(next);
  };

  // Announced by role="alert"; focus brings keyboard and screen-reader users to it, once the
  // banner is committed (a failure replaces an earlier banner, which unmounts in between).
  useEffect(() => {
    if (!failure || !focusBannerWhenShown.current) return;
    focusBannerWhenShown.current = false;
    bannerRef.current?.focus();
  }, [failure]);

  const onValid = async (details: CheckoutDetails) => {
    setFailure(null);
    setRateError(null);
    // Typed the last field and pressed Place order at once: wait for that address's rates.
    const settled = await rates.settled();
    if (settled.status === 'error' && settled.error) {
      showFailure({
        message: settled.error.message,
        outOfStock: settled.error.status === 409,
        fields: [],
      });
      return;
    }
    const rate = chosenRate(settled.rates, useCartStore.getState().selectedRateId);
    if (!rate) {
      setRateError('Choose a shipping method. If none is offered, check the address.');
      ratesRef.current?.scrollIntoView({ block: 'center' });
      return;
    }
    try {
      const order = await createShopApi(browserApiFetch).createOrder(
        buildOrder({
          details,
          items,
          rate,
          giftNote: useCartStore.getState().giftNote,
          gateways,
          customerId: customer?.id ?? 0,
        }),
      );
      useCartStore.getState().setPendingOrder({
        id: order.id,
        order_key: order.order_key,
        linesKey: cartLinesKey(items),
      });
      onOrderPlaced(order);
    } catch (error) {
      const next = placeOrderFailure(error);
      for (const field of next.fields)
        setError(field.path, { type: 'server', message: field.message });
      showFailure(next);
    }
  };

  const onInvalid = () =>
    setFailure({ message: 'Please check the highlighted fields.', outOfStock: false, fields: [] });

  return (
    <form
      className="checkout-layout"
      noValidate
      aria-busy={isSubmitting || undefined}
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      data-testid="checkout-form"
    >
      <div className="checkout-main">
        {failure ? (
          <div
            ref={bannerRef}
            className="form-banner form-banner--error checkout-banner"
            role="alert"
            tabIndex={-1}
            data-testid="checkout-error"
          >
            <p>{failure.message}</p>
            {failure.outOfStock ? (
              <p>
                <Link to="/cart" className="checkout-banner__link">
                  Update your cart
                </Link>{' '}
                to change the quantity or remove the item, then place your order.
              </p>
            ) : null}
          </div>
        ) : null}

        <fieldset className="checkout-section">
          <legend className="checkout-section__title">Billing details</legend>
          <CheckoutAddressFields
            prefix="billing"
            countries={countries}
            country={billing.country}
            currentState={billing.state}
            register={register}
            setValue={setValue}
            errors={errors}
          />
        </fieldset>

        <div className="checkout-toggle">
          <input
            type="checkbox"
            id="ship-to-different-address"
            className="checkout-toggle__input"
            {...register('shipToDifferentAddress')}
          />
          <label htmlFor="ship-to-different-address" className="checkout-toggle__label">
            Ship to a different address
          </label>
        </div>

        {shipToDifferentAddress ? (
          <fieldset className="checkout-section">
            <legend className="checkout-section__title">Shipping address</legend>
            <CheckoutAddressFields
              prefix="shipping"
              countries={countries}
              country={shipping.country}
              currentState={shipping.state}
              register={register}
              setValue={setValue}
              errors={errors}
            />
          </fieldset>
        ) : null}

        <div ref={ratesRef} className="checkout-section">
          <ShippingRateOptions
            state={rates}
            chosen={rate}
            onChoose={selectRate}
            onRetry={rates.retry}
            idleHint={`Enter the ${shipToDifferentAddress ? 'shipping' : 'billing'} street address, city, state and postcode to see shipping options.`}
            error={rateError ?? undefined}
            errorAction={
              rates.error?.status === 409 ? (
                <p>
                  <Link to="/cart">Update your cart</Link> to change the quantity.
                </p>
              ) : null
            }
          />
        </div>

        <div className="checkout-section">
          <GiftNoteField id="checkout-gift-note" />
        </div>

        <PaymentMethods
          gateways={gateways}
          registration={register('payment_method')}
          error={errors.payment_method?.message}
        />
      </div>

      <aside className="checkout-summary" aria-labelledby="checkout-summary-heading">
        <h2 id="checkout-summary-heading" className="cart-section-title">
          Your order
        </h2>
        <OrderSummary
          items={items}
          subtotalCents={subtotalCents}
          rate={rate}
          estimateCents={shippingEstimateCents(rates.rates, selectedRateId)}
        />
        <button
          type="submit"
          className="button button--primary button--lg checkout-summary__submit"
          disabled={isSubmitting || gateways.length === 0}
        >
          {isSubmitting ? 'Placing order…' : 'Place order'}
        </button>
        <p className="checkout-summary__note muted">
          Placing the order holds your bags for you; you pay in the next step.
        </p>
      </aside>
    </form>
  );
}
