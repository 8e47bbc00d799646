import {
  queuedEmailPaths,
  type QueuedEmail,
  type QueuedEmailStatus,
  webhookPaths,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookEdit,
  type WebhookUpdate,
  apiKeyPaths,
  apiPaths,
  couponApiPaths,
  type Coupon,
  type InvoicePaymentCreate,
  type WholesaleTermsUpdate,
  type CouponCreate,
  type CouponUpdate,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ActivityEntry,
  type CatalogFileFormat,
  type CatalogImportResult,
  type ContactMessage,
  type Country,
  type Customer,
  type Media,
  type MediaUpdate,
  type NewsletterSubscriber,
  type OrderNote,
  type OrderNoteCreate,
  type OrderRefund,
  type OrderDocumentFile,
  type OrderRefundCreate,
  type OwnerCustomerUpdate,
  type OwnerOrder,
  type OwnerOrderUpdate,
  type Order,
  type OrderCreate,
  type ShippingRate,
  type ShippingRatesRequest,
  type WholesaleTerms,
  type Product,
  type ProductCategory,
  type ProductCreate,
  type ProductUpdate,
  type ProductReview,
  type ReviewModeration,
  type SalesReport,
  type ShippingZone,
  type ShippingZoneCreate,
  type ShippingZoneLocation,
  type ShippingZoneLocationsUpdate,
  type ShippingZoneMethod,
  type ShippingZoneMethodCreate,
  type ShippingZoneMethodUpdate,
  type ShippingZoneUpdate,
  type TaxRate,
  type TaxRateCreate,
  type TaxRateUpdate,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type VariationCreate,
  type VariationUpdate,
  type WholesaleApplicationDecision,
  type WholesaleApplicationRecord,
  type WholesaleSettings,
  type WholesaleSettingsUpdate,
  ownerApiPaths,
  type StockistListing,
  type StockistListingDecision,
  wholesaleAccountPaths,
  wholesaleOrderingPaths,
} from '@larder/contract';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from './api-error.ts';
import { listPageOf, withQuery, type ListPage, type Query } from './list-page.ts';

export type { ListPage } from './list-page.ts';

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

  const list = async <T>(path: string, query: Query = {}): Promise<ListPage<T>> =>
    listPageOf<T>(await send(withQuery(path, query)));

  const get = async <T>(path: string, query: Query = {}) =>
    (await (await send(withQuery(path, query))).json()) as T;
  const put = async <T>(path: string, body: unknown) =>
    (await (await send(path, { method: 'PUT', body: JSON.stringify(body) })).json()) as T;
  const post = async <T>(path: string, body: unknown) =>
    (await (await send(path, { method: 'POST', body: JSON.stringify(body) })).json()) as T;
  /** DELETE answers what was deleted, as WooCommerce does. */
  const remove = async <T>(path: string) =>
    (await (await send(path, { method: 'DELETE' })).json()) as T;

  /** Only the count of a list: one row fetched, the total read from X-WP-Total. */
  const count = async (path: string, query: Query) =>
    (await list<unknown>(path, { ...query, per_page: 1 })).total;

  return {
    count,

    twoFactorStatus: () => get<TwoFactorStatus>(apiPaths.twoFactor),
    startTwoFactorSetup: () => post<TwoFactorSetup>(`${apiPaths.twoFactor}/setup`, {}),
    enableTwoFactor: (code: string) =>
      post<{ message: string }>(`${apiPaths.twoFactor}/enable`, { code }),
    disableTwoFactor: (code: string) =>
      post<{ message: string }>(`${apiPaths.twoFactor}/disable`, { code }),

    /** The PDF as the API answers it, to pass on to the browser as it is. */
    orderDocument: (orderId: number, file: OrderDocumentFile) =>
      send(`${ownerApiPaths.orderDocuments}/${orderId}/${file}`, {
        headers: { accept: 'application/pdf' },
      }),

    listCoupons: (query: Query) => list<Coupon>(couponApiPaths.coupons, query),
    getCoupon: (id: number) => get<Coupon>(`${couponApiPaths.coupons}/${id}`),
    createCoupon: (coupon: CouponCreate) => post<Coupon>(couponApiPaths.coupons, coupon),
    updateCoupon: (id: number, coupon: CouponUpdate) =>
      put<Coupon>(`${couponApiPaths.coupons}/${id}`, coupon),
    deleteCoupon: (id: number) => remove<Coupon>(`${couponApiPaths.coupons}/${id}`),

    listReviews: (query: Query) => list<ProductReview>(apiPaths.productReviews, query),
    moderateReview: (id: number, moderation: ReviewModeration) =>
      put<ProductReview>(`${apiPaths.productReviews}/${id}`, moderation),

    listWholesaleApplications: (query: Query) =>
      list<WholesaleApplicationRecord>(apiPaths.wholesaleApplications, query),
    listStockistListings: (query: Query) =>
      list<StockistListing>(wholesaleAccountPaths.stockistListings, query),
    decideStockistListing: (id: number, decision: StockistListingDecision) =>
      put<StockistListing>(`${wholesaleAccountPaths.stockistListings}/${id}`, decision),
    removeStockistListing: (id: number) =>
      remove<StockistListing>(`${wholesaleAccountPaths.stockistListings}/${id}`),
    getWholesaleApplication: (id: number) =>
      get<WholesaleApplicationRecord>(`${apiPaths.wholesaleApplications}/${id}`),
    decideWholesaleApplication: (id: number, decision: WholesaleApplicationDecision) =>
      put<WholesaleApplicationRecord>(`${apiPaths.wholesaleApplications}/${id}`, decision),
    /** The shop's opening and reorder minimums for wholesale orders ("0.00": none). */
    getWholesaleSettings: () => get<WholesaleSettings>(wholesaleOrderingPaths.settings),
    updateWholesaleSettings: (update: WholesaleSettingsUpdate) =>
      put<WholesaleSettings>(wholesaleOrderingPaths.settings, update),

    listContactMessages: (query: Query) => list<ContactMessage>(apiPaths.contactMessages, query),
    markContactMessage: (id: number, handled: boolean) =>
      put<ContactMessage>(`${apiPaths.contactMessages}/${id}`, { handled }),
    listNewsletterSubscribers: (query: Query) =>
      list<NewsletterSubscriber>(apiPaths.newsletterSubscribers, query),
    /** The sign-ups as the API's CSV file, passed through as it is. */
    exportNewsletterSubscribers: () =>
      send(apiPaths.newsletterExport, { headers: { accept: 'text/csv' } }),

    listOrders: (query: Query) => list<OwnerOrder>(apiPaths.orders, query),
    /** An order the owner enters for a customer (`customer_id`), priced as them (decision 0041). */
    createOrder: (order: OrderCreate) => post<Order>(apiPaths.orders, order),
    /** Shipping rates quoted as the customer `request.customer_id` names. */
    quoteShippingFor: (request: ShippingRatesRequest) =>
      post<ShippingRate[]>(apiPaths.shippingRates, request),
    /** The order minimum a wholesale customer is held to (opening or reorder). */
    getWholesaleTermsOf: (customerId: number) =>
      get<WholesaleTerms>(wholesaleOrderingPaths.terms, { customer: customerId }),
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
    setWholesaleTerms: (id: number, wholesale: WholesaleTermsUpdate) =>
      put<Customer>(`${apiPaths.customers}/${id}`, { wholesale }),
    markInvoicePaid: (id: number, payment: InvoicePaymentCreate) =>
      post<OwnerOrder>(`${apiPaths.orders}/${id}/invoice-payment`, payment),

    /** WooCommerce answers with a list of one report; taken either way. */
    salesReport: (query: Query) => get<SalesReport | SalesReport[]>(apiPaths.salesReport, query),

    /** Every product, drafts too, for the stock figures (the API has no stock-level filter). */
    /** Every product the owner has (`context=edit`: drafts, hidden and sold-out ones too). */
    listAllProducts: async () => {
      const products: Product[] = [];
      for (let page = 1; ; page++) {
        const { items, totalPages } = await list<Product>(apiPaths.products, {
          status: 'any',
          context: 'edit',
          per_page: 100,
          orderby: 'title',
          page,
        });
        products.push(...items);
        if (page >= totalPages) return products;
      }
    },

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
      const response = await send(withQuery(ownerApiPaths.media, { alt_text: altText }), {
        method: 'POST',
        body: new Uint8Array(await file.arrayBuffer()),
        headers: {
          'content-type': file.type || 'application/octet-stream',
          'content-disposition': `attachment; filename="${file.name.replace(/[^\w.-]+/g, '-')}"`,
        },
      });
      return (await response.json()) as Media;
    },
    updateImage: (id: number, update: MediaUpdate) =>
      put<Media>(`${ownerApiPaths.media}/${id}`, update),

    listActivity: (query: Query) => list<ActivityEntry>(apiPaths.activityLog, query),

    listCountries: () => get<Country[]>(apiPaths.countries),
    listShippingZones: () => get<ShippingZone[]>(apiPaths.shippingZones),
    /** Every rate, in matching order: a shop has tens, not thousands. */
    listTaxRates: () => get<TaxRate[]>(ownerApiPaths.taxes, { per_page: 100, orderby: 'order' }),
    createTaxRate: (rate: TaxRateCreate) => post<TaxRate>(ownerApiPaths.taxes, rate),
    updateTaxRate: (id: number, update: TaxRateUpdate) =>
      put<TaxRate>(`${ownerApiPaths.taxes}/${id}`, update),
    deleteTaxRate: (id: number) => remove<TaxRate>(`${ownerApiPaths.taxes}/${id}?force=true`),
    listApiKeys: () => get<ApiKey[]>(apiKeyPaths.apiKeys),
    /** The only answer that holds the consumer key and secret. */
    createApiKey: (key: ApiKeyCreate) => post<ApiKeyCreated>(apiKeyPaths.apiKeys, key),
    revokeApiKey: (id: number) => remove<ApiKey>(`${apiKeyPaths.apiKeys}/${id}`),
    listWebhooks: () => get<Webhook[]>(webhookPaths.webhooks, { per_page: 100 }),
    /** With its secret, for the edit form. */
    getWebhook: (id: number) =>
      get<WebhookEdit>(`${webhookPaths.webhooks}/${id}`, { context: 'edit' }),
    listWebhookDeliveries: (id: number) => get<WebhookDelivery[]>(webhookPaths.deliveries(id)),
    createWebhook: (webhook: WebhookCreate) => post<Webhook>(webhookPaths.webhooks, webhook),
    updateWebhook: (id: number, update: WebhookUpdate) =>
      put<Webhook>(`${webhookPaths.webhooks}/${id}`, update),
    deleteWebhook: (id: number) => remove<Webhook>(`${webhookPaths.webhooks}/${id}?force=true`),

    listQueuedEmails: (query: {
      status?: QueuedEmailStatus | 'all';
      page?: number;
      per_page?: number;
    }) => list<QueuedEmail>(queuedEmailPaths.emails, query),
    resendEmail: (id: number) => post<QueuedEmail>(queuedEmailPaths.resend(id), {}),
    createShippingZone: (zone: ShippingZoneCreate) =>
      post<ShippingZone>(apiPaths.shippingZones, zone),
    updateShippingZone: (id: number, update: ShippingZoneUpdate) =>
      put<ShippingZone>(`${apiPaths.shippingZones}/${id}`, update),
    deleteShippingZone: (id: number) => remove<ShippingZone>(`${apiPaths.shippingZones}/${id}`),
    listShippingZoneLocations: (id: number) =>
      get<ShippingZoneLocation[]>(`${apiPaths.shippingZones}/${id}/locations`),
    setShippingZoneLocations: (id: number, locations: ShippingZoneLocationsUpdate) =>
      put<ShippingZoneLocation[]>(`${apiPaths.shippingZones}/${id}/locations`, locations),
    /** Disabled methods too: the owner is asking. */
    listShippingZoneMethods: (id: number) =>
      get<ShippingZoneMethod[]>(`${apiPaths.shippingZones}/${id}/methods`),
    addShippingZoneMethod: (id: number, method: ShippingZoneMethodCreate) =>
      post<ShippingZoneMethod>(`${apiPaths.shippingZones}/${id}/methods`, method),
    updateShippingZoneMethod: (id: number, instanceId: number, update: ShippingZoneMethodUpdate) =>
      put<ShippingZoneMethod>(`${apiPaths.shippingZones}/${id}/methods/${instanceId}`, update),
    deleteShippingZoneMethod: (id: number, instanceId: number) =>
      remove<ShippingZoneMethod>(`${apiPaths.shippingZones}/${id}/methods/${instanceId}`),
    /** The catalogue file as the API's attachment, passed through as it is. */
    exportCatalog: (format: CatalogFileFormat) =>
      send(withQuery(ownerApiPaths.catalogExport, { format }), { headers: { accept: '*/*' } }),
    /** Sends the file as it is; `dryRun` only checks it and says what would change. */
    importCatalog: async (text: string, format: CatalogFileFormat, dryRun: boolean) => {
      const path = withQuery(ownerApiPaths.catalogImport, { format, dry_run: String(dryRun) });
      const type = format === 'csv' ? 'text/csv' : 'application/json';
      const response = await send(path, {
        method: 'POST',
        body: text,
        headers: { 'content-type': type },
      });
      return (await response.json()) as CatalogImportResult;
    },
  };
}

export type BackOfficeApi = ReturnType<typeof createBackOfficeApi>;
