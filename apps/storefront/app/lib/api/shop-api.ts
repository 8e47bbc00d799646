import {
  apiPaths,
  type CardPaymentRequest,
  type ConfirmEmailRequest,
  type ConfirmEmailResult,
  type ContactSubmission,
  type Country,
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
  type FormResult,
  type Location,
  type LoginRequest,
  type LoginResult,
  type NewsletterResult,
  type Order,
  type OrderCreate,
  type Page,
  type PaymentGateway,
  type PaymentResult,
  type PayPalPaymentRequest,
  type Post,
  type Product,
  type ProductCategory,
  type ProductReview,
  type ReviewCreate,
  type ShippingRate,
  type ShippingRatesRequest,
  type TeamMember,
} from '@larder/contract';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from './api-error.ts';
import { listPageOf, withQuery, type ListPage, type Query } from './list-page.ts';

/** Spec §9: page size 100 for every list. */
const PAGE_SIZE = 100;

/** Spec §7: the storefront's product list query. */
const PRODUCT_LIST_QUERY = {
  per_page: PAGE_SIZE,
  catalog_visibility: 'visible',
  status: 'publish',
  orderby: 'menu_order',
  order: 'desc',
  stock_status: 'instock',
} satisfies Query;

/** Spec §7: attribute options sorted by length, variations by ascending display_price, hidden products dropped. */
export function normaliseProduct(product: Product): Product {
  return {
    ...product,
    attributes: product.attributes.map((attribute) => ({
      ...attribute,
      options: [...attribute.options].sort((a, b) => a.length - b.length),
    })),
    variations: [...product.variations].sort((a, b) => a.display_price - b.display_price),
  };
}

function notFound(what: string): ApiError {
  return new ApiError(404, 'rest_not_found', `${what} not found.`);
}

/**
 * The only code that calls the shop API. Loaders build it from the load context's `apiFetch`;
 * responses are trusted to match @larder/contract (the API validates its own output).
 */
export function createShopApi(apiFetch: ApiFetch) {
  async function read(path: string, query: Query): Promise<Response> {
    const url = withQuery(path, query);
    const response = await apiFetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw await ApiError.fromResponse(response, url);
    return response;
  }

  async function get<T>(path: string, query: Query = {}): Promise<T> {
    return (await (await read(path, query)).json()) as T;
  }

  /** A list's page with X-WP-Total and X-WP-TotalPages. */
  async function getPage<T>(path: string, query: Query): Promise<ListPage<T>> {
    return listPageOf<T>(await read(path, query));
  }

  async function post<T>(path: string, body: unknown): Promise<T> {
    const response = await apiFetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw await ApiError.fromResponse(response, path);
    return (await response.json()) as T;
  }

  async function firstBySlug<T>(
    path: string,
    slug: string,
    what: string,
    query: Query = {},
  ): Promise<T> {
    const items = await get<T[]>(path, { ...query, slug, per_page: 1 }).catch((error: unknown) => {
      // A slug the API refuses outright (a NUL in the address, say) names nothing: not found.
      if (error instanceof ApiError && error.status === 400 && 'slug' in error.params) return [];
      throw error;
    });
    const [item] = items;
    if (!item) throw notFound(what);
    return item;
  }

  return {
    getPageBySlug: (slug: string) => firstBySlug<Page>(apiPaths.pages, slug, 'Page'),
    /** Spec §7: every page (the sitemap lists the public ones). */
    listPages: () => get<Page[]>(apiPaths.pages, { per_page: PAGE_SIZE }),

    listPosts: (query: Query = {}) =>
      get<Post[]>(apiPaths.posts, { per_page: PAGE_SIZE, ...query }),
    getPostBySlug: (slug: string) => firstBySlug<Post>(apiPaths.posts, slug, 'Post'),

    /** Spec §7: _embed for the photo, by menu_order ascending. */
    listTeam: () =>
      get<TeamMember[]>(apiPaths.team, {
        _embed: 1,
        orderby: 'menu_order',
        order: 'asc',
        per_page: PAGE_SIZE,
      }),
    listLocations: () => get<Location[]>(apiPaths.locations, { _embed: 1, per_page: PAGE_SIZE }),

    async listProducts(query: Query = {}): Promise<Product[]> {
      const products = await get<Product[]>(apiPaths.products, { ...PRODUCT_LIST_QUERY, ...query });
      return products
        .filter((product) => product.catalog_visibility !== 'hidden')
        .map(normaliseProduct);
    },
    async getProductBySlug(slug: string): Promise<Product> {
      const product = await firstBySlug<Product>(apiPaths.products, slug, 'Product', {
        status: 'publish',
      });
      if (product.catalog_visibility === 'hidden') throw notFound('Product');
      return normaliseProduct(product);
    },
    listProductCategories: () =>
      get<ProductCategory[]>(apiPaths.productCategories, {
        per_page: PAGE_SIZE,
        hide_empty: 'true',
      }),

    /** Spec §7: the approved reviews of one product (the API filters by `product`), newest first. */
    listProductReviews: (productId: number) =>
      get<ProductReview[]>(apiPaths.productReviews, { product: productId, per_page: PAGE_SIZE }),
    /** Spec §7: the trailing slash is the spec's path. Held for moderation unless the API approves it. */
    createProductReview: (review: ReviewCreate) =>
      post<ProductReview>(`${apiPaths.productReviews}/`, review),
    /** Spec §7: form id 1 with fields 1 to 5. */
    submitContactForm: (submission: ContactSubmission) =>
      post<FormResult>(apiPaths.formSubmit, submission),
    subscribeToNewsletter: (email: string) =>
      post<NewsletterResult>(apiPaths.newsletter, { email }),

    /** Spec §7: every country with its states (`[]` when it has none); names may carry entities. */
    listCountries: () => get<Country[]>(apiPaths.countries),
    /** Spec §7: the rates for an address and the cart's lines, cheapest first. */
    getShippingRates: (request: ShippingRatesRequest) =>
      post<ShippingRate[]>(apiPaths.shippingRates, request),
    /** Spec §7: the enabled gateways, with only what a browser may know of each. */
    listPaymentGateways: () => get<PaymentGateway[]>(apiPaths.paymentGateways),
    /** Spec §7: the order plus customer_id; the server prices it and holds its stock. */
    createOrder: (order: OrderCreate) => post<Order>(apiPaths.orders, order),
    /** One order: its owner, or anyone with its `order_key` (a guest). */
    getOrder: (id: number, key?: string) => get<Order>(`${apiPaths.orders}/${id}`, { key }),
    /**
     * Spec §7: a page of the signed-in customer's own orders, newest first, 100 a page, with how
     * many there are (the API refuses anyone else's).
     */
    listCustomerOrders: (customerId: number, page = 1) =>
      getPage<Order>(apiPaths.orders, { customer: customerId, per_page: PAGE_SIZE, page }),
    /** Products by id, priced for this viewer today (a wholesale buyer gets `wholesale_price`). */
    async listProductsById(ids: number[]): Promise<Product[]> {
      if (ids.length === 0) return [];
      const products = await get<Product[]>(apiPaths.products, {
        include: ids.join(','),
        per_page: PAGE_SIZE,
        status: 'publish',
      });
      return products.map(normaliseProduct);
    },
    /** Spec §7: names, email, billing and shipping; first and last name follow billing. */
    updateCustomer: (id: number, update: CustomerUpdate) =>
      post<Customer>(`${apiPaths.customers}/${id}`, update),
    /** Spec §7 `POST /password`: the current password is required; other devices are signed out. */
    changePassword: (change: { current_password: string; password: string }) =>
      post<{ message: string }>(apiPaths.changePassword, change),
    /** Spec §4: pays an order with the payment method the card widget created; 200 or an error. */
    payByCard: (payment: CardPaymentRequest) => post<PaymentResult>(apiPaths.cardPayment, payment),
    /** The PayPal order for the order's server-computed total, for the buttons to approve. */
    createPayPalOrder: (order: { order_id: number; order_key?: string }) =>
      post<{ id: string }>(apiPaths.paypalOrder, order),
    /** Spec §7: captures the approved PayPal order. */
    payByPayPal: (payment: PayPalPaymentRequest) =>
      post<PaymentResult>(apiPaths.paypalPayment, payment),

    /** Sign-up: creates a customer account; the caller signs in straight after. */
    signUp: (customer: CustomerCreate) => post<Customer>(apiPaths.customers, customer),
    /** Spec §4: sets the httpOnly session cookie; a refusal is an ApiError with the server's message. */
    login: (credentials: LoginRequest) => post<LoginResult>(apiPaths.token, credentials),
    /** Ends the session on the server and clears its cookies; harmless when signed out. */
    logout: () => post<{ message: string }>(apiPaths.logout, {}),
    /** The signed-in customer (session cookie); 401 for a visitor or an ended session. */
    getMe: () => get<Customer>(`${apiPaths.customers}/me`),
    /** Always the same answer, whether or not the address has an account. */
    requestPasswordReset: (email: string) =>
      post<{ message: string }>(apiPaths.forgotPassword, { email }),
    /** Spec §7: the emailed link's key and user id with the new password. */
    resetPassword: (reset: { password: string; key: string; userId: number }) =>
      post<{ message: string }>(apiPaths.resetPassword, reset),
    /** Opens the link emailed to a new address: the account's email becomes it. */
    confirmEmail: (link: ConfirmEmailRequest) =>
      post<ConfirmEmailResult>(apiPaths.confirmEmail, link),
  };
}

export type ShopApi = ReturnType<typeof createShopApi>;
