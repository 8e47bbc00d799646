import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { makeCartItem, useCartStore } from '../cart/cart-store.ts';
import { Prose } from '../content/prose.tsx';
import { ProductGallery } from './product-gallery.tsx';
import type { ProductDetailData } from './product-detail.ts';
import { ProductPrice } from './product-price.tsx';
import { DIETARY_TAG_LABELS, isAvailable } from './product-summary.ts';
import { StarRating } from '../../components/ui/star-rating.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { findVariation, maxQuantity, type Selection } from './variation-selection.ts';
import { VariationPicker } from './variation-picker.tsx';

// Only a sold-out item's page needs the form: out of the first load of every other product page.
const BackInStockForm = lazy(() => import('./back-in-stock-form.tsx'));

// Loaded when first opened: the dialog and the panel stay out of the product page's first load.
const NutritionFactsDialog = lazy(() => import('./nutrition-facts.tsx'));

const WholesaleQuantity = lazy(() => import('./wholesale-quantity.tsx'));

/** The chosen item's price, stock limit and whether it can be bought. */
function chosenItem(product: ProductDetailData, selection: Selection) {
  if (product.type !== 'variable') {
    const { simple } = product;
    return {
      variation: undefined,
      price: simple.price,
      regularPrice: simple.regularPrice,
      wholesalePrice: simple.wholesalePrice,
      wholesale: simple.wholesale,
      max:
        simple.stockQuantity !== null && simple.stockQuantity > 0
          ? simple.stockQuantity
          : undefined,
      buyable: simple.inStock,
      soldOut: !simple.inStock,
    };
  }
  const variation = findVariation(product.attributes, product.variations, selection);
  return {
    variation,
    price: variation?.display_price ?? product.price.min,
    regularPrice: variation?.display_regular_price,
    wholesalePrice: variation?.wholesale_price,
    wholesale: variation?.wholesale,
    max: maxQuantity(variation),
    buyable: variation !== undefined && isAvailable(variation),
    soldOut: variation !== undefined && !variation.is_in_stock,
  };
}

/** At or under this many, the page says how few are left. */
const LOW_STOCK = 10;

/** What the stepper says about stock: the cart's own units count against it. */
function stockWords(
  stock: number | undefined,
  inCart: number,
): { left?: number; hint?: string; limit?: string } {
  if (stock === undefined) return {};
  const left = Math.max(0, stock - inCart);
  return {
    left,
    hint: left > 0 && stock <= LOW_STOCK ? `Only ${stock} left` : undefined,
    limit: `We have ${stock} in stock${inCart > 0 ? `; your cart holds ${inCart}` : ''}.`,
  };
}

/** Spec §2 product page: gallery, price of the chosen variation, selectors, quantity, Add to cart and the food data. */
export function ProductDetail({ product }: { product: ProductDetailData }) {
  const [nutritionOpen, setNutritionOpen] = useState(false);
  // Stays mounted once opened, so closing plays out and focus goes back to the button.
  const [nutritionWanted, setNutritionWanted] = useState(false);
  const [selection, setSelection] = useState<Selection>(product.initialSelection);
  const [quantity, setQuantity] = useState(1);
  const addToCart = useCartStore((state) => state.add);
  const { food } = product;
  const chosen = chosenItem(product, selection);
  const lineId = chosen.variation?.variation_id ?? product.id;
  const inCart = useCartStore(
    (state) => state.items.find((item) => item.id === lineId)?.quantity ?? 0,
  );
  const stock = stockWords(chosen.max, inCart);
  const allInCart = stock.left === 0;
  const clampedQuantity =
    stock.left !== undefined ? Math.max(1, Math.min(quantity, stock.left)) : quantity;

  function handleAdd() {
    if (!chosen.buyable || allInCart) return;
    const item = makeCartItem(
      product.cartProduct,
      chosen.wholesale ? quantity : clampedQuantity,
      chosen.variation
        ? { variation: chosen.variation }
        : { price: chosen.wholesalePrice ?? chosen.price },
    );
    addToCart(item);
    void import('../cart/added-to-cart.ts').then(({ notifyAddedToCart }) =>
      notifyAddedToCart(item),
    );
  }

  return (
    <>
      <section className="section" aria-label="Product details">
        <div className="container product" data-testid="product-page">
          <ProductGallery
            key={lineId}
            images={product.images}
            sizeImage={chosen.variation?.image}
          />
          <div className="product__info">
            {product.category ? <p className="eyebrow">{product.category}</p> : null}
            <p className="product__name" aria-hidden="true">
              {product.name}
            </p>
            {product.rating ? (
              <StarRating average={product.rating.average} count={product.rating.count} />
            ) : null}
            <p className="product__price" data-testid="product-price" aria-live="polite">
              <ProductPrice
                price={chosen.price}
                regularPrice={chosen.regularPrice}
                wholesalePrice={chosen.wholesalePrice}
              />
            </p>
            {food.dietary_tags.length > 0 ? (
              <ul className="tag-list" aria-label="Dietary">
                {food.dietary_tags.map((tag) => (
                  <li key={tag} className="tag tag--strong">
                    {DIETARY_TAG_LABELS[tag]}
                  </li>
                ))}
              </ul>
            ) : null}
            <Prose html={product.shortDescription} className="prose--lead" />
            <div className="buy-box" data-testid="buy-box">
              {product.type === 'variable' && product.attributes.length > 0 ? (
                <VariationPicker
                  attributes={product.attributes}
                  variations={product.variations}
                  selection={selection}
                  onChange={setSelection}
                />
              ) : null}
              <div className="buy-box__row">
                {chosen.wholesale ? (
                  <Suspense fallback={null}>
                    <WholesaleQuantity
                      rules={chosen.wholesale}
                      price={chosen.wholesalePrice!}
                      value={quantity}
                      onChange={setQuantity}
                      Stepper={QuantityStepper}
                    />
                  </Suspense>
                ) : (
                  <QuantityStepper
                    value={clampedQuantity}
                    onChange={setQuantity}
                    max={stock.left}
                    disabled={!chosen.buyable || allInCart}
                    hint={stock.hint}
                    limitMessage={stock.limit}
                  />
                )}
                <Button
                  size="lg"
                  className="buy-box__add"
                  onClick={handleAdd}
                  disabled={!chosen.buyable || allInCart}
                  data-testid="add-to-cart"
                >
                  {!chosen.buyable ? 'Sold out' : allInCart ? 'All in your cart' : 'Add to cart'}
                </Button>
              </div>
              {chosen.soldOut ? (
                <BackInStockForm key={lineId} variationId={chosen.variation?.variation_id} />
              ) : null}
            </div>
            <div className="cluster">
              <Button
                variant="secondary"
                onClick={() => {
                  setNutritionWanted(true);
                  setNutritionOpen(true);
                }}
                data-testid="nutrition-facts-button"
              >
                Nutrition facts
              </Button>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="about-product">
        <div className="container product-details">
          <div>
            <h2 id="about-product" className="section__title">
              About this granola
            </h2>
            <Prose html={product.description} />
          </div>
          <aside className="ingredients-card" aria-labelledby="ingredients-heading">
            <h2 id="ingredients-heading" className="product__label">
              Ingredients
            </h2>
            <p>{food.ingredients}</p>
            <p>
              <strong>Contains:</strong>{' '}
              {food.allergens.length > 0 ? food.allergens.join(', ') : 'no major allergens'}
            </p>
            {food.may_contain.length > 0 ? (
              <p className="muted">May contain traces of {food.may_contain.join(', ')}.</p>
            ) : null}
          </aside>
        </div>
      </section>

      {nutritionWanted ? (
        <Suspense fallback={null}>
          <NutritionFactsDialog
            open={nutritionOpen}
            onClose={() => setNutritionOpen(false)}
            productName={product.name}
            facts={food.nutrition}
          />
        </Suspense>
      ) : null}
    </>
  );
}
