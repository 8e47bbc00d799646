// The runtime said here too: tsx run from the repository root reads no apps/api tsconfig.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { render } from '@react-email/render';
import { EmailDocument } from './email-layout.tsx';
import { emailText, type Email, type EmailBrand } from './email.ts';

/** Both parts of an e-mail from one description, so the HTML and the text say the same. */
export async function renderEmail(
  email: Email,
  brand: EmailBrand,
): Promise<{ html: string; text: string }> {
  return {
    html: await render(<EmailDocument email={email} brand={brand} />),
    text: emailText(email, brand),
  };
}
