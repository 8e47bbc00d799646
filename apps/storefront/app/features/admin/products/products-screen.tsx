import type { Product, ProductCategory } from '@larder/contract';
import { centsOf, formatCents, formatMoney } from '@larder/contract/money';
import { Form, Link } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { StatusBadge } from '../format.tsx';
import { AdminTable, Pagination } from '../list-parts.tsx';
import {
  PRODUCT_STATUS_FILTERS,
  PRODUCT_STATUS_LABELS,
  STOCK_STATUS_LABELS,
  productStatusTone,
  thumbnailSrc,
} from './product-labels.ts';
import type { ProductFilters } from './products.server.ts';
import './products.css';

interface ProductsScreenProps extends ListPage<Product> {
  filters: ProductFilters;
  page: number;
  categories: ProductCategory[];
}

/** A simple product's price (the sale price with the regular one struck), or a variable one's range. */
export function PriceCell({ product }: { product: Product }) {
  if (product.type === 'variable') {
    const prices = product.variations.map((variation) => centsOf(variation.display_price));
    if (prices.length === 0) return <span className="admin-muted">No variations yet</span>;
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    return <>{low === high ? formatCents(low) : `${formatCents(low)} – ${formatCents(high)}`}</>;
  }
  if (product.regular_price === '') return <span className="admin-muted">No price</span>;
  if (product.on_sale && product.sale_price !== '') {
    return (
      <>
        {formatMoney(product.sale_price)}{' '}
        <s className="admin-muted" aria-label={`was ${formatMoney(product.regular_price)}`}>
          {formatMoney(product.regular_price)}
        </s>
      </>
    );
  }
  return <>{formatMoney(product.regular_price)}</>;
}

/** Counted stock as a number, otherwise the status the owner sets by hand. */
export function stockText(item: Pick<Product, 'manage_stock' | 'stock_quantity' | 'stock_status'>) {
  if (item.manage_stock && item.stock_quantity !== null) return `${item.stock_quantity} in stock`;
  return STOCK_STATUS_LABELS[item.stock_status];
}

function ProductFiltersForm({
  filters,
  categories,
}: {
  filters: ProductFilters;
  categories: ProductCategory[];
}) {
  return (
    <Form method="get" className="admin-filters" aria-label="Filter products">
      <TextField
        id="products-search"
        name="search"
        type="search"
        label="Search"
        hint="Name or SKU"
        required={false}
        defaultValue={filters.search}
      />
      <SelectField
        id="products-status"
        name="status"
        label="Status"
        required={false}
        placeholder="Any status"
        options={PRODUCT_STATUS_FILTERS.filter((option) => option.value !== 'any').map(
          (option) => ({ code: option.value, name: option.label }),
        )}
        defaultValue={filters.status === 'any' ? '' : filters.status}
      />
      <SelectField
        id="products-category"
        name="category"
        label="Category"
        required={false}
        placeholder="Any category"
        options={categories.map((category) => ({
          code: String(category.id),
          name: category.name,
        }))}
        defaultValue={filters.category}
      />
      <div className="admin-actions admin-filters__actions">
        <Button type="submit">Filter</Button>
        <ButtonLink to="/admin/products" variant="ghost">
          Clear
        </ButtonLink>
      </div>
    </Form>
  );
}

/** Every product, drafts and private ones too, by name; searched and filtered from the address. */
export function ProductsScreen({
  items,
  total,
  totalPages,
  filters,
  page,
  categories,
}: ProductsScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Drafts and private products are seen only here; published ones are on the shop."
        actions={<ButtonLink to="/admin/products/new">Add product</ButtonLink>}
      />
      <ProductFiltersForm filters={filters} categories={categories} />
      <AdminTable
        testId="admin-products"
        caption={`Products (${total})`}
        columns={['Product', 'SKU', 'Status', 'Price', 'Stock', 'Categories']}
        empty="No products match these filters."
        rows={items.map((product) => {
          const image = product.images[0];
          return (
            <tr key={product.id} data-testid={`product-${product.id}`}>
              <td data-label="Product">
                <span className="admin-product-name">
                  {image ? (
                    <img
                      src={thumbnailSrc(image, 96)}
                      alt=""
                      width={48}
                      height={48}
                      className="admin-thumb"
                    />
                  ) : (
                    <span className="admin-thumb admin-thumb--none" aria-hidden="true" />
                  )}
                  <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                </span>
              </td>
              <td data-label="SKU">{product.sku || '—'}</td>
              <td data-label="Status">
                <StatusBadge
                  status={productStatusTone(product.status)}
                  label={PRODUCT_STATUS_LABELS[product.status]}
                />
              </td>
              <td data-label="Price">
                <PriceCell product={product} />
              </td>
              <td data-label="Stock">{stockText(product)}</td>
              <td data-label="Categories">
                {product.categories.map((category) => category.name).join(', ') || '—'}
              </td>
            </tr>
          );
        })}
      />
      <Pagination page={page} totalPages={totalPages} total={total} />
    </>
  );
}
