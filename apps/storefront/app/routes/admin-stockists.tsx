import type { Route } from './+types/admin-stockists';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import {
  loadStockistListings,
  stockistListingsAction,
} from '../features/admin/stockists/stockists.server.ts';
import { StockistsScreen } from '../features/admin/stockists/stockists-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Stockist listings', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadStockistListings(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  stockistListingsAction(request, context.apiFetch);

export default function AdminStockists({ loaderData, actionData }: Route.ComponentProps) {
  return <StockistsScreen {...loaderData} result={actionData} />;
}
