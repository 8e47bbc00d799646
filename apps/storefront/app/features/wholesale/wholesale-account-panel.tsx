import {
  LINE_SHEET_PAGE,
  QUICK_ORDER_PAGE,
  type StockistListing,
  type WholesaleAccount,
} from '@larder/contract';
import { useEffect, useId, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { TextAreaField, TextField } from '../../components/forms/form-field.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { SubmitButton } from '../../components/forms/submit-button.tsx';
import { formatDate } from '../content/content-data.ts';

/** What the listing form's post answered (see wholesale-account.server.ts). */
export interface ListingFormState {
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
}

const LISTING_STATUS: Record<StockistListing['status'], string> = {
  pending: 'Waiting for review',
  approved: 'Listed on Where to Buy',
  declined: 'Not listed',
  removed: 'Taken off the map',
};

/** The listing request form: a US business address, placed on the map by its ZIP code. */
function ListingForm({ result }: { result: ListingFormState | undefined }) {
  const id = useId();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.has('business_name');
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) bannerRef.current?.focus();
  }, [result]);
  const errors = result?.ok ? {} : (result?.fieldErrors ?? {});
  const values = result?.ok ? {} : (result?.values ?? {});
  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    defaultValue: values[name] ?? '',
    error: errors[name],
  });
  return (
    <Form method="post" className="wholesale-listing-form" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="wholesale-panel__subtitle">
        Ask to be listed
      </h4>
      <FormBanner
        ref={bannerRef}
        banner={result && !result.ok ? { tone: 'error', message: result.message } : null}
        testId="listing-form-banner"
      />
      <TextField label="Business name" autoComplete="organization" {...field('business_name')} />
      <TextField label="Street address" autoComplete="address-line1" {...field('address')} />
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField
        label="State"
        autoComplete="address-level1"
        hint="Two letters, e.g. NC."
        maxLength={2}
        {...field('state')}
      />
      <TextField
        label="ZIP code"
        autoComplete="postal-code"
        inputMode="numeric"
        hint="Places your shop on the map."
        {...field('postcode')}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" required={false} {...field('phone')} />
      <TextField
        label="Website"
        type="url"
        autoComplete="url"
        required={false}
        hint="The full address, e.g. https://example.com."
        {...field('website')}
      />
      <TextAreaField
        label="Note for shoppers"
        required={false}
        hint="What of ours you stock, opening hours: shown with your listing."
        maxLength={500}
        {...field('note')}
      />
      <SubmitButton pending={Boolean(pending)} pendingLabel="Sending…">
        Ask to be listed
      </SubmitButton>
    </Form>
  );
}

function Listings({ listings }: { listings: StockistListing[] }) {
  if (listings.length === 0) return null;
  return (
    <ul className="wholesale-panel__listings" data-testid="own-listings">
      {listings.map((listing) => (
        <li key={listing.id} data-status={listing.status}>
          <strong>{listing.business_name}</strong>, {listing.address}, {listing.city},{' '}
          {listing.state} {listing.postcode}
          <span className="wholesale-panel__listing-status">
            {' '}
            · {LISTING_STATUS[listing.status]}
          </span>
          {listing.status === 'approved' ? (
            <>
              {' '}
              <Link to="/where-to-buy" className="text-link">
                See it on Where to Buy
              </Link>
            </>
          ) : null}
          {listing.status === 'declined' && listing.decline_reason ? (
            <blockquote className="wholesale-panel__reason">{listing.decline_reason}</blockquote>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * My Account's wholesale section (issue 15): an applicant's status, the owner's reason for a
 * rejection, and for an approved buyer the line sheet and the store locator listing.
 */
export function WholesaleAccountPanel({
  account,
  listings,
  listingResult,
}: {
  account: WholesaleAccount;
  listings: StockistListing[];
  listingResult: ListingFormState | undefined;
}) {
  const { status, application } = account;
  if (status === 'none' && !account.line_sheet) return null;
  const sent = application ? formatDate(application.date_created_gmt) : '';
  const open = listings.some(
    (listing) => listing.status === 'pending' || listing.status === 'approved',
  );
  return (
    <section className="section wholesale-panel" aria-labelledby="wholesale-panel-title">
      <div className="container container--narrow">
        <div className="wholesale-panel__card" data-testid="wholesale-status" data-status={status}>
          <h3 id="wholesale-panel-title" className="wholesale-panel__title">
            {status === 'pending'
              ? 'Your wholesale application is under review'
              : status === 'rejected'
                ? 'Your wholesale application was not approved'
                : status === 'approved'
                  ? 'You are a wholesale partner'
                  : 'Wholesale'}
          </h3>
          {status === 'pending' && application ? (
            <p>
              We received the application for <strong>{application.business_name}</strong> on{' '}
              <time dateTime={application.date_created_gmt}>{sent}</time>. We review every
              application by hand and will email you within a few working days.
            </p>
          ) : null}
          {status === 'rejected' && application ? (
            <>
              <p>
                We could not approve the application for{' '}
                <strong>{application.business_name}</strong>, sent on{' '}
                <time dateTime={application.date_created_gmt}>{sent}</time>. Our reason:
              </p>
              {application.rejection_reason ? (
                <blockquote className="wholesale-panel__reason" data-testid="rejection-reason">
                  {application.rejection_reason}
                </blockquote>
              ) : null}
              <p>
                If something has changed, <Link to="/wholesale">apply again</Link> or reply to our
                email.
              </p>
            </>
          ) : null}
          {status === 'approved' ? (
            <>
              <p>
                Your wholesale prices are shown on every product, in your cart and at checkout: shop
                as usual and check out.
              </p>
              <p className="wholesale-panel__actions">
                <ButtonLink to={QUICK_ORDER_PAGE} data-testid="quick-order-link">
                  Quick order
                </ButtonLink>
                <span className="wholesale-panel__hint">
                  Every product and size in one table, or upload a spreadsheet of SKUs.
                </span>
              </p>
            </>
          ) : null}
          {account.line_sheet ? (
            <p className="wholesale-panel__actions">
              {/* A file, not a page: the browser opens the PDF itself. */}
              <ButtonLink to={LINE_SHEET_PAGE} reloadDocument data-testid="line-sheet-link">
                Download the line sheet (PDF)
              </ButtonLink>
              <span className="wholesale-panel__hint">
                Every product and size with wholesale and suggested retail prices.
              </span>
            </p>
          ) : null}
        </div>

        {status === 'approved' ? (
          <div className="wholesale-panel__card" data-testid="stockist-listing">
            <h3 className="wholesale-panel__title">Where to Buy listing</h3>
            <p>
              Stock our granola in your shop? Ask us to list you on our{' '}
              <Link to="/where-to-buy">Where to Buy</Link> page, so shoppers nearby can find you.
            </p>
            {listingResult?.ok ? (
              <FormBanner
                banner={{ tone: 'success', message: listingResult.message }}
                testId="listing-sent"
              />
            ) : null}
            <Listings listings={listings} />
            {open ? null : <ListingForm result={listingResult} />}
          </div>
        ) : null}
      </div>
    </section>
  );
}
