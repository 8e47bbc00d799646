// The runtime said here too: tsx run from the repository root reads no apps/api tsconfig.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import { EmailDocument } from './email-layout.tsx';
import { emailText, type Email, type EmailBrand } from './email.ts';

/** The doctype mail apps expect, which React does not write (@react-email/render added it too). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Both parts of an e-mail from one description, so the HTML and the text say the same. Rendered in
 * one synchronous pass: @react-email/render, used before, streamed through web streams and left
 * React's markers in, at twice the CPU for the same markup (decision 0052); nothing suspends here.
 */
export async function renderEmail(
  email: Email,
  brand: EmailBrand,
): Promise<{ html: string; text: string }> {
  return {
    html: DOCTYPE + renderToStaticMarkup(<EmailDocument email={email} brand={brand} />),
    text: emailText(email, brand),
  };
}
