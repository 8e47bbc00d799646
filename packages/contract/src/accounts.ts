import { z } from 'zod';
import { MetaDataSchema } from './common.ts';
import { EmailSchema } from './forms.ts';
import { CustomerWholesaleTermsSchema } from './invoices.ts';
import {
  CheckoutBillingAddressSchema,
  CheckoutShippingAddressSchema,
  OrderBillingSchema,
  OrderShippingSchema,
} from './orders.ts';

/**
 * Spec §6: only `wholesale_customer` sees wholesale prices. `administrator` and `shop_manager` run
 * the shop (WooCommerce's names); both are owners here.
 */
export const CustomerRoleSchema = z.enum([
  'customer',
  'wholesale_customer',
  'administrator',
  'shop_manager',
]);
export type CustomerRole = z.infer<typeof CustomerRoleSchema>;

export const OWNER_ROLES = ['administrator', 'shop_manager'] as const satisfies CustomerRole[];
export type OwnerRole = (typeof OWNER_ROLES)[number];

/** Owners run the shop: the back office and every owner-only route. */
export function isOwnerRole(role: string): role is OwnerRole {
  return (OWNER_ROLES as readonly string[]).includes(role);
}

/** Spec §3: the meta entry whose value lists the customer's subscriptions. */
export const SUBSCRIPTIONS_META_KEY = '_wcs_subscription_ids_cache';

/** The customer record (reference §5). Never carries a password or its hash. */
export const CustomerSchema = z.object({
  id: z.number().int(),
  date_created: z.string(),
  date_created_gmt: z.string(),
  date_modified: z.string(),
  date_modified_gmt: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: CustomerRoleSchema,
  username: z.string(),
  billing: OrderBillingSchema,
  shipping: OrderShippingSchema,
  is_paying_customer: z.boolean(),
  avatar_url: z.string(),
  meta_data: z.array(MetaDataSchema),
  /** Ours: payment terms and credit, for a wholesale account (owner and the customer only). */
  wholesale: CustomerWholesaleTermsSchema.nullable().optional(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/**
 * Length is what makes a password strong (NIST SP 800-63B): at least 10 characters, no composition
 * rules. The server also refuses passwords that are common or contain the email's name part.
 */
export const PasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(10, 'Use at least 10 characters.')
  .max(200, 'Keep the password under 200 characters.');

const personName = (label: string) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(100, `Keep ${label} under 100 characters.`);

/** `POST /wp-json/wc/v3/customers`: sign-up. Role and everything read-only are the server's. */
export const CustomerCreateSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  first_name: personName('your first name'),
  last_name: personName('your last name'),
});
export type CustomerCreate = z.input<typeof CustomerCreateSchema>;

/**
 * `POST /wp-json/wc/v3/customers/{id}`: the customer's own details. Role, username, password and
 * anything else are not accepted here; first and last name follow the billing names when sent.
 * A new `email` needs `current_password` and is not applied at once: a link is emailed to it, and
 * the address changes when that link is opened (`POST /confirm-email`).
 */
export const CustomerUpdateSchema = z.object({
  email: EmailSchema.optional(),
  current_password: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(200)
    .optional(),
  first_name: personName('your first name').optional(),
  last_name: personName('your last name').optional(),
  billing: CheckoutBillingAddressSchema.optional(),
  shipping: CheckoutShippingAddressSchema.optional(),
});
export type CustomerUpdate = z.input<typeof CustomerUpdateSchema>;

/** `POST /wp-json/jwt-auth/v1/token` (spec §4): email or username, password, remember me. */
export const LoginRequestSchema = z.object({
  username: z
    .string({ error: 'Enter your email or username.' })
    .trim()
    .min(1, 'Enter your email or username.')
    .max(254),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200),
  /** With it the session cookie outlives the browser; without it, it ends with the browser session. */
  remember: z.boolean().default(false),
  /** The authenticator app's code, for an account with two-factor sign-in on. */
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')
    .optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** A 401 with this code asks for `otp`: the password was right, the account wants its code. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

export const TwoFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type TwoFactorCode = z.input<typeof TwoFactorCodeSchema>;

/** `GET /two-factor`: whether the signed-in owner's sign-in asks for a code. */
export const TwoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/**
 * `POST /two-factor/setup`: a new secret for the authenticator app, as text, an otpauth:// link
 * and a QR code (SVG markup). Two-factor sign-in starts once `POST /two-factor/enable` confirms it.
 */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/**
 * The token route's answer, as the "JWT Auth" plugin gives it. A failed sign-in is the error shape
 * with `success: false` added, so both the spec's reading and our error handling work.
 */
export const LoginResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string(), id: z.number().int() }),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** A refused sign-in: the usual error shape plus `success: false`, as the spec reads it. */
export const LoginFailureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  data: z.object({ status: z.number().int() }),
});

/** `POST /wp-json/wc/v3/forgot-password`: always the same answer, whether or not the address exists. */
export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });

/** `POST /wp-json/wc/v3/change-password`: the emailed reset link's key and user id, and the new password. */
export const ResetPasswordRequestSchema = z.object({
  password: PasswordSchema,
  key: z.string({ error: 'This reset link is incomplete.' }).min(1).max(128),
  // No upper bound: the service answers any unknown id, however large, like a wrong key.
  userId: z.coerce.number({ error: 'This reset link is incomplete.' }).int().positive(),
});

/** `POST /wp-json/wc/v3/confirm-email`: the emailed email-change link's key and user id. */
export const ConfirmEmailRequestSchema = z.object({
  key: z.string({ error: 'This link is incomplete.' }).min(1).max(128),
  // No upper bound: the service answers any unknown id, however large, like a wrong key.
  userId: z.coerce.number({ error: 'This link is incomplete.' }).int().positive(),
});
export type ConfirmEmailRequest = z.input<typeof ConfirmEmailRequestSchema>;

/** The confirmation's answer: the account's address from now on. */
export const ConfirmEmailResultSchema = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailResult = z.infer<typeof ConfirmEmailResultSchema>;

/** `POST /wp-json/wc/v3/password`: the signed-in customer's new password, current one required. */
export const PasswordChangeRequestSchema = z.object({
  current_password: z.string({ error: 'Enter your current password.' }).min(1).max(200),
  password: PasswordSchema,
});

export const MessageResultSchema = z.object({ message: z.string() });

/** The certificate upload: a PDF or image of at most 5 MB, checked by content on the server. */
export const WHOLESALE_CERTIFICATE = {
  maxBytes: 5 * 1024 * 1024,
  types: ['application/pdf', 'image/png', 'image/jpeg'],
} as const;

export const MonthlyVolumeSchema = z.enum(['under-50', '50-200', '200-500', 'over-500'], {
  error: 'Choose your expected monthly volume.',
});

/**
 * `POST /wp-json/wc/v3/wholesale-registration/` as `multipart/form-data`: one text field per key
 * below, the address as bracketed fields (`address[company]`, `address[address_1]`,
 * `address[address_2]`, `address[city]`, `address[state]`, `address[postcode]`,
 * `address[country]`), and the file as `certificate` (see WHOLESALE_CERTIFICATE). Empty fields
 * count as not sent. A visitor applies with a new account's email and password (the account is
 * created with the application; sign in with them afterwards); a signed-in customer leaves the
 * password out and sends their account's email. A 400's `data.params` is keyed by these field
 * names (`address[city]`, `certificate`, ...).
 */
export const WholesaleApplicationSchema = z.object({
  business_name: personName('the business name'),
  contact_name: personName('a contact name'),
  email: EmailSchema,
  password: PasswordSchema.optional(),
  phone: CheckoutBillingAddressSchema.shape.phone,
  address: CheckoutShippingAddressSchema.omit({ first_name: true, last_name: true }),
  tax_id: z
    .string({ error: 'Enter the tax id or resale certificate number.' })
    .trim()
    .min(1, 'Enter the tax id or resale certificate number.')
    .max(50, 'Keep the number under 50 characters.'),
  sales_channels: z
    .string({ error: 'Tell us how you plan to sell.' })
    .trim()
    .min(1, 'Tell us how you plan to sell.')
    .max(2000, 'Keep this under 2000 characters.'),
  monthly_volume: MonthlyVolumeSchema,
});
export type WholesaleApplication = z.input<typeof WholesaleApplicationSchema>;

export const WholesaleApplicationStatusSchema = z.enum(['pending', 'approved', 'rejected']);

/** The answer to a new wholesale application (201). */
export const WholesaleApplicationResultSchema = z.object({
  id: z.number().int(),
  status: WholesaleApplicationStatusSchema,
  message: z.string(),
});
export type WholesaleApplicationResult = z.infer<typeof WholesaleApplicationResultSchema>;

/** Multipart field names of the application's address, in `address[<key>]` form. */
export const wholesaleAddressField = (key: string) => `address[${key}]`;
