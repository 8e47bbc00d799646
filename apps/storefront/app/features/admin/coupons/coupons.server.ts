import type { CouponCreate, DiscountType } from '@larder/contract';
import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';

const PAGE_SIZE = 20;

export async function loadCoupons(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const page = pageOf(url);
  const search = url.searchParams.get('search')?.trim() ?? '';
  const editId = Number(url.searchParams.get('edit') ?? '');
  const api = await ownerApi(request, apiFetch);
  const coupons = await api.listCoupons({
    page,
    per_page: PAGE_SIZE,
    ...(search ? { search } : {}),
  });
  const editing =
    Number.isInteger(editId) && editId > 0
      ? (coupons.items.find((coupon) => coupon.id === editId) ??
        (await api.getCoupon(editId).catch(() => null)))
      : null;
  return { coupons, page, search, editing };
}

/** "12, 40" → [12, 40]; null when something in it is not an id. */
function idList(text: string): number[] | null {
  const parts = text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.some((part) => !/^\d{1,9}$/.test(part) || Number(part) === 0)) return null;
  return parts.map(Number);
}

const limit = (text: string): number | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,7}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : undefined;
};

/** The coupon the form posts, in the API's fields; field messages for what it cannot send. */
function postedCoupon(formData: FormData): {
  coupon: CouponCreate;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const text = (name: string) => postedText(formData, name).trim();
  const ids = (name: string) => {
    const list = idList(text(name));
    if (list === null) errors[name] = 'List ids separated by commas, such as 12, 40.';
    return list ?? [];
  };
  const limits = (name: string) => {
    const value = limit(text(name));
    if (value === undefined) errors[name] = 'A whole number of uses, or empty for no limit.';
    return value ?? null;
  };
  const coupon: CouponCreate = {
    code: text('code'),
    description: text('description'),
    discount_type: (text('discount_type') || 'percent') as DiscountType,
    amount: text('amount') || '0',
    minimum_amount: text('minimum_amount') || '0',
    free_shipping: formData.get('free_shipping') === 'true',
    individual_use: formData.get('individual_use') === 'true',
    first_order_only: formData.get('first_order_only') === 'true',
    price_list: (text('price_list') || 'any') as CouponCreate['price_list'],
    usage_limit: limits('usage_limit'),
    usage_limit_per_user: limits('usage_limit_per_user'),
    date_starts_gmt: text('date_starts') || null,
    date_expires_gmt: text('date_expires') || null,
    product_ids: ids('product_ids'),
    excluded_product_ids: ids('excluded_product_ids'),
    product_categories: ids('product_categories'),
    excluded_product_categories: ids('excluded_product_categories'),
  };
  return { coupon, errors };
}

/** Saves a code (`intent=save`, with `id` to change one) or deletes one (`intent=delete`). */
export async function couponsAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');
  const id = postedId(formData);
  if (intent === 'delete') {
    if (id === null) return refused('Choose a code to delete.');
    return runAction(async () => {
      const deleted = await api.deleteCoupon(id);
      return `The code ${deleted.code} was deleted.`;
    });
  }
  if (intent !== 'save') return refused('Choose what to do.');
  const { coupon, errors } = postedCoupon(formData);
  if (Object.keys(errors).length > 0) return refused('Check the highlighted fields.', errors);
  // The date pickers send a day: the code starts at its first moment and ends at its last.
  if (coupon.date_expires_gmt) coupon.date_expires_gmt = nextDay(coupon.date_expires_gmt);
  return runAction(async () => {
    if (id !== null) {
      const saved = await api.updateCoupon(id, coupon);
      return `The code ${saved.code} was saved.`;
    }
    const created = await api.createCoupon(coupon);
    return `The code ${created.code} was added.`;
  });
}

/** "2026-12-31" → "2026-12-31" + 1 day: the code works through the whole day the owner chose. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
