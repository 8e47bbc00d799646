import {
  apiPaths,
  MEDIA_PATH,
  paginationHeaders,
  type ActivityEntry,
  type ContactMessage,
  type Customer,
  type Media,
  type MediaUpdate,
  type NewsletterSubscriber,
  type OrderNote,
  type OrderNoteCreate,
  type OrderRefund,
  type OrderRefundCreate,
  type OwnerCustomerUpdate,
  type OwnerOrder,
  type OwnerOrderUpdate,
  type Product,
  type ProductCategory,
  type ProductCreate,
  type ProductUpdate,
  type ProductReview,
  type ReviewModeration,
  type SalesReport,
  type VariationCreate,
  type VariationUpdate,
  type WholesaleApplicationDecision,
  type WholesaleApplicationRecord,
} from '@larder/contract';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from './api-error.ts';

type Query = Record<string, string | number | undefined>;

/** One page of an owner's list, with WordPress's X-WP-Total and X-WP-TotalPages. */
export interface ListPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The owner-only half of the shop API (the back office at /admin). Kept apart from the shop's client
 * so no shop page carries it; only the admin routes' loaders and actions import it.
 */
export function createBackOfficeApi(apiFetch: ApiFetch) {
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await apiFetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...Object.fromEntries(new Headers(init.headers)),
      },
    });
    if (!response.ok) throw await ApiError.fromResponse(response, path);
    return response;
  }

  async function list<T>(path: string, query: Query = {}): Promise<ListPage<T>> {
    const response = await send(withQuery(path, query));
    const items = (await response.json()) as T[];
    const total = Number(response.headers.get(paginationHeaders.total) ?? items.length);
    const totalPages = Number(response.headers.get(paginationHeaders.totalPages) ?? 1);
    return { items, total, totalPages: Math.max(1, totalPages) };
  }

  const get = async <T>(path: string, query: Query = {}) =>
    (await (await send(withQuery(path, query))).json()) as T;
  const put = async <T>(path: string, body: unknown) =>
    (await (await send(path, { method: 'PUT', body: JSON.stringify(body) })).json()) as T;
  const post = async <T>(path: string, body: unknown) =>
    (await (await send(path, { method: 'POST', body: JSON.stringify(body) })).json()) as T;
  const remove = async (path: string) => {
    await send(path, { method: 'DELETE' });
  };

  /** Only the count of a list: one row fetched, the total read from X-WP-Total. */
  const count = async (path: string, query: Query) =>
    (await list<unknown>(path, { ...query, per_page: 1 })).total;

  return {
    count,

    listReviews: (query: Query) => list<ProductReview>(apiPaths.productReviews, query),
    moderateReview: (id: number, moderation: ReviewModeration) =>
      put<ProductReview>(`${apiPaths.productReviews}/${id}`, moderation),

    listWholesaleApplications: (query: Query) =>
      list<WholesaleApplicationRecord>(apiPaths.wholesaleApplications, query),
    getWholesaleApplication: (id: number) =>
      get<WholesaleApplicationRecord>(`${apiPaths.wholesaleApplications}/${id}`),
    decideWholesaleApplication: (id: number, decision: WholesaleApplicationDecision) =>
      put<WholesaleApplicationRecord>(`${apiPaths.wholesaleApplications}/${id}`, decision),

    listContactMessages: (query: Query) => list<ContactMessage>(apiPaths.contactMessages, query),
    markContactMessage: (id: number, handled: boolean) =>
      put<ContactMessage>(`${apiPaths.contactMessages}/${id}`, { handled }),
    listNewsletterSubscribers: (query: Query) =>
      list<NewsletterSubscriber>(apiPaths.newsletterSubscribers, query),
    /** The sign-ups as the API's CSV file, passed through as it is. */
    exportNewsletterSubscribers: () =>
      send(apiPaths.newsletterExport, { headers: { accept: 'text/csv' } }),

    listOrders: (query: Query) => list<OwnerOrder>(apiPaths.orders, query),
    getOrder: (id: number) => get<OwnerOrder>(`${apiPaths.orders}/${id}`),
    updateOrder: (id: number, update: OwnerOrderUpdate) =>
      put<OwnerOrder>(`${apiPaths.orders}/${id}`, update),
    listOrderNotes: (id: number) => get<OrderNote[]>(`${apiPaths.orders}/${id}/notes`),
    addOrderNote: (id: number, note: OrderNoteCreate) =>
      post<OrderNote>(`${apiPaths.orders}/${id}/notes`, note),
    refundOrder: (id: number, refund: OrderRefundCreate) =>
      post<OrderRefund>(`${apiPaths.orders}/${id}/refunds`, refund),

    listCustomers: (query: Query) => list<Customer>(apiPaths.customers, query),
    getCustomer: (id: number) => get<Customer>(`${apiPaths.customers}/${id}`),
    changeCustomerRole: (id: number, update: OwnerCustomerUpdate) =>
      put<Customer>(`${apiPaths.customers}/${id}`, update),

    /** WooCommerce answers with a list of one report; taken either way. */
    salesReport: (query: Query) => get<SalesReport | SalesReport[]>(apiPaths.salesReport, query),

    /** Every product, drafts too, for the stock figures (the API has no stock-level filter). */
    listAllProducts: () =>
      list<Product>(apiPaths.products, { status: 'any', per_page: 100, orderby: 'title' }),

    /** The owner's reading (`context=edit`): drafts too, and the wholesale price. */
    listProducts: (query: Query) => list<Product>(apiPaths.products, { ...query, context: 'edit' }),
    getProduct: (id: number) => get<Product>(`${apiPaths.products}/${id}`, { context: 'edit' }),
    createProduct: (product: ProductCreate) => post<Product>(apiPaths.products, product),
    updateProduct: (id: number, update: ProductUpdate) =>
      put<Product>(`${apiPaths.products}/${id}`, update),
    createVariation: (productId: number, variation: VariationCreate) =>
      post<unknown>(`${apiPaths.products}/${productId}/variations`, variation),
    updateVariation: (productId: number, id: number, update: VariationUpdate) =>
      put<unknown>(`${apiPaths.products}/${productId}/variations/${id}`, update),
    deleteVariation: (productId: number, id: number) =>
      remove(`${apiPaths.products}/${productId}/variations/${id}?force=true`),
    listCategories: () =>
      get<ProductCategory[]>(apiPaths.productCategories, { per_page: 100, orderby: 'name' }),

    /** An image's bytes as WordPress takes them: the raw file, its name in Content-Disposition. */
    uploadImage: async (file: File, altText: string) => {
      const response = await send(withQuery(MEDIA_PATH, { alt_text: altText }), {
        method: 'POST',
        body: new Uint8Array(await file.arrayBuffer()),
        headers: {
          'content-type': file.type || 'application/octet-stream',
          'content-disposition': `attachment; filename="${file.name.replace(/[^\w.-]+/g, '-')}"`,
        },
      });
      return (await response.json()) as Media;
    },
    updateImage: (id: number, update: MediaUpdate) => put<Media>(`${MEDIA_PATH}/${id}`, update),

    listActivity: (query: Query) => list<ActivityEntry>(apiPaths.activityLog, query),
  };
}

export type BackOfficeApi = ReturnType<typeof createBackOfficeApi>;
