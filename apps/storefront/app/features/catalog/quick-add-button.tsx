import { Button } from '../../components/ui/button.tsx';
import { makeCartItem, useCartStore } from '../cart/cart-store.ts';
import type { QuickAdd } from './product-summary.ts';

/** A card's "Add to cart" for a product with one size: adds one and shows the toast (decision 0047). */
export function QuickAddButton({ quickAdd, name }: { quickAdd: QuickAdd; name: string }) {
  const addToCart = useCartStore((state) => state.add);
  function handleAdd() {
    const { product, variation, price } = quickAdd;
    const item = makeCartItem(product, 1, variation ? { variation } : { price });
    addToCart(item);
    void import('../cart/added-to-cart.ts').then(({ notifyAddedToCart }) =>
      notifyAddedToCart(item),
    );
  }
  return (
    <Button variant="secondary" className="product-card__action" onClick={handleAdd}>
      Add<span className="visually-hidden"> {name}</span> to cart
    </Button>
  );
}
