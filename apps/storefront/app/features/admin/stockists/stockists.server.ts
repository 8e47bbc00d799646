import { StockistListingDecisionSchema, type StockistListing } from '@larder/contract';
import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';
import { LISTING_TABS } from './stockist-labels.ts';

const PAGE_SIZE = 20;

export async function loadStockistListings(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const wanted = url.searchParams.get('status');
  const status = LISTING_TABS.find((tab) => tab.value === wanted)?.value ?? 'pending';
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  const listings = await api.listStockistListings({ status, page, per_page: PAGE_SIZE });
  return { status, page, ...listings };
}

const named = (listing: StockistListing) => listing.business_name;

/** Approving, declining (with a reason) and taking down listings (`intent` says which). */
export async function stockistListingsAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');
  const id = postedId(formData);
  if (id === null) return refused('Choose a listing.');

  if (intent === 'approve') {
    return runAction(async () => {
      const listing = await api.decideStockistListing(id, { status: 'approved' });
      return `${named(listing)} is on the store locator now, and was emailed.`;
    });
  }
  if (intent === 'decline') {
    const decision = StockistListingDecisionSchema.safeParse({
      status: 'declined',
      reason: postedText(formData, 'reason'),
    });
    if (!decision.success) {
      return refused('Give the buyer a reason.', {
        [`reason-${id}`]: decision.error.issues[0]?.message ?? 'Enter the reason.',
      });
    }
    return runAction(async () => {
      const listing = await api.decideStockistListing(id, decision.data);
      return `${named(listing)}'s listing was declined; the buyer was emailed the reason.`;
    });
  }
  if (intent === 'remove') {
    return runAction(async () => {
      const listing = await api.removeStockistListing(id);
      return `${named(listing)} was taken off the store locator.`;
    });
  }
  return refused('Choose what to do with the listing.');
}
