import type { Route } from './+types/admin-reviews';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadReviews, moderateReview } from '../features/admin/reviews/reviews.server.ts';
import { ReviewsScreen } from '../features/admin/reviews/reviews-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Reviews', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadReviews(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  moderateReview(request, context.apiFetch);

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewsScreen {...loaderData} result={actionData} />;
}
