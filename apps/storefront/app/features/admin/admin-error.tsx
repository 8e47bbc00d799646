import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SiteLogo } from '../../components/layout/site-logo.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import './admin.css';

/**
 * The back office's error page: 403 for a signed-in account that does not run the shop, 404 for an
 * unknown record, an apology otherwise. Drawn without the owner's frame, which needs the owner.
 */
export function AdminErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && import.meta.env.DEV) console.error(error);
  const { title, text } =
    status === 403
      ? {
          title: 'This area is for the shop’s owners',
          text: 'Your account can shop and see its orders, but not the back office.',
        }
      : status === 404
        ? { title: 'Not found', text: 'That record does not exist, or it was removed.' }
        : { title: 'Something went wrong', text: 'The back office could not load this page.' };
  return (
    <div className="admin admin--error">
      <main id="admin-main" className="admin-refusal" data-testid={`admin-error-${status}`}>
        <SiteLogo tone="dark" />
        <h1 className="admin-refusal__title">{title}</h1>
        <p>{text}</p>
        <p className="admin-refusal__actions">
          <ButtonLink to="/" reloadDocument>
            Back to the shop
          </ButtonLink>
          {status === 403 ? null : (
            <ButtonLink to="/admin" variant="secondary">
              Back office home
            </ButtonLink>
          )}
        </p>
      </main>
    </div>
  );
}
