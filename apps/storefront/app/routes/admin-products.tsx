import type { Route } from './+types/admin-products';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadProducts } from '../features/admin/products/products.server.ts';
import { ProductsScreen } from '../features/admin/products/products-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Products', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadProducts(request, context.apiFetch);

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsScreen {...loaderData} />;
}
