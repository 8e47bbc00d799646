import {
  invoiceMethodTitle,
  invoiceRefusal,
  PURCHASE_ORDER_NUMBER_MAX,
  type Customer,
  type Order,
  type PaymentGateway,
} from '@larder/contract';
import { formatCents } from '@larder/contract/money';
import { TextField } from '../../components/forms/form-field.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  PERSON_FIELDS,
  POSTAL_FIELDS,
  SHIPPING_ADDRESS_FIELDS,
} from '../../components/forms/address-field-names.ts';
import { AddressFields } from '../../components/forms/address-fields.tsx';
import { statesOf, type CountryOption } from '../../components/forms/countries.ts';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { useSaveWhileTyping, useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { useCustomer } from '../account/use-customer.ts';
import { GiftNoteField } from '../cart/cart-page.tsx';
import {
  useCartStore,
  type BillingInfo,
  type CartData,
  type ShippingInfo,
} from '../cart/cart-store.ts';
import { cartLinesKey, selectCartSubtotalCents } from '../cart/cart-derived.ts';
import {
  chosenRate,
  pendingShippingLabel,
  shippingEstimateCents,
} from '../cart/shipping-estimate.ts';
import { ShippingRateOptions } from '../cart/shipping-rate-options.tsx';
import { useShippingRates } from '../cart/use-shipping-rates.ts';
import {
  buildOrder,
  checkoutResolver,
  placeOrderFailure,
  type CheckoutDetails,
  type CheckoutFormValues,
  type PlaceOrderFailure,
} from './checkout-order.ts';
import { OrderSummary } from './order-summary.tsx';
import { DiscountCodeForm } from '../cart/discount-code-form.tsx';
import { discountCents, useCartDiscounts } from '../cart/discount-codes.ts';
import { cartStockOf, useCartProducts } from '../cart/cart-stock.ts';
import { wholesaleRefusals } from '../cart/wholesale-cart.ts';
import { PaymentMethods, type InvoiceOption } from './payment-methods.tsx';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

const ADDRESS_FIELDS = ['address_1', 'city', 'state', 'postcode', 'country'] as const;

const BILLING_ADDRESS = [...PERSON_FIELDS, 'email', 'phone', ...POSTAL_FIELDS] as const;
const ADDRESS_HINTS = {
  email: 'For your receipt and delivery updates.',
  phone: 'In case the courier needs you.',
};

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
    purchase_order_number: '',
  };
}

/**
 * Pay by invoice for a signed-in wholesale buyer with terms (issue 15), off with the reason when
 * this order would pass the credit limit or an invoice is past due. The server checks again.
 */
export function invoiceOption(customer: Customer | null, totalCents: number): InvoiceOption | null {
  const account = customer?.role === 'wholesale_customer' ? customer.wholesale : null;
  if (!account?.terms || account.credit_limit === null) return null;
  const refusal = invoiceRefusal(account, totalCents, formatCents);
  return {
    title: invoiceMethodTitle(account.terms),
    refusal: refusal?.message.replace(/ Please pay by card\.$/, ' Pay by card instead.') ?? null,
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
  const form = useSchemaForm<CheckoutFormValues, CheckoutDetails>({ defaultValues, resolver });
  const { control, register, formState } = form;
  const [rateError, setRateError] = useState<string | null>(null);
  const ratesRef = useRef<HTMLDivElement>(null);

  // Nothing typed is lost: every change goes to the cart store, which lives in local storage.
  useSaveWhileTyping(form.watch, (values) => {
    const { setBilling, setShipping, setShipToDifferentAddress } = useCartStore.getState();
    setBilling(strings<BillingInfo>(values.billing as Partial<BillingInfo>));
    setShipping(strings<ShippingInfo>(values.shipping as Partial<ShippingInfo>));
    setShipToDifferentAddress(values.shipToDifferentAddress === true);
  });

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
  const discounts = useCartDiscounts(items, billing.email);
  const rates = useShippingRates(
    destination,
    items,
    undefined,
    statesOf(countries, to.country).length > 0,
    { codes: discounts.codes, billingEmail: billing.email },
  );
  const rate = chosenRate(rates.rates, selectedRateId);
  const cartProducts = useCartProducts(items);
  const stock = useMemo(() => cartStockOf(items, cartProducts), [cartProducts, items]);
  // The cart's own rule check, so a refused line is marked where the buyer reads the order.
  const ruleRefusals = useMemo(
    () => wholesaleRefusals(items, cartProducts?.products ?? []),
    [cartProducts, items],
  );
  const paymentMethod = useWatch({ control, name: 'payment_method' });
  // Before tax, which the server adds: the limit check here is the early word, the server's final.
  const estimatedTotalCents =
    subtotalCents -
    discountCents(discounts.state) +
    shippingEstimateCents(rates.rates, selectedRateId);
  const invoice = invoiceOption(customer, estimatedTotalCents);

  // A message about the rates belongs to the rates it was about.
  useEffect(() => {
    setRateError(null);
  }, [rates.status, rate?.rate_id]);

  const showFailure = ({ message, outOfStock, belowMinimum }: PlaceOrderFailure) =>
    form.showBanner(
      'error',
      <>
        <p>{message}</p>
        {outOfStock ? (
          <p>
            <Link to="/cart" className="checkout-banner__link">
              Update your cart
            </Link>{' '}
            to change the quantity or remove the item, then place your order.
          </p>
        ) : null}
        {belowMinimum ? (
          <p>
            Add more in{' '}
            <Link to="/cart" className="checkout-banner__link">
              your cart
            </Link>{' '}
            or on the{' '}
            <Link to="/wholesale/quick-order" className="checkout-banner__link">
              quick order
            </Link>{' '}
            table, then place your order.
          </p>
        ) : null}
      </>,
    );

  const onValid = async (details: CheckoutDetails) => {
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
          couponCodes: discounts.codes,
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
      form.setServerErrors(next.fields);
      showFailure(next);
    }
  };

  const address = { form, countries, hints: ADDRESS_HINTS };
  return (
    <form
      className="checkout-layout"
      noValidate
      aria-busy={form.isSubmitting || undefined}
      onSubmit={form.onSubmit(onValid)}
      data-testid="checkout-form"
    >
      <div className="checkout-main">
        <FormBanner
          ref={form.bannerRef}
          banner={form.banner}
          className="checkout-banner"
          testId="checkout-error"
        />

        <fieldset className="checkout-section">
          <legend className="checkout-section__title">Billing details</legend>
          <AddressFields
            {...address}
            prefix="billing"
            idPrefix="billing"
            section="billing"
            fields={BILLING_ADDRESS}
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
            <AddressFields
              {...address}
              prefix="shipping"
              idPrefix="shipping"
              section="shipping"
              fields={SHIPPING_ADDRESS_FIELDS}
            />
          </fieldset>
        ) : null}

        <div ref={ratesRef} className="checkout-section">
          <ShippingRateOptions
            state={rates}
            chosen={rate}
            onChoose={selectRate}
            onRetry={rates.retry}
            idleHint={`Enter the ${shipToDifferentAddress ? 'shipping' : 'billing'} street address, city, state and ZIP code to see shipping options.`}
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
          error={formState.errors.payment_method?.message}
          invoice={invoice}
          invoiceDetails={
            paymentMethod === 'invoice' && invoice && !invoice.refusal ? (
              <div className="payment-methods__po">
                <TextField
                  id="checkout-po-number"
                  label="Purchase order number (optional)"
                  hint="Printed on your invoice."
                  maxLength={PURCHASE_ORDER_NUMBER_MAX}
                  autoComplete="off"
                  error={formState.errors.purchase_order_number?.message}
                  {...register('purchase_order_number')}
                />
              </div>
            ) : null
          }
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
          pendingShipping={pendingShippingLabel(rates.rates)}
          discount={{
            cents: discountCents(discounts.state),
            freeShipping: discounts.state.discounts?.free_shipping ?? false,
          }}
          stock={stock}
          ruleRefusals={ruleRefusals}
        >
          <DiscountCodeForm
            idPrefix="checkout"
            codes={discounts.codes}
            state={discounts.state}
            apply={discounts.apply}
          />
        </OrderSummary>
        <SubmitButton
          size="lg"
          className="checkout-summary__submit"
          pending={form.isSubmitting}
          pendingLabel="Placing order…"
          disabled={gateways.length === 0}
        >
          Place order
        </SubmitButton>
        <p className="checkout-summary__note muted">
          {paymentMethod === 'invoice'
            ? 'Your order goes on your account; the invoice comes with the confirmation email.'
            : 'Placing the order holds your bags for you; you pay in the next step.'}
        </p>
      </aside>
    </form>
  );
}
