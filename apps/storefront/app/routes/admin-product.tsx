import type { Route } from './+types/admin-product';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadProduct, productAction } from '../features/admin/products/products.server.ts';
import { ProductScreen } from '../features/admin/products/product-screens.tsx';

export const headers = adminHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? loaderData.product.name : 'Product', shopNameOf(matches));
}

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  loadProduct(request, params, context.apiFetch);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  productAction(request, params, context.apiFetch);

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductScreen {...loaderData} result={actionData} />;
}
