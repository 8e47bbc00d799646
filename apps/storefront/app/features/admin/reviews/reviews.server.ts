import { ReviewStatusSchema, type ReviewModeration } from '@larder/contract';
import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, refused, runAction } from '../run-action.server.ts';
import { REVIEW_TABS } from './review-labels.ts';

const PAGE_SIZE = 20;

export async function loadReviews(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const wanted = url.searchParams.get('status');
  const status = REVIEW_TABS.find((tab) => tab.value === wanted)?.value ?? 'hold';
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  const reviews = await api.listReviews({
    status,
    page,
    per_page: PAGE_SIZE,
    orderby: 'date',
    order: 'desc',
  });
  return { status, page, ...reviews };
}

const DONE: Record<ReviewModeration['status'], string> = {
  approved: 'approved and shown on its product page',
  hold: 'held for moderation',
  spam: 'marked as spam',
  trash: 'moved to the trash',
};

/** Approve, hold, spam or trash one review (`intent=moderate`, `id`, `status`). */
export async function moderateReview(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const id = postedId(formData);
  const status = ReviewStatusSchema.safeParse(formData.get('status'));
  if (id === null || !status.success) return refused('Choose a review and what to do with it.');
  return runAction(async () => {
    const review = await api.moderateReview(id, { status: status.data });
    return `The review by ${review.reviewer} was ${DONE[status.data]}.`;
  });
}
