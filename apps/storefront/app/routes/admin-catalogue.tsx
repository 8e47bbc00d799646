import type { Route } from './+types/admin-catalogue';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { importCatalogue } from '../features/admin/catalogue/catalogue.server.ts';
import { CatalogueScreen } from '../features/admin/catalogue/catalogue-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Catalog', shopNameOf(matches));
}

export const action = ({ request, context }: Route.ActionArgs) =>
  importCatalogue(request, context.apiFetch);

export default function AdminCatalogue({ actionData }: Route.ComponentProps) {
  return <CatalogueScreen result={actionData} />;
}
