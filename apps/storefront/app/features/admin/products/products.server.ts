import {
  MediaUpdateSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
  VariationCreateSchema,
  VariationUpdateSchema,
  type Product,
} from '@larder/contract';
import { data, redirect } from 'react-router';
import type { ApiFetch } from '../../../load-context.ts';
import { ApiError } from '../../../lib/api/index.ts';
import type { BackOfficeApi } from '../../../lib/api/back-office-api.ts';
import type { ActionResult } from '../action-result.ts';
import { pageOf } from '../list-query.ts';
import { foundOr404, recordIdOf } from '../record.server.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';
import {
  emptyProductValues,
  fieldErrorsOf,
  issuesByField,
  productValuesFromPost,
  productValuesOf,
  productWriteOf,
  variationAttributesOf,
  variationValuesFromPost,
  variationWriteOf,
  type FieldErrors,
  type ProductFormValues,
  type VariationFormValues,
} from './product-form.ts';
import { PRODUCT_STATUS_FILTERS } from './product-labels.ts';

const PAGE_SIZE = 20;

export interface ProductFilters {
  search: string;
  status: string;
  category: string;
}

export function productFiltersOf(url: URL): ProductFilters {
  const status = url.searchParams.get('status') ?? '';
  const category = url.searchParams.get('category') ?? '';
  return {
    search: (url.searchParams.get('search') ?? '').trim().slice(0, 200),
    status: PRODUCT_STATUS_FILTERS.some((option) => option.value === status) ? status : 'any',
    category: /^\d{1,9}$/.test(category) ? category : '',
  };
}

export async function loadProducts(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const filters = productFiltersOf(url);
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  const [products, categories] = await Promise.all([
    api.listProducts({
      search: filters.search || undefined,
      status: filters.status,
      category: filters.category || undefined,
      page,
      per_page: PAGE_SIZE,
      orderby: 'title',
      order: 'asc',
    }),
    api.listCategories(),
  ]);
  return { filters, page, categories, ...products };
}

/** What a product form's action answers: the outcome, and what was typed when it was refused. */
export interface ProductActionResult extends ActionResult {
  values?: ProductFormValues;
  variation?: { id: number | 'new'; values: VariationFormValues };
}

const refusedWith = (
  message: string,
  fieldErrors: FieldErrors,
  extra: Pick<ProductActionResult, 'values' | 'variation'>,
  status = 400,
) => data<ProductActionResult>({ ok: false, message, fieldErrors, ...extra }, { status });

/**
 * A write, or the API's refusal of it with what was typed kept; a 5xx is the error page. `field`
 * puts the message beside one field (an upload's refusal belongs to the file input).
 */
async function writeOrRefuse<T>(
  write: () => Promise<T>,
  extra: Pick<ProductActionResult, 'values' | 'variation'>,
  field?: string,
): Promise<{ done: T; refusal?: undefined } | { refusal: ReturnType<typeof refusedWith> }> {
  try {
    return { done: await write() };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (field)
      return {
        refusal: refusedWith(error.message, { [field]: error.message }, extra, error.status),
      };
    const fieldErrors = fieldErrorsOf(error.params);
    // A refusal naming fields reads "Invalid parameter(s): …": the fields say what is wrong.
    const message =
      Object.keys(fieldErrors).length > 0
        ? extra.variation
          ? CHECK_VARIATION
          : CHECK
        : error.message;
    return { refusal: refusedWith(message, fieldErrors, extra, error.status) };
  }
}

const CHECK = 'The product was not saved: check the highlighted fields.';
const CHECK_VARIATION = 'The variation was not saved: check the highlighted fields.';

/** An image the form posts, or null when none was chosen. */
function postedFile(formData: FormData, name: string): File | null {
  const value = formData.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

export async function loadNewProduct(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  return { categories: await api.listCategories(), values: emptyProductValues() };
}

/** Creates a product from the new-product form, with its first image; then opens it. */
export async function createProductAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const values = productValuesFromPost(formData);
  const { body, errors } = productWriteOf(values);
  const parsed = ProductCreateSchema.safeParse(body);
  const fieldErrors = { ...(parsed.success ? {} : issuesByField(parsed.error)), ...errors };
  if (!parsed.success || Object.keys(errors).length > 0) {
    return refusedWith(CHECK, fieldErrors, { values });
  }
  const file = postedFile(formData, 'image');
  const images: Array<{ id: number }> = [];
  if (file) {
    const alt = postedText(formData, 'image_alt').trim();
    const uploaded = await writeOrRefuse(() => api.uploadImage(file, alt), { values }, 'image');
    if (uploaded.refusal) return uploaded.refusal;
    images.push({ id: uploaded.done.id });
  }
  const created = await writeOrRefuse(() => api.createProduct({ ...parsed.data, images }), {
    values,
  });
  if (created.refusal) return created.refusal;
  return redirect(`/admin/products/${created.done.id}?saved=created`);
}

const SAVED_MESSAGES: Record<string, string> = {
  created: 'The product was created. Add more pictures or variations below.',
};
const savedMessage = (key: string | null) => (key ? SAVED_MESSAGES[key] : undefined);

export async function loadProduct(request: Request, params: { id?: string }, apiFetch: ApiFetch) {
  const id = recordIdOf(params);
  const api = await ownerApi(request, apiFetch);
  const [product, categories] = await foundOr404(
    Promise.all([api.getProduct(id), api.listCategories()]),
  );
  const url = new URL(request.url);
  const editing = url.searchParams.get('variation');
  return {
    product,
    categories,
    values: productValuesOf(product),
    /** The variation whose form is open (`?variation=12`, or `new`). */
    editingVariation:
      editing === 'new'
        ? ('new' as const)
        : product.variations.some((v) => String(v.variation_id) === editing)
          ? Number(editing)
          : null,
    /** Said once after a redirect here (`?saved=created`). */
    notice: savedMessage(url.searchParams.get('saved')),
  };
}

/** Every change to one product: its fields, images and variations (`intent` says which). */
export async function productAction(request: Request, params: { id?: string }, apiFetch: ApiFetch) {
  const id = recordIdOf(params);
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');

  if (intent === 'save') {
    const values = productValuesFromPost(formData);
    const { body, errors } = productWriteOf(values);
    const parsed = ProductUpdateSchema.safeParse(body);
    if (!parsed.success || Object.keys(errors).length > 0) {
      const fieldErrors = { ...(parsed.success ? {} : issuesByField(parsed.error)), ...errors };
      return refusedWith(CHECK, fieldErrors, { values });
    }
    const saved = await writeOrRefuse(() => api.updateProduct(id, parsed.data), { values });
    if (saved.refusal) return saved.refusal;
    return data<ProductActionResult>({
      ok: true,
      message: `${saved.done.name} was saved${saved.done.status === 'publish' ? ' and is on the shop now' : ''}.`,
    });
  }

  if (intent === 'upload') {
    const file = postedFile(formData, 'image');
    if (!file) return refused('Choose an image to upload.', { image: 'Choose an image file.' });
    const product = await foundOr404(api.getProduct(id));
    const alt = postedText(formData, 'image_alt').trim();
    const uploaded = await writeOrRefuse(() => api.uploadImage(file, alt), {}, 'image');
    if (uploaded.refusal) return uploaded.refusal;
    return runAction(async () => {
      await api.updateProduct(id, {
        images: [...product.images.map((image) => ({ id: image.id })), { id: uploaded.done.id }],
      });
      return product.images.length === 0
        ? 'The image was added as the main image.'
        : 'The image was added at the end of the gallery.';
    });
  }

  if (intent === 'image-alt') {
    const imageId = postedId(formData);
    const update = MediaUpdateSchema.safeParse({ alt_text: postedText(formData, 'alt_text') });
    if (imageId === null) return refused('Choose an image.');
    if (!update.success) {
      return refused('The description was not saved.', {
        [`alt.${imageId}`]: update.error.issues[0]?.message,
      });
    }
    return runAction(async () => {
      await api.updateImage(imageId, update.data);
      return 'The image’s description was saved.';
    });
  }

  if (intent === 'image-main' || intent === 'image-earlier' || intent === 'image-remove') {
    const imageId = postedId(formData);
    const product = await foundOr404(api.getProduct(id));
    const ids = product.images.map((image) => image.id);
    const at = imageId === null ? -1 : ids.indexOf(imageId);
    if (at === -1) return refused('That image is not in this product’s gallery.');
    const reordered = [...ids];
    reordered.splice(at, 1);
    if (intent === 'image-main') reordered.unshift(ids[at]!);
    if (intent === 'image-earlier') reordered.splice(Math.max(0, at - 1), 0, ids[at]!);
    return runAction(async () => {
      await api.updateProduct(id, { images: reordered.map((image) => ({ id: image })) });
      return intent === 'image-remove'
        ? 'The image was taken off the product.'
        : intent === 'image-main'
          ? 'That image is the main image now.'
          : 'The image was moved one place earlier.';
    });
  }

  if (intent === 'variation-save') {
    const product = await foundOr404(api.getProduct(id));
    return saveVariation(api, product, formData);
  }

  if (intent === 'variation-remove') {
    const variationId = postedId(formData);
    if (variationId === null) return refused('Choose a variation.');
    return runAction(async () => {
      await api.deleteVariation(id, variationId);
      return 'The variation was removed.';
    });
  }

  return refused('Choose what to change.');
}

/** A new variation (`id` is `new`) or a change to one, from the variation form. */
async function saveVariation(api: BackOfficeApi, product: Product, formData: FormData) {
  const posted = postedText(formData, 'id');
  const variationId = posted === 'new' ? ('new' as const) : postedId(formData);
  if (variationId === null) return refused('Choose a variation.');
  const values = variationValuesFromPost(formData, product);
  const { body, errors } = variationWriteOf(values);
  const variation = { id: variationId, values };
  // A new variation needs its price; a change may leave out what it does not change.
  const parsed =
    variationId === 'new'
      ? VariationCreateSchema.safeParse(body)
      : VariationUpdateSchema.safeParse(body);
  if (!parsed.success || Object.keys(errors).length > 0) {
    const fieldErrors = {
      ...(parsed.success ? {} : issuesByField(parsed.error, { variation: true })),
      ...errors,
    };
    return refusedWith(CHECK_VARIATION, fieldErrors, { variation });
  }
  const write = parsed.data;
  const saved = await writeOrRefuse(
    () =>
      variationId === 'new'
        ? api.createVariation(product.id, VariationCreateSchema.parse(write))
        : api.updateVariation(product.id, variationId, write),
    { variation },
  );
  if (saved.refusal) return saved.refusal;
  const label = variationAttributesOf(product)
    .map((attribute) => values.attributes[attribute.name])
    .join(', ');
  const named = label ? `The variation ${label}` : 'The variation';
  return data<ProductActionResult>({
    ok: true,
    message: variationId === 'new' ? `${named} was added.` : `${named} was saved.`,
  });
}
