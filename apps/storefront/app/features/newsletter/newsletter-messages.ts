export type NewsletterActionData =
  | { intent: 'newsletter'; ok: true; email: string; created: boolean; message: string }
  | { intent: 'newsletter'; ok: false; email: string; error: string };

export const newsletterMessage = (email: string, created: boolean) =>
  created
    ? `Thanks for joining! ${email} will get our next monthly letter.`
    : `${email} is already on our list, so there is nothing more to do.`;

/** The route whose action takes newsletter sign-ups (see newsletter-form.tsx for why /contact). */
export const NEWSLETTER_ACTION = '/contact';
export const NEWSLETTER_INTENT = 'newsletter';
