import type { WholesaleApplicationRecord } from '@larder/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { TextAreaField } from '../../../components/forms/form-field.tsx';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime, StatusBadge } from '../format.tsx';
import { hrefWith } from '../list-query.ts';
import { formatBytes, VOLUME_LABELS } from './wholesale-labels.ts';

const REJECT_KEY = 'reject';

/**
 * Rejecting in two steps that work without JavaScript: a link opens the reason's form
 * (`?confirm=reject`), which posts to the same address so a missing reason is asked for in place.
 */
function RejectForm({
  application,
  result,
}: {
  application: WholesaleApplicationRecord;
  result: ActionResult | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const asking = new URLSearchParams(location.search).get('confirm') === REJECT_KEY;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) ref.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <Link
        to={hrefWith(location, { confirm: REJECT_KEY })}
        preventScrollReset
        className="button button--secondary"
      >
        Reject…
      </Link>
    );
  }
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby="reject-question"
      className="admin-confirm"
    >
      <p id="reject-question" className="admin-confirm__question">
        Reject {application.business_name}? {application.contact_name} is emailed the reason you
        give.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="reject" />
        <TextAreaField
          id="reject-reason"
          name="reason"
          label="Reason for rejecting"
          maxLength={1000}
          required
          error={result?.fieldErrors?.reason}
        />
        <div className="admin-actions">
          <SubmitButton pending={navigation.state === 'submitting'} pendingLabel="Working…">
            Reject application
          </SubmitButton>
          <Link
            to={hrefWith(location, { confirm: undefined })}
            preventScrollReset
            className="button button--ghost"
          >
            Keep it
          </Link>
        </div>
      </Form>
    </div>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="admin-fields__row">
      <dt>{term}</dt>
      <dd>{children || <span className="admin-muted">Not given</span>}</dd>
    </div>
  );
}

/** One application with every field the applicant sent, the certificate, and the decision. */
export function WholesaleDetailScreen({
  application,
  result,
}: {
  application: WholesaleApplicationRecord;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const { address, certificate } = application;
  return (
    <>
      <p>
        <Link to="/admin/wholesale">← All wholesale applications</Link>
      </p>
      <AdminPageHeader
        title={application.business_name}
        description={
          <>
            Wholesale application <StatusBadge status={application.status} />
          </>
        }
      />
      <ActionNotice result={result} />
      {application.status === 'pending' ? (
        <section aria-labelledby="decision-title" className="admin-card admin-section">
          <h2 id="decision-title" className="admin-card__title">
            Decision
          </h2>
          <div className="admin-actions">
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="approve" />
              <SubmitButton
                pending={
                  navigation.state === 'submitting' &&
                  navigation.formData?.get('intent') === 'approve'
                }
                disabled={navigation.state === 'submitting'}
                pendingLabel="Working…"
              >
                Approve
              </SubmitButton>
            </Form>
            <RejectForm application={application} result={result} />
          </div>
        </section>
      ) : null}
      <section aria-labelledby="application-title" className="admin-card admin-section">
        <h2 id="application-title" className="admin-card__title">
          Application
        </h2>
        <dl className="admin-fields" data-testid="application-fields">
          <Field term="Business name">{application.business_name}</Field>
          <Field term="Contact">{application.contact_name}</Field>
          <Field term="Email">
            <a href={`mailto:${application.email}`}>{application.email}</a>
          </Field>
          <Field term="Phone">{application.phone}</Field>
          <Field term="Address">
            {[
              address.company,
              address.address_1,
              address.address_2,
              [address.city, address.state, address.postcode].filter(Boolean).join(', '),
              address.country,
            ]
              .filter(Boolean)
              .map((line) => (
                <span key={line} className="admin-fields__line">
                  {line}
                </span>
              ))}
          </Field>
          <Field term="Tax ID">{application.tax_id}</Field>
          <Field term="Sales channels">{application.sales_channels}</Field>
          <Field term="Monthly volume">{VOLUME_LABELS[application.monthly_volume]}</Field>
          <Field term="Resale certificate">
            {/* The API serves the file to the owner's session cookie; the browser downloads it. */}
            <a href={certificate.href} download={certificate.filename}>
              Download {certificate.filename}
            </a>{' '}
            <span className="admin-muted">({formatBytes(certificate.bytes)})</span>
          </Field>
          <Field term="Customer account">
            {/* Where the owner goes next: an approved account's payment terms are set there. */}
            <Link to={`/admin/customers/${application.customer_id}`}>
              Customer #{application.customer_id}
            </Link>
          </Field>
          <Field term="Received">{formatDateTime(application.date_created_gmt)}</Field>
          {application.date_decided_gmt ? (
            <Field term="Decided">{formatDateTime(application.date_decided_gmt)}</Field>
          ) : null}
          {application.rejection_reason ? (
            <Field term="Reason for rejecting">{application.rejection_reason}</Field>
          ) : null}
        </dl>
      </section>
    </>
  );
}
