import {
  IdParamsSchema,
  WholesaleApplicationDecisionSchema,
  WholesaleSettingsUpdateSchema,
} from '@larder/contract';
import { centsOf, formatMoney } from '@larder/contract/money';
import { data } from 'react-router';
import { ApiError } from '../../../lib/api/index.ts';
import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedText, refused, runAction } from '../run-action.server.ts';
import { APPLICATION_TABS } from './wholesale-labels.ts';

const PAGE_SIZE = 20;

export async function loadApplications(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const wanted = url.searchParams.get('status');
  const status = APPLICATION_TABS.find((tab) => tab.value === wanted)?.value ?? 'pending';
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  const [applications, minimums] = await Promise.all([
    api.listWholesaleApplications({ status, page, per_page: PAGE_SIZE }),
    api.getWholesaleSettings(),
  ]);
  return { status, page, minimums, ...applications };
}

/** "$150.00", or "no minimum" for 0. */
const minimumText = (amount: string) =>
  centsOf(amount) === 0 ? 'no minimum' : formatMoney(amount);

/** The wholesale screen's form: the opening and reorder minimums (`intent=save-minimums`). */
export async function wholesaleAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  if (postedText(formData, 'intent') !== 'save-minimums') return refused('Choose what to change.');
  // The API takes the amounts as typed ("150", "150.00"); the contract's schema checks them first.
  const update = {
    opening_order_minimum: postedText(formData, 'opening_order_minimum').trim(),
    reorder_minimum: postedText(formData, 'reorder_minimum').trim(),
  };
  const checked = WholesaleSettingsUpdateSchema.safeParse(update);
  if (!checked.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of checked.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return refused('The minimums were not saved: check the highlighted fields.', fieldErrors);
  }
  return runAction(async () => {
    const saved = await api.updateWholesaleSettings(update);
    return `The order minimums were saved: ${minimumText(saved.opening_order_minimum)} for a first order, ${minimumText(saved.reorder_minimum)} for a reorder.`;
  });
}

/** The application's id from the path, or the back office's 404 page. */
function applicationId(params: { id?: string }): number {
  const parsed = IdParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data.id;
}

export async function loadApplication(
  request: Request,
  apiFetch: ApiFetch,
  params: { id?: string },
) {
  const api = await ownerApi(request, apiFetch);
  const id = applicationId(params);
  try {
    return { application: await api.getWholesaleApplication(id) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Approve (`intent=approve`) or reject with a reason (`intent=reject`, `reason`) one application. */
export async function decideApplication(
  request: Request,
  apiFetch: ApiFetch,
  params: { id?: string },
) {
  const api = await ownerApi(request, apiFetch);
  const id = applicationId(params);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');
  const decision = WholesaleApplicationDecisionSchema.safeParse(
    intent === 'approve'
      ? { status: 'approved' }
      : intent === 'reject'
        ? { status: 'rejected', reason: postedText(formData, 'reason') }
        : {},
  );
  if (!decision.success) {
    const reason = decision.error.issues.find((issue) => issue.path[0] === 'reason');
    return reason
      ? refused('Say why the application is rejected: the applicant is sent the reason.', {
          reason: reason.message,
        })
      : refused('Choose to approve or reject the application.');
  }
  return runAction(async () => {
    const application = await api.decideWholesaleApplication(id, decision.data);
    return application.status === 'approved'
      ? `${application.business_name} was approved: ${application.contact_name} now buys at wholesale prices.`
      : `${application.business_name} was rejected; the applicant was sent your reason.`;
  });
}
