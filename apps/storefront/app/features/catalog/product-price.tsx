import { formatMoney } from '@larder/contract/money';

interface ProductPriceProps {
  price: number;
  regularPrice?: number;
  wholesalePrice?: number;
}

/**
 * The price to pay for the chosen item. Spec §6: where the API returns a wholesale price, that is the
 * price to pay and the retail price is struck through; otherwise a sale shows the regular price struck.
 */
export function ProductPrice({ price, regularPrice, wholesalePrice }: ProductPriceProps) {
  if (wholesalePrice !== undefined) {
    return (
      <span className="price price--wholesale">
        <span className="price__now" data-testid="price-to-pay">
          <span className="visually-hidden">Wholesale price </span>
          {formatMoney(wholesalePrice)}
        </span>{' '}
        <del className="price__was">
          <span className="visually-hidden">Retail price </span>
          {formatMoney(price)}
        </del>{' '}
        <span className="price__badge" aria-hidden="true">
          Wholesale
        </span>
      </span>
    );
  }
  if (regularPrice !== undefined && regularPrice > price) {
    return (
      <span className="price price--sale">
        <span className="price__now" data-testid="price-to-pay">
          <span className="visually-hidden">Sale price </span>
          {formatMoney(price)}
        </span>{' '}
        <del className="price__was">
          <span className="visually-hidden">Regular price </span>
          {formatMoney(regularPrice)}
        </del>
      </span>
    );
  }
  return (
    <span className="price">
      <span className="price__now" data-testid="price-to-pay">
        {formatMoney(price)}
      </span>
    </span>
  );
}
