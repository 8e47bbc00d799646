import { NewsletterSignupSchema } from '@larder/contract';
import { maxLengthOf } from '../../lib/schema-limits.ts';
import type { ShopApi } from '../../lib/api/index.ts';
import { ApiError } from '../../lib/api/index.ts';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { newsletterMessage, type NewsletterActionData } from './newsletter-messages.ts';

const EMAIL_MAX = maxLengthOf(NewsletterSignupSchema.shape.email);

/** `POST /wp-json/wp/v2/newsletter` from a form post (the footer's sign-up, with or without JavaScript). */
export async function handleNewsletterSignup(
  api: ShopApi,
  formData: FormData,
): Promise<NewsletterActionData> {
  const raw = formData.get('email');
  const typed = typeof raw === 'string' ? raw : '';
  const parsed = NewsletterSignupSchema.safeParse({ email: typed });
  // Handed back to re-fill the field: never longer than an address may be.
  const email = typed.slice(0, EMAIL_MAX);
  if (!parsed.success) {
    return {
      intent: 'newsletter',
      ok: false,
      email,
      error: parsed.error.issues[0]?.message ?? 'Enter a valid email address.',
    };
  }
  try {
    const result = await api.subscribeToNewsletter(parsed.data.email);
    return {
      intent: 'newsletter',
      ok: true,
      email: result.email,
      created: result.created,
      message: newsletterMessage(result.email, result.created),
    };
  } catch (error) {
    const fieldMessage = error instanceof ApiError ? error.params.email : undefined;
    return {
      intent: 'newsletter',
      ok: false,
      email,
      error: fieldMessage ?? formErrorMessage(error),
    };
  }
}
