import type { Route } from './+types/admin-catalogue-export';
import { exportCatalogue } from '../features/admin/catalogue/catalogue.server.ts';

/** A resource route: `?format=csv|json` downloads the catalogue file (owners only). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  exportCatalogue(request, context.apiFetch);
