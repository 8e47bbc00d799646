import { StockistListingRequestSchema, type StockistListingRequest } from '@larder/contract';
import { data } from 'react-router';
import { ApiError } from '../../lib/api/index.ts';
import { createWholesaleAccountApi } from '../../lib/api/wholesale-account-api.ts';
import type { ApiFetch } from '../../load-context.ts';
import { requireCustomer } from './require-customer.server.ts';

/** The fields of the listing form, by name. */
export const LISTING_FIELDS = [
  'business_name',
  'address',
  'city',
  'state',
  'postcode',
  'phone',
  'website',
  'note',
] as const;

export interface ListingFormResult {
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  /** What was sent, to fill the form again after a refusal. */
  values?: Partial<Record<string, string>>;
}

/** My Account's wholesale panel: the status, and for an approved buyer their listing requests. */
export async function loadWholesaleAccount(apiFetch: ApiFetch) {
  const api = createWholesaleAccountApi(apiFetch);
  const account = await api.accountStatus();
  const listings = account.status === 'approved' ? await api.ownListings() : [];
  return { account, listings };
}

/** The listing request posted from My Account: checked by the contract, then sent to the API. */
export async function requestListingAction(request: Request, apiFetch: ApiFetch) {
  await requireCustomer(request, apiFetch);
  const formData = await request.formData();
  const values = Object.fromEntries(
    LISTING_FIELDS.map((name) => {
      const value = formData.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as Record<(typeof LISTING_FIELDS)[number], string>;
  const checked = StockistListingRequestSchema.safeParse(values);
  if (!checked.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of checked.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return data<ListingFormResult>(
      { ok: false, message: 'Please check the highlighted fields.', fieldErrors, values },
      { status: 400 },
    );
  }
  try {
    await createWholesaleAccountApi(apiFetch).requestListing(values as StockistListingRequest);
    return data<ListingFormResult>({
      ok: true,
      message: 'Thank you! We will review your listing and email you once it is on the map.',
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data<ListingFormResult>(
      { ok: false, message: error.message, fieldErrors: error.params, values },
      { status: error.status },
    );
  }
}
