import type { Coupon } from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { Form, Link, useNavigation } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, StatusBadge } from '../format.tsx';
import { AdminTable, ConfirmAction, Pagination } from '../list-parts.tsx';
import { CheckboxField } from '../products/product-fields.tsx';
import './coupons.css';

interface CouponsScreenProps {
  coupons: ListPage<Coupon>;
  page: number;
  search: string;
  editing: Coupon | null;
  result: ActionResult | undefined;
}

const TYPE_OPTIONS = [
  { code: 'percent', name: 'Percent off the items' },
  { code: 'fixed_cart', name: 'Amount off the cart' },
  { code: 'fixed_product', name: 'Amount off each item' },
];
const PRICE_LIST_OPTIONS = [
  { code: 'retail', name: 'Retail shoppers only' },
  { code: 'wholesale', name: 'Wholesale accounts only' },
];

/** What the code takes off, in words: "10 % off", "$5.00 off the cart", "Free shipping". */
export function discountLabel(coupon: Coupon): string {
  const amount = Number(coupon.amount);
  const parts: string[] = [];
  if (amount > 0) {
    if (coupon.discount_type === 'percent') parts.push(`${amount} % off`);
    else if (coupon.discount_type === 'fixed_cart')
      parts.push(`${formatMoney(coupon.amount)} off the cart`);
    else parts.push(`${formatMoney(coupon.amount)} off each item`);
  }
  if (coupon.free_shipping) parts.push(amount > 0 ? 'free shipping' : 'Free shipping');
  return parts.join(' and ') || 'Nothing yet';
}

/** The day a code's last moment falls on: a code that stops at midnight worked through the day before. */
function lastDay(gmt: string | null): string {
  if (!gmt) return '';
  const stop = new Date(`${gmt}Z`);
  if (gmt.endsWith('T00:00:00')) stop.setUTCDate(stop.getUTCDate() - 1);
  return stop.toISOString().slice(0, 10);
}

function state(coupon: Coupon, now = new Date()): { status: string; label: string } {
  if (coupon.date_expires_gmt && new Date(`${coupon.date_expires_gmt}Z`) <= now)
    return { status: 'cancelled', label: 'Expired' };
  if (coupon.date_starts_gmt && new Date(`${coupon.date_starts_gmt}Z`) > now)
    return { status: 'pending', label: 'Scheduled' };
  if (coupon.usage_limit !== null && coupon.usage_count >= coupon.usage_limit)
    return { status: 'cancelled', label: 'Used up' };
  return { status: 'completed', label: 'Active' };
}

function rules(coupon: Coupon): string[] {
  return [
    Number(coupon.minimum_amount) > 0 ? `Orders from ${formatMoney(coupon.minimum_amount)}` : '',
    coupon.first_order_only ? 'First order only' : '',
    coupon.price_list === 'retail' ? 'Retail only' : '',
    coupon.price_list === 'wholesale' ? 'Wholesale only' : '',
    coupon.individual_use ? 'Not with other codes' : '',
    coupon.usage_limit_per_user !== null ? `${coupon.usage_limit_per_user} per customer` : '',
    coupon.product_ids.length + coupon.product_categories.length > 0 ? 'Some products' : '',
  ].filter(Boolean);
}

function CouponForm({
  editing,
  result,
}: {
  editing: Coupon | null;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const c = editing;
  const prefix = c ? `coupon-${c.id}` : 'coupon-new';
  const title = c ? `Edit ${c.code}` : 'Add a discount code';
  const ids = (list: number[] | undefined) => (list ?? []).join(', ');
  return (
    <section className="admin-card admin-coupon-form" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className="admin-card__title">
        {title}
      </h2>
      {/* Keyed by what is edited: switching codes, or a code that was added, resets the fields. */}
      <Form
        key={`${c?.id ?? 'new'}-${c?.date_modified_gmt ?? ''}`}
        method="post"
        preventScrollReset
        className="admin-form admin-coupon-form__grid"
        aria-labelledby={`${prefix}-title`}
      >
        <input type="hidden" name="intent" value="save" />
        {c ? <input type="hidden" name="id" value={c.id} /> : null}
        <TextField
          id={`${prefix}-code`}
          name="code"
          label="Code"
          hint="What shoppers type; any case works."
          maxLength={50}
          autoCapitalize="characters"
          defaultValue={c?.code ?? ''}
          error={errors.code}
        />
        <SelectField
          id={`${prefix}-type`}
          name="discount_type"
          label="Discount"
          placeholder="Choose the kind"
          options={TYPE_OPTIONS}
          defaultValue={c?.discount_type ?? 'percent'}
          error={errors.discount_type}
        />
        <TextField
          id={`${prefix}-amount`}
          name="amount"
          label="Amount"
          inputMode="decimal"
          hint="A percentage for percent off (10), else dollars (5.00). 0 for a free-shipping code."
          defaultValue={c ? c.amount : ''}
          error={errors.amount}
        />
        <TextField
          id={`${prefix}-minimum`}
          name="minimum_amount"
          label="Minimum order (USD)"
          required={false}
          inputMode="decimal"
          hint="Before discounts; empty for none."
          defaultValue={c && Number(c.minimum_amount) > 0 ? c.minimum_amount : ''}
          error={errors.minimum_amount}
        />
        <TextField
          id={`${prefix}-starts`}
          name="date_starts"
          type="date"
          label="First day"
          required={false}
          defaultValue={c?.date_starts_gmt?.slice(0, 10) ?? ''}
          error={errors.date_starts ?? errors.date_starts_gmt}
        />
        <TextField
          id={`${prefix}-expires`}
          name="date_expires"
          type="date"
          label="Last day"
          required={false}
          hint="Days are in UTC."
          defaultValue={lastDay(c?.date_expires_gmt ?? null)}
          error={errors.date_expires ?? errors.date_expires_gmt}
        />
        <TextField
          id={`${prefix}-limit`}
          name="usage_limit"
          label="Uses in all"
          required={false}
          inputMode="numeric"
          hint="Empty for no limit."
          defaultValue={c?.usage_limit ?? ''}
          error={errors.usage_limit}
        />
        <TextField
          id={`${prefix}-limit-per-user`}
          name="usage_limit_per_user"
          label="Uses per customer"
          required={false}
          inputMode="numeric"
          hint="By account, or billing email for guests."
          defaultValue={c?.usage_limit_per_user ?? ''}
          error={errors.usage_limit_per_user}
        />
        <SelectField
          id={`${prefix}-price-list`}
          name="price_list"
          label="Who may use it"
          required={false}
          placeholder="Everyone"
          options={PRICE_LIST_OPTIONS}
          defaultValue={c && c.price_list !== 'any' ? c.price_list : ''}
        />
        <TextField
          id={`${prefix}-products`}
          name="product_ids"
          label="Only these product ids"
          required={false}
          hint="Comma-separated; empty for every product."
          defaultValue={ids(c?.product_ids)}
          error={errors.product_ids}
        />
        <TextField
          id={`${prefix}-excluded-products`}
          name="excluded_product_ids"
          label="Never these product ids"
          required={false}
          defaultValue={ids(c?.excluded_product_ids)}
          error={errors.excluded_product_ids}
        />
        <TextField
          id={`${prefix}-categories`}
          name="product_categories"
          label="Only these category ids"
          required={false}
          defaultValue={ids(c?.product_categories)}
          error={errors.product_categories}
        />
        <TextField
          id={`${prefix}-excluded-categories`}
          name="excluded_product_categories"
          label="Never these category ids"
          required={false}
          defaultValue={ids(c?.excluded_product_categories)}
          error={errors.excluded_product_categories}
        />
        <div className="admin-coupon-form__checks">
          <CheckboxField
            id={`${prefix}-free-shipping`}
            name="free_shipping"
            value="true"
            label="Free shipping"
            defaultChecked={c?.free_shipping ?? false}
          />
          <CheckboxField
            id={`${prefix}-first-order`}
            name="first_order_only"
            value="true"
            label="First order only"
            defaultChecked={c?.first_order_only ?? false}
          />
          <CheckboxField
            id={`${prefix}-individual`}
            name="individual_use"
            value="true"
            label="Not with other codes"
            defaultChecked={c?.individual_use ?? false}
          />
        </div>
        <div className="admin-actions admin-coupon-form__submit">
          <SubmitButton pending={saving} pendingLabel="Saving…">
            {c ? `Save ${c.code}` : 'Add code'}
          </SubmitButton>
          {c ? (
            <Link to="/admin/coupons" className="button button--ghost">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** The shop's discount codes: what each takes off, its rules and uses; add, change or delete one. */
export function CouponsScreen({ coupons, page, search, editing, result }: CouponsScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Discount codes"
        description="Codes shoppers enter in the cart or at checkout. The shop checks every rule again when the order is placed."
      />
      <ActionNotice result={result} />
      <Form method="get" role="search" className="admin-filters" aria-label="Find a code">
        <TextField
          id="coupon-search"
          name="search"
          label="Find a code"
          required={false}
          defaultValue={search}
        />
        <div className="admin-actions">
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </Form>
      <AdminTable
        testId="admin-coupons"
        caption={`Discount codes (${coupons.total})`}
        columns={['Code', 'Discount', 'Rules', 'Dates', 'Used', 'Actions']}
        empty={search ? `No code contains “${search}”.` : 'No discount codes yet.'}
        rows={coupons.items.map((coupon) => {
          const now = state(coupon);
          return (
            <tr key={coupon.id} data-testid={`coupon-${coupon.id}`}>
              <td data-label="Code">
                <strong>{coupon.code}</strong>
                <div>
                  <StatusBadge status={now.status} label={now.label} />
                </div>
              </td>
              <td data-label="Discount">{discountLabel(coupon)}</td>
              <td data-label="Rules">{rules(coupon).join(' · ') || 'None'}</td>
              <td data-label="Dates">
                {coupon.date_starts_gmt ? `From ${formatDate(coupon.date_starts_gmt)}` : ''}
                {coupon.date_starts_gmt && coupon.date_expires_gmt ? <br /> : null}
                {coupon.date_expires_gmt
                  ? `Until ${formatDate(`${lastDay(coupon.date_expires_gmt)}T23:59:59`)}`
                  : coupon.date_starts_gmt
                    ? ''
                    : 'Always'}
              </td>
              <td data-label="Used">
                {coupon.usage_count}
                {coupon.usage_limit !== null ? ` of ${coupon.usage_limit}` : ''}
              </td>
              <td data-label="Actions">
                <div className="admin-actions">
                  <Link
                    to={`/admin/coupons?edit=${coupon.id}`}
                    className="button button--secondary"
                    preventScrollReset
                  >
                    Edit<span className="visually-hidden"> {coupon.code}</span>
                  </Link>
                  <ConfirmAction
                    confirmKey={`delete-${coupon.id}`}
                    label={`Delete ${coupon.code}`}
                    question={`Delete the code ${coupon.code}? Orders that used it keep it.`}
                    confirmLabel={`Delete ${coupon.code}`}
                  >
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={coupon.id} />
                  </ConfirmAction>
                </div>
              </td>
            </tr>
          );
        })}
      />
      <Pagination page={page} totalPages={coupons.totalPages} total={coupons.total} />
      <CouponForm editing={editing} result={result} />
    </>
  );
}
