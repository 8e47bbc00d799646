import { z } from 'zod';

/** Spec §5: an email of at most 254 characters whose local part is at most 64. */
export const EmailSchema = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .refine((email) => email.split('@')[0]!.length <= 64, 'The part before the @ is too long.');

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

/** The contact form as the visitor fills it in (spec §3). */
export const ContactFormSchema = z.object({
  first_name: requiredText('your first name', 100),
  last_name: requiredText('your last name', 100),
  email: EmailSchema,
  phone: z
    .string({ error: 'Enter the phone number as text.' })
    .trim()
    .max(30, 'Keep the phone number under 30 characters.')
    .regex(/^[0-9+().\-\s]*$/, 'Use digits, spaces and + ( ) - only.'),
  message: requiredText('a message', 5000),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** Contact form id on the wire (spec §9). */
export const CONTACT_FORM_ID = 1;

/**
 * `POST /wp-json/wp/v2/form-submit` (spec §7): form id 1 and numbered fields 1 to 5 — first name,
 * last name, email, phone, message. `website` is a honeypot that people never see or fill in.
 */
export const ContactSubmissionSchema = z.object({
  form_id: z.literal(CONTACT_FORM_ID, {
    error: `Unknown form: form_id ${CONTACT_FORM_ID} (the contact form) is the only form here.`,
  }),
  '1': ContactFormSchema.shape.first_name,
  '2': ContactFormSchema.shape.last_name,
  '3': ContactFormSchema.shape.email,
  '4': ContactFormSchema.shape.phone.optional().default(''),
  '5': ContactFormSchema.shape.message,
  website: z
    .string({ error: 'Leave this field empty.' })
    .max(200, 'Leave this field empty.')
    .optional(),
});
export type ContactSubmission = z.input<typeof ContactSubmissionSchema>;

export const toContactSubmission = (form: ContactForm, honeypot = ''): ContactSubmission => ({
  form_id: CONTACT_FORM_ID,
  '1': form.first_name,
  '2': form.last_name,
  '3': form.email,
  '4': form.phone,
  '5': form.message,
  website: honeypot,
});

export const FormResultSchema = z.object({ id: z.number().int(), message: z.string() });
export type FormResult = z.infer<typeof FormResultSchema>;

/** `POST /wp-json/wp/v2/newsletter` */
export const NewsletterSignupSchema = z.object({ email: EmailSchema });
export type NewsletterSignup = z.infer<typeof NewsletterSignupSchema>;

export const NewsletterResultSchema = z.object({
  email: z.string(),
  /** `false` when the address was already on the list: nothing changes, the visitor is told so. */
  created: z.boolean(),
  message: z.string(),
});
export type NewsletterResult = z.infer<typeof NewsletterResultSchema>;

/**
 * "Email me when it's back" (issue 14). Not in `apiPaths`: that object ships in every shop page's
 * JavaScript, and only the product route's server action calls these.
 */
export const stockNotificationPaths = {
  /** `POST` `{email}` for a sold-out product; `variation_id` for a sold-out variation of it. */
  subscribe: (productId: number) => `/wp-json/wc/v3/products/${productId}/stock-notifications`,
  /** `DELETE ?key=`: the link in the confirmation email. */
  cancel: (id: number) => `/wp-json/wc/v3/stock-notifications/${id}`,
};

export const StockNotificationRequestSchema = z.object({
  email: EmailSchema,
  /** The sold-out variation the shopper chose; 0 or left out for the product itself. */
  variation_id: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type StockNotificationRequest = z.infer<typeof StockNotificationRequestSchema>;

/** The same answer whether or not the address was already waiting, so nobody can probe the list. */
export const StockNotificationResultSchema = z.object({ message: z.string() });
export type StockNotificationResult = z.infer<typeof StockNotificationResultSchema>;

export const StockNotificationCancelQuerySchema = z.object({
  key: z.string().trim().min(1, 'The link is missing its key.').max(200),
});
