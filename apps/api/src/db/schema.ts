import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FoodInfo, ImageSizes, PageHero, WholesaleTier } from '@larder/contract';

const timestamps = {
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  modifiedAt: timestamp('modified_at', { mode: 'date' }).notNull().defaultNow(),
};

/** PostgreSQL's text-search document; read only inside SQL, never selected into JavaScript. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Records which one-off data jobs (the demo seed) have run, so a restart never repeats them. */
export const dataMarkers = pgTable('data_markers', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { mode: 'date' }).notNull().defaultNow(),
});

/** Uploaded images; `file` is relative to /wp-content/uploads/. */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  altText: text('alt_text').notNull().default(''),
  file: text('file').notNull(),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The generated AVIF/WebP widths (modules/media), as served; `{}` until generated. */
  sizes: jsonb('sizes').$type<ImageSizes>().notNull().default({}),
  ...timestamps,
});

export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  avatarMediaId: integer('avatar_media_id').references(() => media.id),
});

// ---------------------------------------------------------------- catalogue

export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  parentId: integer('parent_id').notNull().default(0),
  description: text('description').notNull().default(''),
  display: text('display', { enum: ['default', 'products', 'subcategories', 'both'] })
    .notNull()
    .default('default'),
  imageMediaId: integer('image_media_id').references(() => media.id),
  menuOrder: integer('menu_order').notNull().default(0),
});

/** A product attribute as stored: options in the order the merchant entered them. */
export interface StoredAttribute {
  name: string;
  options: string[];
  visible: boolean;
  variation: boolean;
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    type: text('type', { enum: ['simple', 'variable'] }).notNull(),
    status: text('status', { enum: ['draft', 'pending', 'private', 'publish'] })
      .notNull()
      .default('publish'),
    featured: boolean('featured').notNull().default(false),
    catalogVisibility: text('catalog_visibility', {
      enum: ['visible', 'catalog', 'search', 'hidden'],
    })
      .notNull()
      .default('visible'),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    sku: text('sku').notNull().default(''),
    /** Simple products only; a variable product's prices live on its variations. */
    regularPriceCents: integer('regular_price_cents'),
    salePriceCents: integer('sale_price_cents'),
    wholesalePriceCents: integer('wholesale_price_cents'),
    /** Wholesale ordering rules (decision 0037): quantities in multiples of the case, at least the minimum. */
    wholesaleCaseSize: integer('wholesale_case_size').notNull().default(1),
    wholesaleMinQuantity: integer('wholesale_min_quantity').notNull().default(1),
    /** Quantity breaks sorted by minQuantity, prices falling, each below the wholesale price. */
    wholesaleTiers: jsonb('wholesale_tiers').$type<WholesaleTier[]>().notNull().default([]),
    /** Denormalised current price (lowest variation price for variable products), for sorting and price filters. */
    priceCents: integer('price_cents').notNull().default(0),
    manageStock: boolean('manage_stock').notNull().default(false),
    stockQuantity: integer('stock_quantity'),
    stockStatus: text('stock_status', { enum: ['instock', 'outofstock', 'onbackorder'] })
      .notNull()
      .default('instock'),
    weight: text('weight').notNull().default(''),
    length: text('length').notNull().default(''),
    width: text('width').notNull().default(''),
    height: text('height').notNull().default(''),
    reviewsAllowed: boolean('reviews_allowed').notNull().default(true),
    totalSales: integer('total_sales').notNull().default(0),
    menuOrder: integer('menu_order').notNull().default(0),
    attributes: jsonb('attributes').$type<StoredAttribute[]>().notNull().default([]),
    food: jsonb('food').$type<FoodInfo>().notNull(),
    /** WooCommerce's tax status: taxable, shipping (only its shipping is taxed) or none. */
    taxStatus: text('tax_status', { enum: ['taxable', 'shipping', 'none'] })
      .notNull()
      .default('taxable'),
    /** '' is the standard class; food is 'reduced-rate'. */
    taxClass: text('tax_class', { enum: ['', 'reduced-rate', 'zero-rate'] })
      .notNull()
      .default(''),
    /**
     * Product search (decision 0032): the name weighs most (A), the copy, ingredients and allergens
     * least (C). Categories and dietary claims (B) live in other rows or in the contract's rule, so
     * the search adds them when it reads. Generated, so no write can leave it behind.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', short_description || ' ' || description || ' ' || coalesce(food->>'ingredients', '') || ' ' || coalesce(food->'allergens', '[]'::jsonb)::text), 'C')`,
    ),
    ...timestamps,
  },
  (table) => [
    // The listing's filters, then the storefront's order (menu_order desc, id desc): the list and
    // its count(*) over() read this index alone instead of every wide product row (decision 0012).
    index('products_listing_idx').on(
      table.status,
      table.catalogVisibility,
      table.stockStatus,
      table.menuOrder,
      table.id,
    ),
    index('products_search_idx').using('gin', table.searchVector),
    // Related products are a category's or a dietary tag's best sellers: walking this index, each
    // group's first few are found without sorting the catalogue (catalog.repo.ts, relatedIds).
    index('products_best_sellers_idx')
      .on(table.totalSales.desc().nullsFirst(), table.id)
      .where(sql`${table.status} = 'publish' and ${table.catalogVisibility} <> 'hidden'`),
  ],
);

export const productVariations = pgTable(
  'product_variations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().default(''),
    /** Attribute name → chosen option, e.g. { "Size": "2 lb" }. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    regularPriceCents: integer('regular_price_cents').notNull(),
    salePriceCents: integer('sale_price_cents'),
    /** Stored for the wholesale_customer role; only served when the viewer may see it (spec §6). */
    wholesalePriceCents: integer('wholesale_price_cents'),
    /** The variation's own wholesale rules; all null (case size null) takes the product's. */
    wholesaleCaseSize: integer('wholesale_case_size'),
    wholesaleMinQuantity: integer('wholesale_min_quantity'),
    wholesaleTiers: jsonb('wholesale_tiers').$type<WholesaleTier[]>(),
    stockStatus: text('stock_status', { enum: ['instock', 'outofstock', 'onbackorder'] })
      .notNull()
      .default('instock'),
    stockQuantity: integer('stock_quantity'),
    weight: text('weight').notNull().default(''),
    imageMediaId: integer('image_media_id').references(() => media.id),
    menuOrder: integer('menu_order').notNull().default(0),
    /** 'parent' takes the product's class, as in WooCommerce. */
    taxClass: text('tax_class', { enum: ['parent', '', 'reduced-rate', 'zero-rate'] })
      .notNull()
      .default('parent'),
  },
  (table) => [index('product_variations_product_idx').on(table.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.mediaId] })],
);

export const productCategoryAssignments = pgTable(
  'product_category_assignments',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.categoryId] }),
    index('product_category_assignments_category_idx').on(table.categoryId),
  ],
);

/**
 * Product reviews. average_rating and rating_count are computed from the approved ones when
 * products are read, so approving or removing a review needs no second write.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['approved', 'hold', 'spam', 'trash'] })
      .notNull()
      .default('hold'),
    reviewer: text('reviewer').notNull(),
    reviewerEmail: text('reviewer_email').notNull(),
    /** Plain text, trimmed; rendered escaped, never as HTML. */
    review: text('review').notNull(),
    /** 1 to 5; 0 means "no rating" (WooCommerce) and is left out of the average. */
    rating: integer('rating').notNull(),
    /** Written by a signed-in customer who bought the product. */
    verified: boolean('verified').notNull().default(false),
    /** The signed-in author; null for a guest. Counts a customer's verified reviews whatever their email. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** When the shop owner was emailed about it; null when that failed. */
    notifiedAt: timestamp('notified_at', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('product_reviews_product_status_idx').on(table.productId, table.status),
    index('product_reviews_customer_idx').on(table.customerId, table.productId),
    // The same person saying the same thing about the same product twice is a duplicate (409).
    uniqueIndex('product_reviews_duplicate_idx').on(
      table.productId,
      sql`lower(${table.reviewerEmail})`,
      sql`md5(${table.review})`,
    ),
  ],
);

// ---------------------------------------------------------------- forms

export const contactSubmissions = pgTable('contact_submissions', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  message: text('message').notNull(),
  /** When the shop owner was emailed; null when sending failed, so it can be retried or read here. */
  notifiedAt: timestamp('notified_at', { mode: 'date' }),
  /** When an owner marked it handled in the back office; null while it waits for an answer. */
  handledAt: timestamp('handled_at', { mode: 'date' }),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    /** As typed; uniqueness ignores case. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_idx').on(sql`lower(${table.email})`)],
);

/**
 * "Email me when it's back": one waiting request per address and item (variation 0: the product
 * itself). `notified_at` is set as the back-in-stock email is sent, so each request is sent once.
 */
export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').notNull().default(0),
    /** As typed; a second request ignores case. */
    email: text('email').notNull(),
    /** sha256 of the secret key in the cancel link. */
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { mode: 'date' }),
  },
  (table) => [
    uniqueIndex('stock_notifications_waiting_idx')
      .on(table.productId, table.variationId, sql`lower(${table.email})`)
      .where(sql`${table.notifiedAt} is null`),
  ],
);

// ---------------------------------------------------------------- shipping

/** Zone 0 is the catch-all ("Locations not covered by your other zones"), stored with id 0. */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    zoneOrder: integer('zone_order').notNull().default(0),
  },
  // The owner picks zones by name in the back office: two of one name could not be told apart.
  (table) => [uniqueIndex('shipping_zones_name_idx').on(sql`lower(${table.name})`)],
);

/** A zone matches a country (`US`), a state (`US:NC`), a continent (`NA`) or, as a narrowing rule, postcodes (`277*`, `90000...96199`). */
export const shippingZoneLocations = pgTable(
  'shipping_zone_locations',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    type: text('type', { enum: ['country', 'state', 'postcode', 'continent'] }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.zoneId, table.type, table.code] })],
);

/** WooCommerce keeps method settings as strings: cost, per_item_cost, min_amount, requires. */
export type ShippingMethodSettings = Partial<
  Record<'cost' | 'per_item_cost' | 'min_amount' | 'requires', string>
>;

export const shippingZoneMethods = pgTable(
  'shipping_zone_methods',
  {
    instanceId: serial('instance_id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    methodId: text('method_id', { enum: ['flat_rate', 'free_shipping', 'local_pickup'] }).notNull(),
    title: text('title').notNull(),
    methodOrder: integer('method_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings').$type<ShippingMethodSettings>().notNull().default({}),
  },
  (table) => [index('shipping_zone_methods_zone_idx').on(table.zoneId)],
);

// ---------------------------------------------------------------- tax

/**
 * WooCommerce's tax rates: a rate applies where country, state, postcodes and cities match ('' or
 * [] matches all); at each priority the first match (by rate_order) applies, and priorities add.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull().default(''),
    state: text('state').notNull().default(''),
    /** Exact codes, wildcards (`277*`) or ranges (`27500...27599`), as shipping zones match them. */
    postcodes: jsonb('postcodes').$type<string[]>().notNull().default([]),
    cities: jsonb('cities').$type<string[]>().notNull().default([]),
    /** The percentage in ten-thousandths of a percent (7.5 % is 75000): WooCommerce keeps 4 decimals. */
    rateMicros: integer('rate_micros').notNull(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(1),
    compound: boolean('compound').notNull().default(false),
    shipping: boolean('shipping').notNull().default(true),
    rateOrder: integer('rate_order').notNull().default(0),
    taxClass: text('tax_class', { enum: ['standard', 'reduced-rate', 'zero-rate'] })
      .notNull()
      .default('standard'),
  },
  (table) => [index('tax_rates_location_idx').on(table.country, table.state)],
);

/** One applied rate on an order (WooCommerce's tax_lines entry). */
export interface StoredTaxLine {
  rateId: number;
  rateCode: string;
  label: string;
  compound: boolean;
  /** "7.5000" */
  ratePercent: string;
  taxCents: number;
  shippingTaxCents: number;
}

export interface StoredLineTax {
  rateId: number;
  cents: number;
}

/**
 * The shop's wholesale order minimums in cents (decision 0037): one row, id 1, written by the
 * owner; no row means no minimum.
 */
export const wholesaleSettings = pgTable('wholesale_settings', {
  id: integer('id').primaryKey().default(1),
  openingMinimumCents: integer('opening_minimum_cents').notNull().default(0),
  reorderMinimumCents: integer('reorder_minimum_cents').notNull().default(0),
  modifiedAt: timestamp('modified_at', { mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- orders

/** An address as stored on an order (billing adds email). */
export interface StoredAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email?: string;
}

/** A customer account: shoppers, wholesale buyers and the shop owner (role decides which). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased, so one address is one account whatever its spelling. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** argon2id, PHC string; never leaves the server. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', {
      enum: ['customer', 'wholesale_customer', 'administrator', 'shop_manager'],
    })
      .notNull()
      .default('customer'),
    billing: jsonb('billing').$type<StoredAddress | null>(),
    shipping: jsonb('shipping').$type<StoredAddress | null>(),
    metaData: jsonb('meta_data')
      .$type<Array<{ id: number; key: string; value: unknown }>>()
      .notNull()
      .default([]),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Two-factor sign-in (owners): the TOTP secret, base32; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret shown for setup, until the owner confirms a code from it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step a code was accepted for: a code works once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    /** Pay on account (decision 0038): a wholesale account's terms; null when it pays up front. */
    paymentTerms: text('payment_terms', { enum: ['net15', 'net30', 'net60'] }),
    /** What its unpaid invoices may add up to, in cents; set together with the terms. */
    creditLimitCents: integer('credit_limit_cents'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customers_email_key').on(table.email),
    uniqueIndex('customers_username_key').on(table.username),
  ],
);

/**
 * A signed-in browser or API client. The token names the session, so signing out (or changing the
 * password) ends it on the server, not just in the browser.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    /** sha256 of the random id carried in the token. */
    idHash: text('id_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { mode: 'date' }),
  },
  (table) => [index('customer_sessions_customer_idx').on(table.customerId)],
);

/**
 * Forgot-password keys: one per customer, so a new request replaces (invalidates) the older key.
 * Only a SHA-256 of the emailed key is kept; a used key keeps its row with `used_at` set.
 */
export const passwordResetKeys = pgTable('password_reset_keys', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull(),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { mode: 'date' }),
});

/**
 * A requested email change, waiting for its link (sent to the new address) to be opened. One per
 * customer: a new request replaces the last. Only a hash of the link's key is kept.
 */
export const emailChangeKeys = pgTable('email_change_keys', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  keyHash: text('key_hash').notNull(),
  createdAt: timestamp('created_at', { mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { mode: 'date' }),
});

// ---------------------------------------------------------------- wholesale

/** The business address on a wholesale application (no names or phone: those are fields of their own). */
export type WholesaleAddress = Pick<
  StoredAddress,
  'company' | 'address_1' | 'address_2' | 'city' | 'state' | 'postcode' | 'country'
>;

/**
 * A wholesale application. Approval turns its customer's role into `wholesale_customer`. The
 * certificate is stored outside the public uploads (`certificate_file` is relative to
 * `${DATA_DIR}/private/certificates`).
 */
export const wholesaleApplications = pgTable(
  'wholesale_applications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: jsonb('address').$type<WholesaleAddress>().notNull(),
    taxId: text('tax_id').notNull(),
    salesChannels: text('sales_channels').notNull(),
    monthlyVolume: text('monthly_volume').notNull(),
    certificateFile: text('certificate_file').notNull(),
    /** Decided from the file's first bytes, not from its name or the browser's claim. */
    certificateType: text('certificate_type').notNull(),
    certificateBytes: integer('certificate_bytes').notNull(),
    /** The name the applicant's file had, for the owner's reference only. */
    certificateName: text('certificate_name').notNull().default(''),
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('wholesale_applications_status_idx').on(table.status, table.createdAt),
    // One pending application per account (409 for a second).
    uniqueIndex('wholesale_applications_one_pending_idx')
      .on(table.customerId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderKey: text('order_key').notNull().unique(),
    status: text('status', {
      enum: ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'],
    })
      .notNull()
      .default('pending'),
    /** 0 for a guest. */
    customerId: integer('customer_id').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    billing: jsonb('billing').$type<StoredAddress>().notNull(),
    shipping: jsonb('shipping').$type<StoredAddress>().notNull(),
    paymentMethod: text('payment_method').notNull().default(''),
    paymentMethodTitle: text('payment_method_title').notNull().default(''),
    transactionId: text('transaction_id').notNull().default(''),
    customerNote: text('customer_note').notNull().default(''),
    shippingMethodId: text('shipping_method_id', {
      enum: ['flat_rate', 'free_shipping', 'local_pickup'],
    }).notNull(),
    shippingInstanceId: integer('shipping_instance_id').notNull(),
    shippingTitle: text('shipping_title').notNull(),
    shippingTotalCents: integer('shipping_total_cents').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** Tax on the lines and on shipping, fixed when the order is placed (decision 0033). */
    cartTaxCents: integer('cart_tax_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    /** The rates applied, copied so a later rate change never alters a placed order. */
    taxLines: jsonb('tax_lines').$type<StoredTaxLine[]>().notNull().default([]),
    /** Why the order carries no tax although its destination has rates; null when not exempt. */
    taxExemptReason: text('tax_exempt_reason'),
    /** What the order's discount codes took off its lines (modules/coupons). */
    discountTotalCents: integer('discount_total_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** The price list the order was priced on: wholesale for an approved buyer's order. */
    priceList: text('price_list', { enum: ['retail', 'wholesale'] })
      .notNull()
      .default('retail'),
    /** Set when an owner marks the order fulfilled; the shipping email links to the carrier. */
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    dateShipped: timestamp('date_shipped', { mode: 'date' }),
    customerIp: text('customer_ip').notNull().default(''),
    customerUserAgent: text('customer_user_agent').notNull().default(''),
    /**
     * held: units taken from stock for a pending order; reduced: final after payment;
     * released: given back when the order was cancelled. Guards against restoring or reducing twice.
     */
    stockState: text('stock_state', { enum: ['held', 'reduced', 'released'] })
      .notNull()
      .default('held'),
    holdExpiresAt: timestamp('hold_expires_at', { mode: 'date' }),
    dateCreated: timestamp('date_created', { mode: 'date' }).notNull().defaultNow(),
    dateModified: timestamp('date_modified', { mode: 'date' }).notNull().defaultNow(),
    datePaid: timestamp('date_paid', { mode: 'date' }),
    dateCompleted: timestamp('date_completed', { mode: 'date' }),
    /** An invoice order's terms, copied from the account when placed (decision 0038). */
    paymentTerms: text('payment_terms', { enum: ['net15', 'net30', 'net60'] }),
    /** The buyer's purchase-order number ('' when none was given). */
    purchaseOrderNumber: text('purchase_order_number').notNull().default(''),
    /** When an invoice order is to be paid: the order's date plus its terms' days. */
    dateDue: timestamp('date_due', { mode: 'date' }),
    /** WooCommerce's created_via: 'admin' for an order the owner entered in the back office (decision 0041). */
    createdVia: text('created_via', { enum: ['rest-api', 'admin'] })
      .notNull()
      .default('rest-api'),
    /** When the buyer was sent the overdue reminder: claimed once, before it is sent. */
    overdueRemindedAt: timestamp('overdue_reminded_at', { mode: 'date' }),
  },
  (table) => [
    index('orders_customer_idx').on(table.customerId, table.dateCreated),
    index('orders_hold_idx').on(table.status, table.holdExpiresAt),
    // Every order newest first (the owner's command line): no full scan of a million rows.
    index('orders_date_idx').on(table.dateCreated, table.id),
    // The reminder job's look for invoices past due and not yet reminded (only invoices have a due date).
    index('orders_invoice_reminder_idx')
      .on(table.dateDue)
      .where(sql`${table.overdueRemindedAt} is null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign keys to the catalogue: an order keeps its lines when a product is deleted.
    productId: integer('product_id').notNull(),
    variationId: integer('variation_id').notNull().default(0),
    name: text('name').notNull(),
    parentName: text('parent_name'),
    sku: text('sku').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The line's share of the order's discount codes: WooCommerce's total is totalCents − this. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Variation attributes in the product's order, e.g. [{ key: "Size", value: "2 lb" }]. */
    attributes: jsonb('attributes').$type<{ key: string; value: string }[]>().notNull().default([]),
    image: jsonb('image').$type<{ id: number; src: string }>().notNull(),
    /** Units taken from managed stock for this line (0 when the item's stock is not managed). */
    stockHeld: integer('stock_held').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The product's tax class when ordered ('' standard). */
    taxClass: text('tax_class').notNull().default(''),
    /** The line's tax by rate id, as WooCommerce's line `taxes`. */
    taxes: jsonb('taxes').$type<StoredLineTax[]>().notNull().default([]),
  },
  (table) => [index('order_items_order_idx').on(table.orderId)],
);

/** One row per payment attempt; the idempotency key makes a repeated request charge once. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's charge or capture id. */
    providerRef: text('provider_ref').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * pending: claimed before the provider is called, so one order has one charge in flight
     * (a text column: adding this value needed no migration).
     */
    status: text('status', { enum: ['pending', 'succeeded', 'declined', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_payments_order_idx').on(table.orderId)],
);

/** WooCommerce's order notes: private to owners, or sent to the customer (`customer_note`). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    customerNote: boolean('customer_note').notNull().default(false),
    /** The owner's name, or 'system' for notes the shop writes itself (status changes). */
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderId, table.createdAt)],
);

/** WooCommerce's refunds: part or all of an order's total, given back through its payment provider. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    /** The provider's refund id; empty when the money was given back outside the shop. */
    providerRef: text('provider_ref').notNull().default(''),
    refundedBy: integer('refunded_by').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_refunds_order_idx').on(table.orderId)],
);

// ---------------------------------------------------------------- discount codes

/**
 * WooCommerce's coupons. `amount` is in hundredths: cents for the fixed types, hundredths of a
 * percent for `percent` (12.5 % is 1250), so every amount is an integer.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    discountType: text('discount_type', { enum: ['percent', 'fixed_cart', 'fixed_product'] })
      .notNull()
      .default('fixed_cart'),
    amount: integer('amount').notNull().default(0),
    freeShipping: boolean('free_shipping').notNull().default(false),
    minimumCents: integer('minimum_cents').notNull().default(0),
    usageLimit: integer('usage_limit'),
    usageLimitPerUser: integer('usage_limit_per_user'),
    /** Uses by orders not cancelled; taken with the order, in its transaction. */
    usageCount: integer('usage_count').notNull().default(0),
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    excludedProductIds: jsonb('excluded_product_ids').$type<number[]>().notNull().default([]),
    categoryIds: jsonb('category_ids').$type<number[]>().notNull().default([]),
    excludedCategoryIds: jsonb('excluded_category_ids').$type<number[]>().notNull().default([]),
    individualUse: boolean('individual_use').notNull().default(false),
    /** Ours: `retail` or `wholesale` limits the code to buyers on that price list. */
    priceList: text('price_list', { enum: ['any', 'retail', 'wholesale'] })
      .notNull()
      .default('any'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    dateStarts: timestamp('date_starts', { mode: 'date' }),
    dateExpires: timestamp('date_expires', { mode: 'date' }),
    ...timestamps,
  },
  // Codes are matched whatever their case, as WooCommerce matches them.
  (table) => [uniqueIndex('coupons_code_idx').on(sql`lower(${table.code})`)],
);

/** A code used by an order: what it took off, and who used it (per-customer limits). */
export const orderCoupons = pgTable(
  'order_coupons',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign key: an order keeps its code line when the coupon is deleted.
    couponId: integer('coupon_id').notNull(),
    code: text('code').notNull(),
    discountCents: integer('discount_cents').notNull(),
    /** The code made the order's shipping free. */
    freeShipping: boolean('free_shipping').notNull().default(false),
    customerId: integer('customer_id').notNull().default(0),
    billingEmail: text('billing_email').notNull().default(''),
    /** Set when the order was cancelled and the use given back. */
    releasedAt: timestamp('released_at', { mode: 'date' }),
  },
  (table) => [
    index('order_coupons_order_idx').on(table.orderId),
    index('order_coupons_coupon_idx').on(table.couponId),
  ],
);

// ---------------------------------------------------------------- back office

/** Every owner action, for the back office's activity log: who did what, to what, and when. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull(),
    /** Kept as written, so the log still reads right after the account is renamed or removed. */
    actorName: text('actor_name').notNull(),
    /** A dotted verb, e.g. `order.fulfilled`, `review.status`, `wholesale.approved`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_log_date_idx').on(table.createdAt, table.id),
    index('activity_log_subject_idx').on(table.subjectType, table.subjectId),
  ],
);

// ---------------------------------------------------------------- content

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  excerpt: text('excerpt').notNull().default(''),
  status: text('status', { enum: ['publish', 'draft'] })
    .notNull()
    .default('publish'),
  authorId: integer('author_id').references(() => authors.id),
  parentId: integer('parent_id').notNull().default(0),
  menuOrder: integer('menu_order').notNull().default(0),
  featuredMediaId: integer('featured_media_id').references(() => media.id),
  /** Hero and page chrome (the old site's ACF group); header_image is resolved from headerImageMediaId. */
  hero: jsonb('hero').$type<Omit<PageHero, 'header_image'>>().notNull(),
  headerImageMediaId: integer('header_image_media_id').references(() => media.id),
  ...timestamps,
});

export const posts = pgTable('posts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  excerpt: text('excerpt').notNull().default(''),
  status: text('status', { enum: ['publish', 'draft'] })
    .notNull()
    .default('publish'),
  authorId: integer('author_id')
    .notNull()
    .references(() => authors.id),
  featuredMediaId: integer('featured_media_id').references(() => media.id),
  sticky: boolean('sticky').notNull().default(false),
  ...timestamps,
});

export const postCategories = pgTable('post_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  parentId: integer('parent_id').notNull().default(0),
});

export const postCategoryAssignments = pgTable(
  'post_category_assignments',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.postId, table.categoryId] })],
);

export const teamMembers = pgTable('team_members', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  content: text('content').notNull().default(''),
  status: text('status', { enum: ['publish', 'draft'] })
    .notNull()
    .default('publish'),
  role: text('role').notNull(),
  shortBio: text('short_bio').notNull().default(''),
  menuOrder: integer('menu_order').notNull().default(0),
  featuredMediaId: integer('featured_media_id').references(() => media.id),
  ...timestamps,
});

export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  content: text('content').notNull().default(''),
  status: text('status', { enum: ['publish', 'draft'] })
    .notNull()
    .default('publish'),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  postcode: text('postcode').notNull(),
  country: text('country').notNull().default('US'),
  phone: text('phone').notNull().default(''),
  website: text('website').notNull().default(''),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  featuredMediaId: integer('featured_media_id').references(() => media.id),
  ...timestamps,
});

/**
 * A wholesale account's request to be listed on the store locator (issue 15). Approval makes a
 * `locations` row (`location_id`); removing the listing deletes that row and keeps this one.
 */
export const stockistListings = pgTable(
  'stockist_listings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'removed'] })
      .notNull()
      .default('pending'),
    businessName: text('business_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull().default('US'),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    note: text('note').notNull().default(''),
    declineReason: text('decline_reason'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('stockist_listings_status_idx').on(table.status, table.createdAt),
    index('stockist_listings_customer_idx').on(table.customerId),
    // One open request per account: a second is refused until the owner decides the first.
    uniqueIndex('stockist_listings_one_pending_idx')
      .on(table.customerId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------- relations (drizzle's relational queries)

export const productsRelations = relations(products, ({ many }) => ({
  variations: many(productVariations),
  reviews: many(productReviews),
  images: many(productImages),
  categoryAssignments: many(productCategoryAssignments),
}));

export const productVariationsRelations = relations(productVariations, ({ one }) => ({
  product: one(products, { fields: [productVariations.productId], references: [products.id] }),
  image: one(media, { fields: [productVariations.imageMediaId], references: [media.id] }),
}));

export const productReviewsRelations = relations(productReviews, ({ one }) => ({
  product: one(products, { fields: [productReviews.productId], references: [products.id] }),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
  media: one(media, { fields: [productImages.mediaId], references: [media.id] }),
}));

export const productCategoryAssignmentsRelations = relations(
  productCategoryAssignments,
  ({ one }) => ({
    product: one(products, {
      fields: [productCategoryAssignments.productId],
      references: [products.id],
    }),
    category: one(productCategories, {
      fields: [productCategoryAssignments.categoryId],
      references: [productCategories.id],
    }),
  }),
);

export const productCategoriesRelations = relations(productCategories, ({ one }) => ({
  image: one(media, { fields: [productCategories.imageMediaId], references: [media.id] }),
}));

export const shippingZonesRelations = relations(shippingZones, ({ many }) => ({
  locations: many(shippingZoneLocations),
  methods: many(shippingZoneMethods),
}));

export const shippingZoneLocationsRelations = relations(shippingZoneLocations, ({ one }) => ({
  zone: one(shippingZones, {
    fields: [shippingZoneLocations.zoneId],
    references: [shippingZones.id],
  }),
}));

export const shippingZoneMethodsRelations = relations(shippingZoneMethods, ({ one }) => ({
  zone: one(shippingZones, {
    fields: [shippingZoneMethods.zoneId],
    references: [shippingZones.id],
  }),
}));

export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
  coupons: many(orderCoupons),
  payments: many(orderPayments),
}));

export const orderCouponsRelations = relations(orderCoupons, ({ one }) => ({
  order: one(orders, { fields: [orderCoupons.orderId], references: [orders.id] }),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));

export const orderPaymentsRelations = relations(orderPayments, ({ one }) => ({
  order: one(orders, { fields: [orderPayments.orderId], references: [orders.id] }),
}));

export const authorsRelations = relations(authors, ({ one }) => ({
  avatar: one(media, { fields: [authors.avatarMediaId], references: [media.id] }),
}));

export const pagesRelations = relations(pages, ({ one }) => ({
  author: one(authors, { fields: [pages.authorId], references: [authors.id] }),
  featuredMedia: one(media, {
    fields: [pages.featuredMediaId],
    references: [media.id],
    relationName: 'pageFeatured',
  }),
  headerImage: one(media, {
    fields: [pages.headerImageMediaId],
    references: [media.id],
    relationName: 'pageHeader',
  }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(authors, { fields: [posts.authorId], references: [authors.id] }),
  featuredMedia: one(media, { fields: [posts.featuredMediaId], references: [media.id] }),
  categoryAssignments: many(postCategoryAssignments),
}));

export const postCategoryAssignmentsRelations = relations(postCategoryAssignments, ({ one }) => ({
  post: one(posts, { fields: [postCategoryAssignments.postId], references: [posts.id] }),
  category: one(postCategories, {
    fields: [postCategoryAssignments.categoryId],
    references: [postCategories.id],
  }),
}));

export const teamMembersRelations = relations(teamMembers, ({ one }) => ({
  featuredMedia: one(media, { fields: [teamMembers.featuredMediaId], references: [media.id] }),
}));

export const locationsRelations = relations(locations, ({ one }) => ({
  featuredMedia: one(media, { fields: [locations.featuredMediaId], references: [media.id] }),
}));

// ---------------------------------------------------------------- REST API keys (issue 17)

/** An owner's key pair for outside tools, as WooCommerce's woocommerce_api_keys (decision 0036). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    /** The account the key acts as; its keys go with it. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    permissions: text('permissions', { enum: ['read', 'write', 'read_write'] }).notNull(),
    /** HMAC-SHA256 of the consumer key with the key "wc-api", as WooCommerce's wc_api_hash. */
    consumerKeyHash: text('consumer_key_hash').notNull(),
    /** Kept as issued: an OAuth 1.0a signature is checked with it (decision 0036). */
    consumerSecret: text('consumer_secret').notNull(),
    truncatedKey: text('truncated_key').notNull(),
    lastAccess: timestamp('last_access', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('api_keys_consumer_key_hash_idx').on(table.consumerKeyHash),
    index('api_keys_customer_idx').on(table.customerId),
  ],
);

/** OAuth nonces a key has used in the last 15 minutes: a signed request is accepted once. */
export const apiKeyNonces = pgTable(
  'api_key_nonces',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    usedAt: timestamp('used_at', { mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.keyId, table.nonce] }),
    index('api_key_nonces_used_idx').on(table.keyId, table.usedAt),
  ],
);

/** WooCommerce's webhooks (decision 0042): a topic's events POSTed to a delivery URL, signed. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().default(''),
  /** paused by the owner, disabled by the shop after repeated failed deliveries. */
  status: text('status', { enum: ['active', 'paused', 'disabled'] })
    .notNull()
    .default('active'),
  /** `order.created`…: the trigger on each resource's table matches deliveries by it. */
  topic: text('topic').notNull(),
  deliveryUrl: text('delivery_url').notNull(),
  /** The HMAC key of X-WC-Webhook-Signature: the receiver holds it too, so it is kept as is. */
  secret: text('secret').notNull(),
  /** The owner who made it: payloads are the resource as this account reads it. */
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** Failed attempts in a row; a success sets it back to 0. */
  failureCount: integer('failure_count').notNull().default(0),
  ...timestamps,
});

/**
 * The durable outbox: one row per event and webhook, written by the database trigger in the
 * transaction that changed the resource, and worked off by every shop process.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's topic (`order.created`), or `webhook.ping` for the ping on activation. */
    topic: text('topic').notNull(),
    resourceId: integer('resource_id').notNull(),
    /** The writing transaction: one delivery per resource and topic however many rows it touched. */
    txid: bigint('txid', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next (a retry's back-off, a claim's lease); null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { mode: 'date' }),
    /** The body as first sent, so every retry sends the same. */
    requestBody: text('request_body'),
    lastAttemptAt: timestamp('last_attempt_at', { mode: 'date' }),
    responseCode: integer('response_code'),
    /** The first 1,000 characters of the receiver's answer, or why it could not be reached. */
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_idx').on(
      table.webhookId,
      table.topic,
      table.resourceId,
      table.txid,
    ),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.id),
  ],
);

/**
 * E-mails waiting to be sent (decision 0057): written in the transaction that makes them due (a
 * payment's), sent by whichever process sends e-mails, retried until a mail server takes them.
 */
export const queuedEmails = pgTable(
  'queued_emails',
  {
    id: serial('id').primaryKey(),
    /** The message as the mail module takes it; attachments' bytes in base64. */
    message: jsonb('message').notNull(),
    /** What it is about, for the log: `order 12`. */
    about: text('about').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take it next (a retry's back-off, a claim's lease); null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { mode: 'date' }),
    /** Why the last attempt failed. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { mode: 'date' }),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('queued_emails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
