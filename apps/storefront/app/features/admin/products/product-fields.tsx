import { DietaryTagSchema, type ProductCategory } from '@larder/contract';
import { MAX_WHOLESALE_TIERS } from '@larder/contract/wholesale-rules';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../components/forms/form-field.tsx';
import { DIETARY_TAG_LABELS } from '../../catalog/product-summary.ts';
import {
  errorFor,
  NUTRITION_FIELDS,
  SPARE_ATTRIBUTE_ROWS,
  type FieldErrors,
  type PriceAndStockValues,
  type ProductFormValues,
  type WholesaleRulesValues,
  type WholesaleTierRow,
} from './product-form.ts';
import {
  PRODUCT_STATUS_OPTIONS,
  PRODUCT_TYPE_OPTIONS,
  STOCK_STATUS_OPTIONS,
  TAX_CLASS_OPTIONS,
  TAX_STATUS_OPTIONS,
  VARIATION_TAX_CLASS_OPTIONS,
  VISIBILITY_OPTIONS,
} from './product-labels.ts';

/** The control id of a field path: `food.nutrition.calories` → `product-food-nutrition-calories`. */
export const fieldId = (prefix: string, name: string) => `${prefix}-${name.replace(/\./g, '-')}`;

/** A checkbox with its label beside it, and the message under it when there is one. */
export function CheckboxField({
  id,
  name,
  label,
  defaultChecked,
  hint,
  value,
}: {
  id: string;
  name: string;
  label: ReactNode;
  defaultChecked: boolean;
  hint?: string;
  value?: string;
}) {
  return (
    <div className="admin-check">
      <input
        type="checkbox"
        id={id}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint admin-check__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A group of choices under one question, with the group's message. */
export function CheckGroup({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset className="admin-check-group" data-invalid={error ? '' : undefined}>
      <legend className="form-field__label">{legend}</legend>
      <div className="admin-check-group__items">{children}</div>
      {error ? <p className="form-field__error">{error}</p> : null}
    </fieldset>
  );
}

/**
 * The price and stock fields of the product form and the variation form, inside a `form-grid`.
 * A variable product's prices are its variations', so its form leaves them out (`withPrices`).
 */
export function PriceAndStockFields({
  prefix,
  values,
  errors,
  withPrices,
}: {
  prefix: string;
  values: PriceAndStockValues;
  errors: FieldErrors | undefined;
  withPrices: boolean;
}) {
  const text = (name: string) => ({
    id: fieldId(prefix, name),
    name,
    error: errorFor(errors, name),
  });
  return (
    <>
      {withPrices ? (
        <>
          <TextField
            {...text('regular_price')}
            label="Price (USD)"
            inputMode="decimal"
            hint="Such as 12.50"
            maxLength={20}
            defaultValue={values.regular_price}
          />
          <TextField
            {...text('sale_price')}
            label="Sale price (USD)"
            inputMode="decimal"
            hint="Below the price; empty for no sale"
            required={false}
            maxLength={20}
            defaultValue={values.sale_price}
          />
          <TextField
            {...text('wholesale_price')}
            label="Wholesale price (USD)"
            inputMode="decimal"
            hint="What approved wholesale buyers pay; empty: they pay the price"
            required={false}
            maxLength={20}
            defaultValue={values.wholesale_price}
          />
        </>
      ) : null}
      <TextField
        {...text('sku')}
        label="SKU"
        required={false}
        maxLength={100}
        autoComplete="off"
        defaultValue={values.sku}
      />
      <div className="form-grid__wide">
        <CheckboxField
          id={fieldId(prefix, 'manage_stock')}
          name="manage_stock"
          label="Count the stock"
          hint="Counted: sales take from the quantity and it sells out at 0. Not counted: you set whether it is in stock."
          defaultChecked={values.manage_stock}
        />
      </div>
      <TextField
        {...text('stock_quantity')}
        label="Quantity in stock"
        inputMode="numeric"
        hint="When the stock is counted"
        required={false}
        maxLength={9}
        defaultValue={values.stock_quantity}
      />
      <SelectField
        {...text('stock_status')}
        label="Stock status"
        hint="When the stock is not counted"
        placeholder="Choose"
        options={STOCK_STATUS_OPTIONS}
        defaultValue={values.stock_status}
      />
      <TextField
        {...text('weight')}
        label="Weight (lb)"
        inputMode="decimal"
        hint="For shipping rates, such as 0.75"
        required={false}
        maxLength={10}
        defaultValue={values.weight}
      />
    </>
  );
}

/** The tax class select: a product's (standard is the empty choice) or a variation's (`parent` too). */
export function TaxClassField({
  prefix,
  value,
  error,
  variation = false,
}: {
  prefix: string;
  value: string;
  error: string | undefined;
  variation?: boolean;
}) {
  return (
    <SelectField
      id={fieldId(prefix, 'tax_class')}
      name="tax_class"
      label="Tax class"
      hint={
        variation
          ? 'Same as the product unless this one is taxed differently'
          : 'Food takes the reduced rate in states that tax food less; rates are under Taxes'
      }
      required={false}
      placeholder="Standard"
      options={variation ? VARIATION_TAX_CLASS_OPTIONS : TAX_CLASS_OPTIONS}
      defaultValue={value}
      error={error}
    />
  );
}

/** A break row with a key of its own, so removing one keeps the others' typing in place. */
interface KeyedTier extends WholesaleTierRow {
  key: number;
}

/**
 * Case size, minimum and quantity breaks. The rows are plain fields, posted as
 * `wholesale.tiers.<n>.*`: a spare empty row lets the owner add one before the page's script runs;
 * after, "Add a break" and "Remove" change the rows (at most MAX_WHOLESALE_TIERS).
 */
export function WholesaleRulesFields({
  prefix,
  values,
  errors,
  withTiers,
}: {
  prefix: string;
  values: WholesaleRulesValues;
  errors: FieldErrors | undefined;
  /** A variable product's breaks are its variations': its own form leaves them out. */
  withTiers: boolean;
}) {
  const nextKey = useRef(0);
  const keyed = (row: WholesaleTierRow): KeyedTier => ({ ...row, key: (nextKey.current += 1) });
  const [rows, setRows] = useState<KeyedTier[]>(() =>
    [
      ...values.tiers,
      ...(values.tiers.length < MAX_WHOLESALE_TIERS ? [{ min_quantity: '', price: '' }] : []),
    ].map(keyed),
  );
  // Where focus goes after a change: the new row's first field, or the add button after a removal.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTarget === null) return;
    const target = focusTarget === 'add' ? addButton.current : document.getElementById(focusTarget);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const field = (name: string) => ({
    id: fieldId(prefix, name),
    name,
    error: errorFor(errors, name),
  });
  const tiersError = errors?.['wholesale.tiers'] ?? errors?.wholesale;
  const full = rows.length >= MAX_WHOLESALE_TIERS;
  return (
    <>
      <div className="form-grid">
        <TextField
          {...field('wholesale.case_size')}
          label="Units per case"
          inputMode="numeric"
          hint="Buyers order whole cases, such as 12; 1 sells single units"
          maxLength={6}
          defaultValue={values.case_size}
        />
        <TextField
          {...field('wholesale.min_quantity')}
          label="Minimum quantity (units)"
          inputMode="numeric"
          hint="The fewest units on one order line; 1 for none"
          maxLength={6}
          defaultValue={values.min_quantity}
        />
      </div>
      {withTiers ? (
        <fieldset
          className="admin-check-group admin-tiers"
          data-invalid={tiersError ? '' : undefined}
          aria-describedby={`${prefix}-tiers-hint`}
        >
          <legend className="form-field__label">Quantity breaks</legend>
          <p id={`${prefix}-tiers-hint`} className="form-field__hint">
            From a break’s quantity on, every unit of the line costs its price, below the wholesale
            price. Up to {MAX_WHOLESALE_TIERS} breaks; an empty row adds nothing.
          </p>
          {tiersError ? <p className="form-field__error">{tiersError}</p> : null}
          <ol className="admin-tier-rows" data-testid={`${prefix}-tiers`}>
            {rows.map((row, index) => (
              <li key={row.key} className="admin-tier-row">
                <TextField
                  {...field(`wholesale.tiers.${index}.min_quantity`)}
                  label={`Break ${index + 1}: from (units)`}
                  inputMode="numeric"
                  required={false}
                  maxLength={6}
                  defaultValue={row.min_quantity}
                />
                <TextField
                  {...field(`wholesale.tiers.${index}.price`)}
                  label={`Break ${index + 1}: price each (USD)`}
                  inputMode="decimal"
                  required={false}
                  maxLength={20}
                  defaultValue={row.price}
                />
                <button
                  type="button"
                  className="button button--ghost admin-tier-row__remove"
                  aria-label={`Remove break ${index + 1}`}
                  onClick={() => {
                    setRows((current) => current.filter((other) => other.key !== row.key));
                    setFocusTarget('add');
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          <button
            ref={addButton}
            type="button"
            className="button button--secondary"
            disabled={full}
            aria-describedby={`${prefix}-tiers-hint`}
            onClick={() => {
              // The spare row, while it is still empty, is the break to fill in.
              const last = rows.length - 1;
              const spare =
                last >= 0 &&
                [`wholesale.tiers.${last}.min_quantity`, `wholesale.tiers.${last}.price`].every(
                  (name) =>
                    (document.getElementById(fieldId(prefix, name)) as HTMLInputElement | null)
                      ?.value === '',
                );
              if (!spare)
                setRows((current) => [...current, keyed({ min_quantity: '', price: '' })]);
              setFocusTarget(
                fieldId(prefix, `wholesale.tiers.${spare ? last : rows.length}.min_quantity`),
              );
            }}
          >
            Add a break
          </button>
        </fieldset>
      ) : (
        <p className="admin-muted">
          A variable product’s quantity breaks are set on each variation, against its own wholesale
          price; the case and minimum here apply to the variations that use the product’s rules.
        </p>
      )}
    </>
  );
}

/**
 * A variation's rules: its product's (`wholesale: null`, the default) or its own. The own fields
 * are hidden by CSS while "Same as the product" is chosen, so the choice works without script.
 */
export function VariationWholesaleFields({
  prefix,
  own,
  values,
  errors,
}: {
  prefix: string;
  own: boolean;
  values: WholesaleRulesValues;
  errors: FieldErrors | undefined;
}) {
  return (
    <fieldset className="admin-check-group admin-variation-wholesale">
      <legend className="form-field__label">Wholesale ordering</legend>
      <div className="admin-check-group__items">
        <div className="admin-check">
          <input
            type="radio"
            id={fieldId(prefix, 'wholesale_rules.product')}
            name="wholesale_rules"
            value="product"
            defaultChecked={!own}
          />
          <label htmlFor={fieldId(prefix, 'wholesale_rules.product')}>Same as the product</label>
        </div>
        <div className="admin-check">
          <input
            type="radio"
            id={fieldId(prefix, 'wholesale_rules.own')}
            name="wholesale_rules"
            value="own"
            defaultChecked={own}
          />
          <label htmlFor={fieldId(prefix, 'wholesale_rules.own')}>
            Its own case, minimum and quantity breaks
          </label>
        </div>
      </div>
      <div className="admin-variation-wholesale__own">
        <WholesaleRulesFields
          key={JSON.stringify(values)}
          prefix={prefix}
          values={values}
          errors={errors}
          withTiers
        />
      </div>
    </fieldset>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-card admin-section" aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Everything the storefront shows of a product, as plain fields: the new-product and the edit
 * forms post them (without JavaScript too), and the action reads them back by name.
 */
export function ProductFields({
  values,
  errors,
  categories,
}: {
  values: ProductFormValues;
  errors: FieldErrors | undefined;
  categories: ProductCategory[];
}) {
  const p = 'product';
  const text = (name: string) => ({
    id: fieldId(p, name),
    name,
    error: errorFor(errors, name),
  });
  const variable = values.type === 'variable';
  const attributeRows = [
    ...values.attributes,
    ...Array.from({ length: SPARE_ATTRIBUTE_ROWS }, () => ({
      name: '',
      options: '',
      variation: true,
    })),
  ];
  return (
    <>
      <Section id="details-title" title="Details">
        <div className="form-grid">
          <TextField {...text('name')} label="Name" maxLength={200} defaultValue={values.name} />
          <TextField
            {...text('slug')}
            label="Web address"
            hint="The end of the product page’s address: lower-case words joined by hyphens. Left empty, it is made from the name."
            required={false}
            maxLength={200}
            defaultValue={values.slug}
          />
          <SelectField
            {...text('status')}
            label="Status"
            placeholder="Choose the status"
            options={PRODUCT_STATUS_OPTIONS}
            defaultValue={values.status}
          />
          <SelectField
            {...text('catalog_visibility')}
            label="Shown in"
            placeholder="Choose where it is shown"
            options={VISIBILITY_OPTIONS}
            defaultValue={values.catalog_visibility}
          />
          <SelectField
            {...text('type')}
            label="Kind of product"
            placeholder="Choose the kind"
            options={PRODUCT_TYPE_OPTIONS}
            defaultValue={values.type}
          />
          <div className="form-grid__wide admin-checks">
            <CheckboxField
              id={fieldId(p, 'featured')}
              name="featured"
              label="Featured on the home page"
              defaultChecked={values.featured}
            />
            <CheckboxField
              id={fieldId(p, 'reviews_allowed')}
              name="reviews_allowed"
              label="Shoppers may review it"
              defaultChecked={values.reviews_allowed}
            />
          </div>
          <div className="form-grid__wide">
            <TextAreaField
              {...text('short_description')}
              label="Short description"
              hint="Beside the price on the product page, and on the shop’s cards."
              required={false}
              rows={3}
              maxLength={5000}
              defaultValue={values.short_description}
            />
          </div>
          <div className="form-grid__wide">
            <TextAreaField
              {...text('description')}
              label="Description"
              hint="Under the product on its page. Paragraphs may use HTML (<p>, <strong>, <ul>)."
              required={false}
              rows={8}
              maxLength={20000}
              defaultValue={values.description}
            />
          </div>
        </div>
      </Section>

      <Section id="pricing-title" title="Price and stock">
        {variable ? (
          <p className="admin-muted">
            A variable product’s prices and stock are its variations’: set them under Variations.
            The stock below counts for the product as a whole.
          </p>
        ) : null}
        <div className="form-grid">
          <PriceAndStockFields prefix={p} values={values} errors={errors} withPrices={!variable} />
        </div>
      </Section>

      <Section id="wholesale-title" title="Wholesale ordering">
        <p className="admin-muted">
          For approved wholesale buyers: they order whole cases, at least the minimum, and pay a
          break’s price from its quantity on.
        </p>
        <WholesaleRulesFields
          // A refused save shows the breaks as posted (sorted): new rows, so messages meet theirs.
          key={JSON.stringify(values.wholesale)}
          prefix={p}
          values={values.wholesale}
          errors={errors}
          withTiers={!variable}
        />
      </Section>

      <Section id="tax-title" title="Sales tax">
        <div className="form-grid">
          <SelectField
            id={fieldId(p, 'tax_status')}
            name="tax_status"
            label="Tax status"
            placeholder="Choose"
            options={TAX_STATUS_OPTIONS}
            defaultValue={values.tax_status}
            error={errorFor(errors, 'tax_status')}
          />
          <TaxClassField
            prefix={p}
            value={values.tax_class}
            error={errorFor(errors, 'tax_class')}
          />
        </div>
      </Section>

      <Section id="categories-title" title="Categories">
        <CheckGroup legend="Shown under" error={errorFor(errors, 'categories')}>
          {categories.length === 0 ? (
            <p className="admin-muted">The shop has no categories yet.</p>
          ) : (
            categories.map((category) => (
              <CheckboxField
                key={category.id}
                id={fieldId(p, `categories.${category.id}`)}
                name="categories"
                value={String(category.id)}
                label={category.name}
                defaultChecked={values.categories.includes(category.id)}
              />
            ))
          )}
        </CheckGroup>
      </Section>

      <Section id="attributes-title" title="Attributes">
        <p className="admin-muted">
          Such as Size with the options 12 oz, 2 lb. A variable product’s variations choose among
          the options of the attributes used for variations. Leave a row empty to add nothing; empty
          a row’s name and options to remove it.
        </p>
        {errorFor(errors, 'attributes') && !errors?.['attributes.0.name'] ? (
          <p className="form-field__error">{errorFor(errors, 'attributes')}</p>
        ) : null}
        <ol className="admin-attribute-rows">
          {attributeRows.map((row, index) => (
            <li key={index} className="admin-attribute-row">
              <TextField
                {...text(`attributes.${index}.name`)}
                label={`Attribute ${index + 1}`}
                required={false}
                maxLength={100}
                defaultValue={row.name}
              />
              <TextField
                {...text(`attributes.${index}.options`)}
                label="Options"
                hint="Separated by commas"
                required={false}
                defaultValue={row.options}
              />
              <CheckboxField
                id={fieldId(p, `attributes.${index}.variation`)}
                name={`attributes.${index}.variation`}
                label="Used for variations"
                defaultChecked={row.variation}
              />
            </li>
          ))}
        </ol>
      </Section>

      <Section id="food-title" title="Food information">
        <div className="form-grid">
          <div className="form-grid__wide">
            <TextAreaField
              {...text('food.ingredients')}
              label="Ingredients"
              required={false}
              rows={3}
              maxLength={5000}
              defaultValue={values.food.ingredients}
            />
          </div>
          <TextField
            {...text('food.allergens')}
            label="Allergens"
            hint="Separated by commas, such as almonds, oats"
            required={false}
            defaultValue={values.food.allergens}
          />
          <TextField
            {...text('food.may_contain')}
            label="May contain"
            hint="Separated by commas"
            required={false}
            defaultValue={values.food.may_contain}
          />
          <div className="form-grid__wide">
            <CheckGroup legend="Dietary tags" error={errorFor(errors, 'food.dietary_tags')}>
              {DietaryTagSchema.options.map((tag) => (
                <CheckboxField
                  key={tag}
                  id={fieldId(p, `food.dietary_tags.${tag}`)}
                  name="food.dietary_tags"
                  value={tag}
                  label={DIETARY_TAG_LABELS[tag]}
                  defaultChecked={values.food.dietary_tags.includes(tag)}
                />
              ))}
            </CheckGroup>
          </div>
        </div>
        <fieldset className="admin-check-group admin-nutrition">
          <legend className="form-field__label">Nutrition facts, per serving</legend>
          <div className="form-grid">
            {NUTRITION_FIELDS.map(({ key, label, unit }) => (
              <TextField
                key={key}
                {...text(`food.nutrition.${key}`)}
                label={unit ? `${label} (${unit})` : label}
                inputMode={
                  key === 'serving_size' || key === 'servings_per_container' ? undefined : 'decimal'
                }
                maxLength={key === 'serving_size' ? 100 : 20}
                defaultValue={values.food.nutrition[key]}
              />
            ))}
          </div>
        </fieldset>
      </Section>
    </>
  );
}
