import { Link } from 'react-router';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { ApiError, createShopApi } from '../../lib/api/index.ts';
import type { ApiFetch } from '../../load-context.ts';

export type EmailConfirmation =
  | { kind: 'done'; email: string; message: string }
  | { kind: 'link-failed'; message: string }
  | { kind: 'error'; message: string };

/** The emailed link's `key` and `id`; null when either is missing or malformed. */
function confirmLink(url: URL) {
  const key = url.searchParams.get('key') ?? '';
  const id = Number(url.searchParams.get('id'));
  return key && key.length <= 128 && Number.isInteger(id) && id > 0 ? { key, userId: id } : null;
}

/**
 * Opening the link makes the change (decision 0019). The API answers a link opened again alike,
 * so a mail scanner that opened it first does not spoil the customer's own visit.
 */
export async function confirmEmailFromLink(
  apiFetch: ApiFetch,
  url: URL,
): Promise<EmailConfirmation> {
  const link = confirmLink(url);
  if (!link) {
    return {
      kind: 'link-failed',
      message: 'This link is incomplete. Open it from the email again.',
    };
  }
  try {
    const result = await createShopApi(apiFetch).confirmEmail(link);
    return { kind: 'done', email: result.email, message: result.message };
  } catch (error) {
    const linkFailed =
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 429;
    return { kind: linkFailed ? 'link-failed' : 'error', message: formErrorMessage(error) };
  }
}

/** The result of opening an email-change link, with the way on. */
export function EmailConfirmationResult({ outcome }: { outcome: EmailConfirmation }) {
  return (
    <div className="account-form" data-testid={`confirm-email-${outcome.kind}`}>
      <h2 className="account-card__title">
        {outcome.kind === 'done'
          ? 'Your email address has changed'
          : 'Your email address has not changed'}
      </h2>
      <div
        role={outcome.kind === 'done' ? 'status' : 'alert'}
        className={`form-banner form-banner--${outcome.kind === 'done' ? 'success' : 'error'}`}
      >
        <p>{outcome.message}</p>
      </div>
      <p>
        {outcome.kind === 'done' ? (
          <Link to="/my-account/account-details" className="button button--primary">
            Go to your account
          </Link>
        ) : (
          <Link to="/my-account/account-details" className="button button--primary">
            Change your email again
          </Link>
        )}
      </p>
    </div>
  );
}
