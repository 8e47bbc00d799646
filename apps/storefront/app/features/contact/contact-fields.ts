export const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  message: '',
};

export const contactSuccessMessage = (firstName: string) =>
  `Thank you, ${firstName}. Your message has been sent, and we will reply within one business day.`;

/** What the contact action answers: success, or the typed values with their messages. */
export type ContactActionData =
  | { intent: 'contact'; ok: true; message: string }
  | {
      intent: 'contact';
      ok: false;
      values: ContactValues;
      fieldErrors: Partial<Record<ContactField, string>>;
      /** A banner for what no single field explains: rate limit, server or network trouble. */
      formError: string | null;
    };
