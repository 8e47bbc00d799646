import { replace } from 'react-router';
import type { Route } from './+types/mbe-redirect';

/** Spec §2: the old blog address of the certification page; keeps the query string and replaces the history entry. */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return replace(`/minority-business-enterprise-certification${search}`);
}
