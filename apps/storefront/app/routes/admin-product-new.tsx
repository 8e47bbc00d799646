import type { Route } from './+types/admin-product-new';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { createProductAction, loadNewProduct } from '../features/admin/products/products.server.ts';
import { NewProductScreen } from '../features/admin/products/product-screens.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('New product', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadNewProduct(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  createProductAction(request, context.apiFetch);

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  return <NewProductScreen {...loaderData} result={actionData} />;
}
