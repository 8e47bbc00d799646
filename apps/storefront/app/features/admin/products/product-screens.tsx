import { UPLOAD_IMAGE_TYPES, type Product, type ProductCategory } from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { useMemo } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import { AdminPageHeader } from '../admin-shell.tsx';
import { StatusBadge } from '../format.tsx';
import { ActionButton, ConfirmAction } from '../list-parts.tsx';
import { hrefWith } from '../list-query.ts';
import {
  fieldId,
  PriceAndStockFields,
  ProductFields,
  TaxClassField,
  VariationWholesaleFields,
} from './product-fields.tsx';
import {
  emptyVariationValues,
  errorFor,
  variationAttributesOf,
  variationValuesOf,
  type ProductFormValues,
  type VariationFormValues,
} from './product-form.ts';
import {
  PRODUCT_STATUS_LABELS,
  STOCK_STATUS_LABELS,
  productStatusTone,
  thumbnailSrc,
} from './product-labels.ts';
import { stockText } from './products-screen.tsx';
import type { ProductActionResult } from './products.server.ts';
import '../../../components/forms/form-grid.css';
import './products.css';

const ACCEPT = UPLOAD_IMAGE_TYPES.join(',');

function ImageFileFields({ error }: { error: string | undefined }) {
  return (
    <>
      <TextField
        id="image-file"
        name="image"
        type="file"
        accept={ACCEPT}
        label="Image"
        hint="JPEG, PNG, WebP, AVIF or GIF, up to 15 MB. The shop makes its smaller sizes."
        required={false}
        error={error}
      />
      <TextField
        id="image-alt"
        name="image_alt"
        label="What the image shows"
        hint="Read aloud by screen readers, such as: A bowl of almond granola with berries"
        required={false}
        maxLength={500}
      />
    </>
  );
}

/** The new product's form: its fields and a first image, posted in one go. */
export function NewProductScreen({
  values,
  categories,
  result,
}: {
  values: ProductFormValues;
  categories: ProductCategory[];
  result: ProductActionResult | undefined;
}) {
  const navigation = useNavigation();
  const shown = result?.values ?? values;
  const errors = result?.ok ? undefined : result?.fieldErrors;
  return (
    <>
      <AdminPageHeader
        title="New product"
        description="It starts as a draft: only owners see it until you publish it."
      />
      <p>
        <Link to="/admin/products">All products</Link>
      </p>
      <ActionNotice result={result} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-product-form"
        aria-label="New product"
      >
        <ProductFields values={shown} errors={errors} categories={categories} />
        <section className="admin-card admin-section" aria-labelledby="new-image-title">
          <h2 id="new-image-title" className="admin-card__title">
            Main image
          </h2>
          <div className="form-grid">
            <ImageFileFields error={errorFor(errors, 'image')} />
          </div>
          {result && !result.ok ? (
            <p className="admin-muted">Choose the image again: a refused form does not keep it.</p>
          ) : null}
        </section>
        <div className="admin-actions admin-form-footer">
          <SubmitButton pending={navigation.state === 'submitting'} pendingLabel="Creating…">
            Create product
          </SubmitButton>
          <ButtonLink to="/admin/products" variant="ghost">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </>
  );
}

function ImagesCard({ product, result }: { product: Product; result?: ProductActionResult }) {
  const navigation = useNavigation();
  const errors = result?.ok ? undefined : result?.fieldErrors;
  return (
    <section className="admin-card admin-section" aria-labelledby="images-title">
      <h2 id="images-title" className="admin-card__title">
        Images
      </h2>
      {product.images.length === 0 ? (
        <p className="admin-muted">No images yet: the shop shows a placeholder.</p>
      ) : (
        <ol className="admin-images" data-testid="product-images">
          {product.images.map((image, index) => (
            <li key={image.id} className="admin-image">
              <img
                src={thumbnailSrc(image, 192)}
                alt={image.alt}
                width={96}
                height={96}
                className="admin-image__picture"
              />
              <div className="admin-image__body">
                <p className="admin-image__label">
                  {index === 0 ? <strong>Main image</strong> : `Image ${index + 1}`}
                </p>
                <Form method="post" preventScrollReset className="admin-inline-form">
                  <input type="hidden" name="intent" value="image-alt" />
                  <input type="hidden" name="id" value={image.id} />
                  <TextField
                    id={`alt-${image.id}`}
                    name="alt_text"
                    label="What it shows"
                    required={false}
                    maxLength={500}
                    defaultValue={image.alt}
                    error={errors?.[`alt.${image.id}`]}
                  />
                  <SubmitButton
                    variant="secondary"
                    pending={
                      navigation.formData?.get('intent') === 'image-alt' &&
                      navigation.formData.get('id') === String(image.id)
                    }
                    pendingLabel="Saving…"
                  >
                    Save description
                  </SubmitButton>
                </Form>
                <div className="admin-actions">
                  {index > 0 ? (
                    <ActionButton intent="image-main" id={image.id} label="Make main image" />
                  ) : null}
                  {index > 1 ? (
                    <ActionButton intent="image-earlier" id={image.id} label="Move earlier" />
                  ) : null}
                  <ConfirmAction
                    confirmKey={`image-${image.id}`}
                    label="Remove"
                    question="Take this image off the product? The file stays in the media library."
                    confirmLabel="Yes, remove it"
                  >
                    <input type="hidden" name="intent" value="image-remove" />
                    <input type="hidden" name="id" value={image.id} />
                  </ConfirmAction>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="admin-form admin-upload"
        aria-label="Add an image"
        key={product.images.length}
      >
        <input type="hidden" name="intent" value="upload" />
        <ImageFileFields error={errors?.image} />
        <SubmitButton
          variant="secondary"
          pending={navigation.formData?.get('intent') === 'upload'}
          pendingLabel="Uploading…"
        >
          Upload image
        </SubmitButton>
      </Form>
    </section>
  );
}

function VariationForm({
  product,
  variationId,
  values,
  errors,
}: {
  product: Product;
  variationId: number | 'new';
  values: VariationFormValues;
  errors: Partial<Record<string, string>> | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const p = 'variation';
  const field = (name: string) => ({ id: fieldId(p, name), name, error: errorFor(errors, name) });
  const closed = hrefWith(location, { variation: undefined });
  return (
    <Form
      method="post"
      action={closed}
      preventScrollReset
      className="admin-variation-form"
      aria-label={variationId === 'new' ? 'New variation' : 'Edit variation'}
    >
      <h3 className="admin-variation-form__title">
        {variationId === 'new' ? 'New variation' : 'Edit variation'}
      </h3>
      <input type="hidden" name="intent" value="variation-save" />
      <input type="hidden" name="id" value={variationId} />
      <div className="form-grid">
        {variationAttributesOf(product).map((attribute, index) => (
          <SelectField
            key={attribute.name}
            {...field(`attributes.${index}`)}
            label={attribute.name}
            placeholder={`Choose the ${attribute.name.toLowerCase()}`}
            options={attribute.options.map((option) => ({ code: option, name: option }))}
            defaultValue={values.attributes[attribute.name] ?? ''}
          />
        ))}
        <PriceAndStockFields prefix={p} values={values} errors={errors} withPrices />
        <TaxClassField
          prefix={p}
          value={values.tax_class}
          error={errorFor(errors, 'tax_class')}
          variation
        />
      </div>
      <VariationWholesaleFields
        prefix={p}
        own={values.wholesale_own}
        values={values.wholesale}
        errors={errors}
      />
      <div className="admin-actions">
        <SubmitButton
          pending={navigation.formData?.get('intent') === 'variation-save'}
          pendingLabel="Saving…"
        >
          {variationId === 'new' ? 'Add variation' : 'Save variation'}
        </SubmitButton>
        <Link to={closed} preventScrollReset className="button button--ghost">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function VariationsCard({
  product,
  editing,
  result,
}: {
  product: Product;
  editing: number | 'new' | null;
  result: ProductActionResult | undefined;
}) {
  const location = useLocation();
  const attributes = variationAttributesOf(product);
  // A refused save shows what was typed, in the form of the variation it was about.
  const refused = result && !result.ok ? result.variation : undefined;
  const open = refused?.id ?? editing;
  const openValues =
    refused?.values ??
    (open === 'new' || open === null
      ? emptyVariationValues(product)
      : (() => {
          const variation = product.variations.find((v) => v.variation_id === open);
          return variation ? variationValuesOf(variation, product) : emptyVariationValues(product);
        })());
  return (
    <section className="admin-card admin-section" aria-labelledby="variations-title">
      <h2 id="variations-title" className="admin-card__title">
        Variations
      </h2>
      {attributes.length === 0 ? (
        <p className="admin-muted">
          Give the product an attribute used for variations (such as Size) and save it; then add a
          variation for each option.
        </p>
      ) : null}
      {product.variations.length === 0 ? (
        <p className="admin-muted">No variations yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards" data-testid="product-variations">
            <caption className="visually-hidden">Variations</caption>
            <thead>
              <tr>
                <th scope="col">Variation</th>
                <th scope="col">SKU</th>
                <th scope="col">Price</th>
                <th scope="col">Wholesale</th>
                <th scope="col">Stock</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {product.variations.map((variation) => {
                const name = Object.values(variation.attributes).join(', ') || 'Any option';
                const onSale = variation.display_price < variation.display_regular_price;
                return (
                  <tr
                    key={variation.variation_id}
                    data-testid={`variation-${variation.variation_id}`}
                  >
                    <td data-label="Variation">{name}</td>
                    <td data-label="SKU">{variation.sku || '—'}</td>
                    <td data-label="Price">
                      {formatMoney(variation.display_price)}
                      {onSale ? (
                        <>
                          {' '}
                          <s
                            className="admin-muted"
                            aria-label={`was ${formatMoney(variation.display_regular_price)}`}
                          >
                            {formatMoney(variation.display_regular_price)}
                          </s>
                        </>
                      ) : null}
                    </td>
                    <td data-label="Wholesale">
                      {variation.wholesale_price === undefined
                        ? '—'
                        : formatMoney(variation.wholesale_price)}
                    </td>
                    <td data-label="Stock">
                      {variation.stock_quantity !== null
                        ? `${variation.stock_quantity} in stock`
                        : STOCK_STATUS_LABELS[variation.stock_status]}
                    </td>
                    <td data-label="Actions">
                      <div className="admin-actions">
                        <Link
                          to={hrefWith(location, {
                            variation: String(variation.variation_id),
                            confirm: undefined,
                          })}
                          preventScrollReset
                          className="button button--secondary"
                          aria-label={`Edit ${name}`}
                        >
                          Edit
                        </Link>
                        <ConfirmAction
                          confirmKey={`variation-${variation.variation_id}`}
                          label="Remove"
                          question={`Remove the variation ${name}? Shoppers can no longer buy it.`}
                          confirmLabel="Yes, remove it"
                        >
                          <input type="hidden" name="intent" value="variation-remove" />
                          <input type="hidden" name="id" value={variation.variation_id} />
                        </ConfirmAction>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {open !== null && attributes.length > 0 ? (
        <VariationForm
          key={`${open}-${product.date_modified_gmt}`}
          product={product}
          variationId={open}
          values={openValues}
          errors={refused ? result?.fieldErrors : undefined}
        />
      ) : attributes.length > 0 ? (
        <p className="admin-add-variation">
          <Link
            to={hrefWith(location, { variation: 'new', confirm: undefined })}
            preventScrollReset
            className="button button--secondary"
          >
            Add variation
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** One product: its fields in one form, its images and its variations each changed on their own. */
export function ProductScreen({
  product,
  categories,
  values,
  editingVariation,
  notice,
  result,
}: {
  product: Product;
  categories: ProductCategory[];
  values: ProductFormValues;
  editingVariation: number | 'new' | null;
  notice: string | undefined;
  result: ProductActionResult | undefined;
}) {
  const navigation = useNavigation();
  // One object per notice: the banner takes focus when its result changes.
  const loaderNotice = useMemo(
    () => (notice ? { ok: true, message: notice } : undefined),
    [notice],
  );
  // A refused save shows what was typed; anything else shows the product as saved.
  const refusedValues = result && !result.ok ? result.values : undefined;
  const errors = refusedValues ? result?.fieldErrors : undefined;
  const shown = refusedValues ?? values;
  return (
    <>
      <AdminPageHeader
        title={product.name}
        description={
          <>
            <StatusBadge
              status={productStatusTone(product.status)}
              label={PRODUCT_STATUS_LABELS[product.status]}
            />{' '}
            {product.type === 'variable'
              ? `${product.variations.length} variations`
              : product.sku
                ? `SKU ${product.sku}`
                : 'No SKU'}{' '}
            · {stockText(product)}
          </>
        }
        actions={
          product.status === 'publish' ? (
            <ButtonLink to={`/product/${product.slug}`} variant="secondary" reloadDocument>
              View on the shop
            </ButtonLink>
          ) : null
        }
      />
      <p>
        <Link to="/admin/products">All products</Link>
      </p>
      <ActionNotice result={result ?? loaderNotice} />
      {product.type === 'variable' ? (
        <VariationsCard product={product} editing={editingVariation} result={result} />
      ) : null}
      <div className="admin-product-layout">
        <Form
          // A saved change resets the fields to what the shop now has; a refused one keeps them.
          key={product.date_modified_gmt}
          method="post"
          preventScrollReset
          className="admin-product-form"
          aria-label="Product details"
        >
          <input type="hidden" name="intent" value="save" />
          <ProductFields values={shown} errors={errors} categories={categories} />
          <div className="admin-actions admin-form-footer">
            <SubmitButton
              pending={navigation.formData?.get('intent') === 'save'}
              pendingLabel="Saving…"
            >
              Save product
            </SubmitButton>
          </div>
        </Form>
        <div className="admin-product-side">
          <ImagesCard product={product} result={result} />
        </div>
      </div>
    </>
  );
}
