import { redirect } from 'react-router';
import { CERTIFICATION_PATH } from '../features/layout/nav-links.ts';
import type { Route } from './+types/mbe-redirect';

/**
 * Spec §2: the certification page's old blog address leads to it, keeping the query string, and
 * leaves no history entry of its own. A loader redirect already does that: the old address is
 * never committed to history, so Back returns to the page the visitor came from. (React Router's
 * `replace()` would go further and overwrite that previous page's entry.)
 */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`${CERTIFICATION_PATH}${search}`);
}
