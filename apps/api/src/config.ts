import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { ShopIdentity } from '@larder/contract';
import { z } from 'zod';
import { weakAuthSecretReason } from './modules/accounts/auth-secret.ts';
import type { S3Settings } from './storage/s3-store.ts';

const DEFAULT_FORM_RATE_LIMIT = '5/10m';
/** The cart page asks for rates as the shopper types (debounced to 500 ms). */
const DEFAULT_SHIPPING_RATES_RATE_LIMIT = '120/1m';
const DEFAULT_ORDER_RATE_LIMIT = '30/10m';
/** Card and PayPal payment posts per client: room for a few declines and retries. */
const DEFAULT_PAYMENT_RATE_LIMIT = '20/10m';
const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';
const PLAUSIBLE_CLOUD = 'https://plausible.io';

/** Their values never appear in a config error (it is logged). */
const SECRET_VARIABLES = new Set([
  'STRIPE_SECRET_KEY',
  'PAYPAL_CLIENT_SECRET',
  'DATABASE_URL',
  'READ_DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
]);

/** Keys that come in pairs: both or neither. */
const KEY_PAIRS = [
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
  ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
] as const;
/** Object storage settings that mean nothing without S3_BUCKET. */
const S3_DETAILS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;
/** Sign-in and password changes per client; failures per account are slowed down too (decision 0019). */
const DEFAULT_LOGIN_RATE_LIMIT = '20/15m';
const DEFAULT_SIGNUP_RATE_LIMIT = '5/1h';
/** Account detail saves, per client and again per account (each e-mail change sends mail). */
const DEFAULT_PROFILE_UPDATE_RATE_LIMIT = '20/15m';
/** Forgot-password requests per client; each address also gets at most 3 links an hour. */
const DEFAULT_PASSWORD_RESET_RATE_LIMIT = '5/15m';
const DEFAULT_WHOLESALE_RATE_LIMIT = '5/1h';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** "5/10m": at most 5 requests per client in 10 minutes (window in s, m or h). */
const rateLimit = z
  .string()
  .regex(/^\s*\d+\s*\/\s*\d+\s*[smh]\s*$/, 'must look like 5/10m (requests per window; s, m or h)')
  .transform((value): RateLimit => {
    const [, max, amount, unit] = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(value)!;
    const unitMs = { s: 1000, m: 60_000, h: 3_600_000 }[unit as 's' | 'm' | 'h'];
    return { max: Number(max), windowMs: Number(amount) * unitMs };
  })
  .refine(
    (limit) => limit.max >= 1 && limit.windowMs >= 1000,
    'must allow at least 1 request in at least 1s',
  );

/** proxy-addr's names for address ranges, as Fastify's trustProxy takes them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * "2": believe that many hops of X-Forwarded-For; "10.0.0.0/8, 2001:db8::1": believe it from those
 * peers. Loopback is always believed: the storefront's server-side calls come from this process.
 */
const trustProxy = z.string().transform((value, context): TrustProxy => {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return [...new Set(['loopback', ...entries])];
  }
  context.addIssue({
    code: 'custom',
    message: 'must be a hop count (1 to 10) or comma-separated proxy addresses or CIDRs',
  });
  return z.NEVER;
});

const mailbox = z
  .string()
  .regex(
    /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
    'must be an email address, optionally as "Name <address>"',
  );

/** The demo brand's identity: what a shop that sets no SHOP_* settings calls itself. */
export const DEMO_SHOP: ShopIdentity = {
  name: 'Larder & Oat',
  tagline: 'Small-batch granola, baked slow in Durham, North Carolina.',
  email: 'hello@larderandoat.com',
  phone: '(919) 555-0142',
  address: {
    street: '318 Hunt Street',
    suite: 'Suite 104',
    city: 'Durham',
    state: 'NC',
    postcode: '27701',
    country: 'US',
  },
};

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .optional(),
  READ_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .optional(),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 60000')
    .max(60_000, 'must be between 0 and 60000')
    .default(5000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Unset: the shop on this machine at PORT (see loadConfig), so links follow a changed port.
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: trustProxy.prefault('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NEWSLETTER_SIGNUP_URL: httpUrl.default('https://larderandoat.substack.com/subscribe'),
  SEED_DEMO_DATA: booleanFlag.default(true),
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag.default(false),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  SEND_EMAILS: booleanFlag.default(true),
  MAIL_FROM: mailbox.default('Larder & Oat <hello@larderandoat.com>'),
  SHOP_OWNER_EMAIL: z.email('must be an email address').default('hello@larderandoat.com'),
  SHOP_NAME: z.string().trim().min(1, 'must not be empty').default(DEMO_SHOP.name),
  SHOP_TAGLINE: z.string().trim().default(DEMO_SHOP.tagline),
  SHOP_EMAIL: z.email('must be an email address').default(DEMO_SHOP.email),
  SHOP_PHONE: z.string().trim().default(DEMO_SHOP.phone),
  SHOP_ADDRESS_STREET: z.string().trim().optional(),
  SHOP_ADDRESS_SUITE: z.string().trim().optional(),
  SHOP_ADDRESS_CITY: z.string().trim().optional(),
  SHOP_ADDRESS_STATE: z.string().trim().optional(),
  SHOP_ADDRESS_POSTCODE: z.string().trim().optional(),
  SHOP_ADDRESS_COUNTRY: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .optional(),
  REVIEW_RATE_LIMIT: rateLimit.prefault(DEFAULT_FORM_RATE_LIMIT),
  CONTACT_RATE_LIMIT: rateLimit.prefault(DEFAULT_FORM_RATE_LIMIT),
  NEWSLETTER_RATE_LIMIT: rateLimit.prefault(DEFAULT_FORM_RATE_LIMIT),
  SHIPPING_RATES_RATE_LIMIT: rateLimit.prefault(DEFAULT_SHIPPING_RATES_RATE_LIMIT),
  ORDER_RATE_LIMIT: rateLimit.prefault(DEFAULT_ORDER_RATE_LIMIT),
  LOGIN_RATE_LIMIT: rateLimit.prefault(DEFAULT_LOGIN_RATE_LIMIT),
  SIGNUP_RATE_LIMIT: rateLimit.prefault(DEFAULT_SIGNUP_RATE_LIMIT),
  PROFILE_UPDATE_RATE_LIMIT: rateLimit.prefault(DEFAULT_PROFILE_UPDATE_RATE_LIMIT),
  PASSWORD_RESET_RATE_LIMIT: rateLimit.prefault(DEFAULT_PASSWORD_RESET_RATE_LIMIT),
  WHOLESALE_RATE_LIMIT: rateLimit.prefault(DEFAULT_WHOLESALE_RATE_LIMIT),
  AUTH_SECRET: z
    .string()
    .superRefine((secret, context) => {
      const reason = weakAuthSecretReason(secret);
      if (reason) context.addIssue({ code: 'custom', message: reason });
    })
    .optional(),
  REMEMBER_ME_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days')
    .default(30),
  ORDER_HOLD_MINUTES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(10_080, 'must be at most 10080 minutes (a week)')
    .default(15),
  // Two cases of twelve bags: more than a shopper buys at once, too little to empty a product.
  ORDER_HOLD_MAX_UNITS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of units')
    .min(1, 'must be at least 1 unit')
    .max(999, 'must be at most 999 units')
    .default(24),
  // Stripe's prefixes are checked so a secret key can never be served as the publishable one.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_\S+$/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  PAYPAL_CLIENT_ID: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  PAYPAL_CLIENT_SECRET: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  PAYPAL_API_BASE: httpUrl.default(PAYPAL_SANDBOX_API),
  PAYMENT_RATE_LIMIT: rateLimit.prefault(DEFAULT_PAYMENT_RATE_LIMIT),
  PLAUSIBLE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'must be a site domain as added in Plausible')
    .optional(),
  PLAUSIBLE_API_HOST: httpUrl.default(PLAUSIBLE_CLOUD),
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXXXXX')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  S3_SECRET_ACCESS_KEY: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
});

const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  if (env.PLAUSIBLE_DOMAIN && env.GA4_MEASUREMENT_ID) {
    context.addIssue({
      code: 'custom',
      path: ['GA4_MEASUREMENT_ID'],
      message: 'set either PLAUSIBLE_DOMAIN or GA4_MEASUREMENT_ID, not both',
    });
  }
  if (env.READ_DATABASE_URL && !env.DATABASE_URL) {
    context.addIssue({
      code: 'custom',
      path: ['READ_DATABASE_URL'],
      message: 'needs DATABASE_URL: a replica reads for a PostgreSQL primary, not for PGlite',
    });
  }
  for (const [a, b] of KEY_PAIRS) {
    if ((env[a] === undefined) !== (env[b] === undefined)) {
      const missing = env[a] === undefined ? a : b;
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `must be set together with ${missing === a ? b : a} (set both or neither)`,
      });
    }
  }
  if (env.S3_BUCKET === undefined) {
    for (const name of S3_DETAILS.filter((name) => env[name] !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'is set but S3_BUCKET is not: set S3_BUCKET to keep uploads in object storage',
      });
    }
  }
});

/** Fastify's trustProxy: hops of X-Forwarded-For to believe, or the peers believed. */
export type TrustProxy = number | string[];

export interface RateLimit {
  /** Requests a client may make in the window. */
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** PGlite keeps its files in `${dataDir}/db`. */
  dataDir: string;
  /** When set, PostgreSQL through `pg` instead of the embedded PGlite. */
  databaseUrl?: string;
  /**
   * A streaming replica of that PostgreSQL: the catalogue and content reads the read cache may keep
   * are read there, with the cache's version (READ_DATABASE_URL; decision 0045).
   */
  readDatabaseUrl?: string;
  /**
   * After SIGTERM: how long the process keeps answering, /readyz failing, before it closes, so the
   * load balancer notices and sends nothing more (SHUTDOWN_DRAIN_MS).
   */
  shutdownDrainMs: number;
  /** When set, rate limits and sign-in and reset counters are kept in Redis, shared by every process. */
  redisUrl?: string;
  /** Whose X-Forwarded-For decides a request's client address (TRUST_PROXY; default loopback). */
  trustProxy: TrustProxy;
  /** Absolute origin used for `link` and `permalink` fields, without a trailing slash. */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  newsletterSignupUrl: string;
  seedDemoData: boolean;
  /** Webhooks may deliver to loopback and private networks (tests, a receiver beside the shop). */
  webhookAllowPrivateUrls: boolean;
  /** Overrides where drizzle's migrations are read from (default: `apps/api/drizzle`). */
  migrationsDir?: string;
  /** smtp(s)://user:pass@host:port; without it, email is written to `${dataDir}/outbox`. */
  smtpUrl?: string;
  /**
   * Whether this process sends the queued e-mails (a paid order's); false: it only queues them,
   * for another process of the shop on the same database to send (decision 0057).
   */
  sendEmails: boolean;
  mailFrom: string;
  /** Receives contact messages, new-review notices and wholesale applications. */
  shopOwnerEmail: string;
  /** Who the shop is, as its e-mails, REST index, command line and pages name it (SHOP_*). */
  shop: ShopIdentity;
  /** Per-client limits on the public write routes (spam guard). */
  rateLimits: {
    review: RateLimit;
    contact: RateLimit;
    newsletter: RateLimit;
    /** `POST /shipping-rates/`. */
    shippingRates: RateLimit;
    /** `POST /orders`. */
    order: RateLimit;
    /** `POST /stripe-payment`, `/paypal-order` and `/paypal-payment` together. */
    payment: RateLimit;
    /** Sign-in and password change. */
    login: RateLimit;
    signUp: RateLimit;
    /** `POST /customers/{id}`: per client, and the same again per account. */
    profileUpdate: RateLimit;
    /** `POST /forgot-password`. */
    passwordReset: RateLimit;
    /** `POST /wholesale-registration/`. */
    wholesale: RateLimit;
  };
  /** Signs session tokens; without it a key is generated once and kept in `${dataDir}/auth-secret`. */
  authSecret?: string;
  /** How long "remember me" keeps a customer signed in. */
  rememberMeDays: number;
  /** How long a pending order holds its stock before it is cancelled unpaid. */
  orderHoldMinutes: number;
  /**
   * Units of one stock-counted product that one client's unpaid orders may hold together (a guest
   * order counts by IP, a customer's by id); wholesale customers are not limited.
   */
  orderHoldMaxUnits: number;
  /**
   * Card payments through Stripe when set (STRIPE_*). With neither Stripe nor PayPal configured,
   * the built-in test provider takes cards and PayPal offline; with either, only those configured.
   */
  stripe?: { secretKey: string; publishableKey: string; apiBase?: string };
  /** PayPal's Orders API (PAYPAL_*); apiBase is the sandbox unless PAYPAL_API_BASE says otherwise. */
  paypal?: { clientId: string; clientSecret: string; apiBase: string };
  /** Page views reported from browsers (spec §7); unset: nothing is sent anywhere. */
  analytics?: AnalyticsConfig;
  /** Uploads in this S3-compatible bucket (S3_*); unset: under `${dataDir}` (decision 0044). */
  s3?: S3Settings;
}

/** Public by nature: browsers read it to report page views. */
export type AnalyticsConfig =
  | { provider: 'plausible'; domain: string; apiHost: string }
  | { provider: 'ga4'; measurementId: string };

/** Thrown by loadConfig with one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; empty strings count as unset so `.env` templates can leave values blank. */
/**
 * SHOP_ADDRESS_* are one address: once any is set, the unset ones are empty (a shop without a
 * suite leaves SHOP_ADDRESS_SUITE out), and only with none set is it the demo brand's.
 */
function shopAddress(env: z.output<typeof EnvSchema>): ShopIdentity['address'] {
  const given = {
    street: env.SHOP_ADDRESS_STREET,
    suite: env.SHOP_ADDRESS_SUITE,
    city: env.SHOP_ADDRESS_CITY,
    state: env.SHOP_ADDRESS_STATE,
    postcode: env.SHOP_ADDRESS_POSTCODE,
    country: env.SHOP_ADDRESS_COUNTRY,
  };
  if (Object.values(given).every((value) => value === undefined)) return DEMO_SHOP.address;
  return {
    street: given.street ?? '',
    suite: given.suite ?? '',
    city: given.city ?? '',
    state: given.state ?? '',
    postcode: given.postcode ?? '',
    country: given.country ?? 'US',
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in EnvSchema.shape && value !== undefined && value.trim() !== '',
    ),
  );
  const result = CheckedEnvSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = env[name] ?? '';
      // A Stripe secret key pasted into the wrong variable is hidden too.
      const secret = SECRET_VARIABLES.has(name) || /^(sk|rk)_/.test(value);
      const got = secret ? '(hidden)' : JSON.stringify(value);
      return `${name}: ${issue.message} (got ${got})`;
    });
    throw new ConfigError(problems);
  }
  const parsed = result.data;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    // Absolute, so file serving (which refuses relative roots) works from any working directory.
    dataDir: resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    readDatabaseUrl: parsed.READ_DATABASE_URL,
    redisUrl: parsed.REDIS_URL,
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS,
    publicUrl: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    newsletterSignupUrl: parsed.NEWSLETTER_SIGNUP_URL,
    seedDemoData: parsed.SEED_DEMO_DATA,
    webhookAllowPrivateUrls: parsed.WEBHOOK_ALLOW_PRIVATE_URLS,
    migrationsDir: parsed.MIGRATIONS_DIR,
    smtpUrl: parsed.SMTP_URL,
    sendEmails: parsed.SEND_EMAILS,
    mailFrom: parsed.MAIL_FROM,
    shopOwnerEmail: parsed.SHOP_OWNER_EMAIL,
    shop: {
      name: parsed.SHOP_NAME,
      tagline: parsed.SHOP_TAGLINE,
      email: parsed.SHOP_EMAIL,
      phone: parsed.SHOP_PHONE,
      address: shopAddress(parsed),
    },
    rateLimits: {
      review: parsed.REVIEW_RATE_LIMIT,
      contact: parsed.CONTACT_RATE_LIMIT,
      newsletter: parsed.NEWSLETTER_RATE_LIMIT,
      shippingRates: parsed.SHIPPING_RATES_RATE_LIMIT,
      order: parsed.ORDER_RATE_LIMIT,
      payment: parsed.PAYMENT_RATE_LIMIT,
      login: parsed.LOGIN_RATE_LIMIT,
      profileUpdate: parsed.PROFILE_UPDATE_RATE_LIMIT,
      signUp: parsed.SIGNUP_RATE_LIMIT,
      passwordReset: parsed.PASSWORD_RESET_RATE_LIMIT,
      wholesale: parsed.WHOLESALE_RATE_LIMIT,
    },
    authSecret: parsed.AUTH_SECRET,
    rememberMeDays: parsed.REMEMBER_ME_DAYS,
    orderHoldMinutes: parsed.ORDER_HOLD_MINUTES,
    orderHoldMaxUnits: parsed.ORDER_HOLD_MAX_UNITS,
    stripe:
      parsed.STRIPE_SECRET_KEY && parsed.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: parsed.STRIPE_SECRET_KEY,
            publishableKey: parsed.STRIPE_PUBLISHABLE_KEY,
            apiBase: parsed.STRIPE_API_BASE,
          }
        : undefined,
    paypal:
      parsed.PAYPAL_CLIENT_ID && parsed.PAYPAL_CLIENT_SECRET
        ? {
            clientId: parsed.PAYPAL_CLIENT_ID,
            clientSecret: parsed.PAYPAL_CLIENT_SECRET,
            apiBase: parsed.PAYPAL_API_BASE,
          }
        : undefined,
    analytics: parsed.PLAUSIBLE_DOMAIN
      ? {
          provider: 'plausible',
          domain: parsed.PLAUSIBLE_DOMAIN,
          apiHost: parsed.PLAUSIBLE_API_HOST,
        }
      : parsed.GA4_MEASUREMENT_ID
        ? { provider: 'ga4', measurementId: parsed.GA4_MEASUREMENT_ID }
        : undefined,
    s3: parsed.S3_BUCKET
      ? {
          bucket: parsed.S3_BUCKET,
          endpoint: parsed.S3_ENDPOINT,
          region: parsed.S3_REGION ?? 'us-east-1',
          credentials:
            parsed.S3_ACCESS_KEY_ID && parsed.S3_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: parsed.S3_ACCESS_KEY_ID,
                  secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
                }
              : undefined,
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
  };
}
