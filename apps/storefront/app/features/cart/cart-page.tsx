import { useMemo } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { statesOf, type CountryOption } from '../../components/forms/countries.ts';
import { TextAreaField } from '../../components/forms/form-field.tsx';
import { CartLines } from './cart-lines.tsx';
import { cartStockOf, useCartProducts } from './cart-stock.ts';
import { useCartStore } from './cart-store.ts';
import { selectCartSubtotalCents } from './cart-derived.ts';
import { CartTotals } from './cart-totals.tsx';
import { DiscountCodeForm } from './discount-code-form.tsx';
import { discountCents, useCartDiscounts } from './discount-codes.ts';
import { chosenRate, pendingShippingLabel, shippingEstimateCents } from './shipping-estimate.ts';
import { ShippingEstimator } from './shipping-estimator.tsx';
import { ShippingRateOptions } from './shipping-rate-options.tsx';
import { useShippingRates } from './use-shipping-rates.ts';
import { useWholesaleCart } from './wholesale-cart.ts';
import { WholesaleLineRules, WholesaleMinimum } from './wholesale-cart-notes.tsx';
import './cart-page.css';
import { ButtonLink } from '../../components/ui/button.tsx';

/** Spec §3: the gift note travels with the order as its customer note. */
export const GIFT_NOTE_MAX = 1000;

export function CartEmpty({ message }: { message: string }) {
  return (
    <div className="cart-empty" data-testid="cart-empty">
      <h2 className="cart-empty__title">Your cart is empty</h2>
      <p>{message}</p>
      <ButtonLink to="/shop" size="lg">
        Shop granola
      </ButtonLink>
    </div>
  );
}

export function CartLoading({ label }: { label: string }) {
  return (
    <p className="cart-loading muted" role="status" aria-live="polite">
      {label}
    </p>
  );
}

/** The gift note, saved with the cart as it is typed. */
export function GiftNoteField({ id }: { id: string }) {
  const giftNote = useCartStore((state) => state.giftNote);
  const setGiftNote = useCartStore((state) => state.setGiftNote);
  return (
    <TextAreaField
      id={id}
      label="Gift note"
      required={false}
      hint="Sending it as a gift? We will write your note on a card in the box."
      maxLength={GIFT_NOTE_MAX}
      value={giftNote}
      onChange={(event) => setGiftNote(event.currentTarget.value)}
    />
  );
}

interface CartViewProps {
  countries: CountryOption[];
  emptyMessage: string;
}

/**
 * Spec §2 cart page. The cart lives in this browser's storage, so everything here renders after
 * hydration; the route renders the heading and intro on the server.
 */
export function CartView(props: CartViewProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <CartLoading label="Loading your cart…" />;
  return <HydratedCart {...props} />;
}

function HydratedCart({ countries, emptyMessage }: CartViewProps) {
  const items = useCartStore((state) => state.items);
  const shipping = useCartStore((state) => state.shipping);
  const selectedRateId = useCartStore((state) => state.selectedRateId);
  const selectRate = useCartStore((state) => state.selectRate);
  const subtotalCents = useCartStore(selectCartSubtotalCents);
  const destination = useMemo(
    () => ({
      address_1: shipping.address_1,
      city: shipping.city,
      country: shipping.country,
      state: shipping.state,
      postcode: shipping.postcode,
    }),
    [shipping.address_1, shipping.city, shipping.country, shipping.state, shipping.postcode],
  );
  const discounts = useCartDiscounts(items);
  const rates = useShippingRates(
    destination,
    items,
    undefined,
    statesOf(countries, shipping.country).length > 0,
    { codes: discounts.codes },
  );
  const products = useCartProducts(items);
  const stock = useMemo(() => cartStockOf(items, products), [items, products]);
  const wholesale = useWholesaleCart(items, products);

  if (items.length === 0) return <CartEmpty message={emptyMessage} />;

  const rate = chosenRate(rates.rates, selectedRateId);
  return (
    <div className="cart-layout">
      <section className="cart-layout__lines" aria-labelledby="cart-lines-heading">
        <h2 id="cart-lines-heading" className="cart-section-title">
          Your bags
        </h2>
        <WholesaleLineRules lines={wholesale.lines} />
        <CartLines items={items} stock={stock} />
        <Link to="/shop" className="text-link cart-layout__continue">
          Continue shopping
        </Link>
      </section>
      <section className="cart-summary" aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading" className="cart-section-title">
          Order summary
        </h2>
        {wholesale.terms ? (
          <WholesaleMinimum terms={wholesale.terms} subtotalCents={subtotalCents} />
        ) : null}
        <ShippingEstimator countries={countries} />
        <ShippingRateOptions
          state={rates}
          chosen={rate}
          onChoose={selectRate}
          onRetry={rates.retry}
          idleHint="Enter your street address, city, state and ZIP code to see shipping options."
        />
        <DiscountCodeForm
          idPrefix="cart"
          codes={discounts.codes}
          state={discounts.state}
          apply={discounts.apply}
        />
        <CartTotals
          subtotalCents={subtotalCents}
          rate={rate}
          estimateCents={shippingEstimateCents(rates.rates, selectedRateId)}
          pendingShipping={pendingShippingLabel(rates.rates)}
          discount={{
            cents: discountCents(discounts.state),
            freeShipping: discounts.state.discounts?.free_shipping ?? false,
          }}
        />
        <GiftNoteField id="cart-gift-note" />
        <ButtonLink to="/checkout" size="lg" className="cart-summary__checkout">
          Proceed to checkout
        </ButtonLink>
      </section>
    </div>
  );
}
